import {
  DynamoDBClient,
  GetItemCommand,
  InternalServerError,
  PutItemCommand,
  ThrottlingException,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { awsServices } from '../../shared/runtime/awsServices.js';
import { KEY_PREFIX } from '../../shared/stores/aws/table.js';
import { DynamoTtlCache } from '../../shared/stores/aws/dynamoTtlCache.js';
import { resilientTtlCache } from '../../shared/stores/resilientTtlCache.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';

// Failures a real dynalite or s3rver cannot produce on demand (throttling, a 5xx), mocked at the
// SDK client; everything above the client is the real stack.
const local = { region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } };
const dynamo = new DynamoDBClient(local);
const s3 = new S3Client(local);
const dynamoMock = mockClient(dynamo);
const s3Mock = mockClient(s3);

const throttled = () => new ThrottlingException({ message: 'Rate of requests exceeds the allowed throughput.', $metadata: { httpStatusCode: 400 } });
const serverError = () => new InternalServerError({ message: 'Internal server error', $metadata: { httpStatusCode: 500 } });
const s3Error = (name: string, status: number) => new S3ServiceException({ name, $fault: 'server', message: name, $metadata: { httpStatusCode: status } });

const server = useServer(() =>
  awsServices({ env: { TABLE_NAME: 'govex-table', BUCKET_NAME: 'govex-bucket' }, config: testServices({ quota: 30 }).config, dynamo, s3 }),
);
const scan = `/api/scan/${demoWallet('evm').address}`;

let logged: string[] = [];
beforeEach(() => {
  dynamoMock.reset();
  s3Mock.reset();
  logged = [];
  const capture = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
  vi.spyOn(console, 'warn').mockImplementation(capture);
  vi.spyOn(console, 'error').mockImplementation(capture);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('when DynamoDB fails', () => {
  it('lets a request through when the counter update is throttled, and logs it', async () => {
    dynamoMock.on(GetItemCommand).resolves({}).on(PutItemCommand).resolves({}).on(UpdateItemCommand).rejects(throttled());
    const response = await server.get(scan);
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit')).toBeNull();
    expect(logged.some((line) => line.includes('rate limiter unavailable'))).toBe(true);
  });

  it('answers a scan from upstream when every DynamoDB call fails with a 5xx', async () => {
    dynamoMock.onAnyCommand().rejects(serverError());
    // A wallet no earlier test scanned: the process keeps a finished scan in memory for its minute,
    // and only a miss there reaches the DynamoDB scan cache.
    const fresh = demoWallet('solana').address;
    const response = await server.get(`/api/scan/${fresh}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { address: string }).address).toBe(fresh);
    expect(logged.some((line) => line.includes('scan cache get failed'))).toBe(true);
    expect(logged.some((line) => line.includes('scan cache set failed'))).toBe(true);
  });

  it('makes a throttled cache read a miss and a throttled cache write a logged no-op', async () => {
    dynamoMock.onAnyCommand().rejects(throttled());
    const cache = resilientTtlCache(new DynamoTtlCache<number>(dynamo, 'govex-table', KEY_PREFIX.ensCache), 'ens');
    await expect(cache.set('vitalik.eth', 1, Date.now() + 60_000)).resolves.toBeUndefined();
    await expect(cache.get('vitalik.eth', Date.now())).resolves.toBeUndefined();
    expect(logged.filter((line) => line.includes('ens cache'))).toHaveLength(2);
  });
});

describe('when S3 fails', () => {
  beforeEach(() => {
    dynamoMock.on(GetItemCommand).resolves({}).on(PutItemCommand).resolves({}).on(UpdateItemCommand).resolves({ Attributes: { n: { N: '1' } } });
  });

  it.each([
    ['throttled (503 SlowDown)', () => s3Error('SlowDown', 503)],
    ['failing (500 InternalError)', () => s3Error('InternalError', 500)],
  ])('answers the feed with 502 upstream_unavailable when S3 is %s', async (_name, error) => {
    s3Mock.on(GetObjectCommand).rejects(error());
    const response = await server.get('/api/proposals');
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'upstream_unavailable' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(logged.some((line) => line.includes('feed store read failed'))).toBe(true);
  });

  it('does not turn a proposal it cannot read into a 404', async () => {
    s3Mock.on(GetObjectCommand).rejects(s3Error('InternalError', 500));
    expect((await server.get('/api/proposals/aave-gov3-1')).status).toBe(502);
  });

  it('still scans a demo wallet, which never reads the feed', async () => {
    s3Mock.onAnyCommand().rejects(s3Error('InternalError', 500));
    expect((await server.get(scan)).status).toBe(200);
  });
});
