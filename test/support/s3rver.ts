import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  client: S3Client;
  bucket: string;
  close(): Promise<void>;
}

/** s3rver in this process on a free port, over a temporary directory, with one empty bucket. */
export async function startS3rver(bucket = 'govex-feed-test'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'govex-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    // s3rver keeps no flexible checksums (toolchain.md §4).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // s3rver writes an object in place, so a read racing a write can get fewer bytes than its
    // Content-Length and stall until the keep-alive timeout; a socket idle for half a second fails.
    requestHandler: { socketTimeout: 500 },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    client,
    bucket,
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
