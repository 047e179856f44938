import { S3Client } from '@aws-sdk/client-s3';
import type { ClientConnection } from './clientConnection.js';

export type { S3Client };

/** The feed bucket's client. */
export function s3ClientFor(connection: ClientConnection): S3Client {
  return new S3Client({
    ...connection,
    // s3rver serves buckets by path, not by virtual host, and does not store flexible checksums.
    ...(connection.endpoint && { forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }),
    maxAttempts: 2,
    // Every feed answer reads (or revalidates) the object, so a hung S3 must cost seconds, not the
    // Lambda's timeout. socketTimeout is idleness, so it also bounds a body that stops arriving
    // without cutting a large one that keeps flowing.
    requestHandler: { connectionTimeout: 1000, requestTimeout: 1000, throwOnRequestTimeout: true, socketTimeout: 1000 },
  });
}
