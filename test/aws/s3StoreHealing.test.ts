import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LocalServer, startServer } from '../../local/server.js';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import type { ModuleEntry } from '../../shared/modules/types.js';
import { awsServices } from '../../shared/runtime/awsServices.js';
import { S3FeedStore } from '../../shared/stores/aws/s3FeedStore.js';
import type { FeedStore } from '../../shared/stores/types.js';
import { feedProposal } from '../support/feed.js';
import { type LocalS3, startS3rver } from '../support/s3rver.js';
import { testServices } from '../support/services.js';

/*
 * The S3 feed store heals (issue 19, item 2), on s3rver: a feed object that does not parse is set
 * aside under a dated key and the build goes on (from the last good copy, keeping firstSeen, or from
 * empty); with S3 down, a container answers `/`, `/feed.atom` and the feed from the last good copy
 * it holds in memory, and one that holds none answers 502 upstream_unavailable, never a 500. Each
 * new S3FeedStore is a new Lambda container: it holds nothing in memory.
 */
const NO_UPSTREAMS = testServices().upstreams;
const FIRST_BUILD = '2026-11-20T10:00:00.000Z';
const REPAIR_AT = '2026-11-22T10:00:00.000Z';
const UNDATED = { ...feedProposal({ id: 'aave-gov3-7', protocol: 'aave', status: 'active', title: 'Raise the WETH supply cap' }), timeline: {} };
const SOURCE = { slug: 'aave', load: async () => ({ source: { gov3: { readProposals: async () => [UNDATED] } } }) } as unknown as ModuleEntry;
const build = (store: FeedStore, at: string) => buildFeed({ modules: [SOURCE], store, now: () => new Date(at), deadlineMs: 1000, upstreams: NO_UPSTREAMS });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('an S3 feed object that does not parse', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(() => s3?.close());

  let prefix = 0;
  let key = '';
  beforeEach(() => {
    key = `heal-${++prefix}/feed.json`;
  });
  const container = () => new S3FeedStore(s3.client, s3.bucket, key);
  const object = async (name: string) => (await (await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key.replace('feed.json', name) }))).Body!.transformToString('utf8'));
  const damage = (body: string) => s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));

  it('is answered from the last good copy by a new container, not with a 502', async () => {
    await build(container(), FIRST_BUILD);
    await damage('{');
    const read = await container().read();
    expect(read.status === 'found' && read.feed.proposals.map((proposal) => proposal.id)).toEqual(['aave-gov3-7']);
  });

  it('is set aside under a dated key, and the build goes on from the last good copy with firstSeen kept', async () => {
    await build(container(), FIRST_BUILD);
    await damage('{');
    const builder = container();
    const repair = await builder.repair(new Date(REPAIR_AT));
    expect(repair).toMatchObject({ setAsideAs: 'feed.corrupt-2026-11-22T10-00-00Z.json' });
    expect(repair!.message).toMatch(/the build goes on from the last good copy \(built 2026-11-20T10:00:00\.000Z\)$/);
    expect(await object('feed.corrupt-2026-11-22T10-00-00Z.json')).toBe('{');

    expect((await build(builder, REPAIR_AT)).written).toBe(true);
    const stored = JSON.parse(await object('feed.json')) as { proposals: { firstSeen: string }[] };
    expect(stored.proposals[0]!.firstSeen).toBe(FIRST_BUILD);
    expect(JSON.parse(await object('feed.repair.json'))).toMatchObject({ at: REPAIR_AT, setAsideAs: 'feed.corrupt-2026-11-22T10-00-00Z.json' });
  });

  it('with no last good copy answers 502 upstream_unavailable, and is rebuilt from empty', async () => {
    await build(container(), FIRST_BUILD);
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key.replace('feed.json', 'feed.last-good.json') }));
    await damage('{"builtAt":"2026-11-20T10:00:00.000Z","sources":{},"proposals":[{"id":');
    await expect(container().read()).rejects.toMatchObject({ status: 502, code: 'upstream_unavailable' });

    const builder = container();
    expect((await builder.repair(new Date(REPAIR_AT)))!.message).toMatch(/not whole JSON .*; the build goes on from empty/);
    await build(builder, REPAIR_AT);
    const read = await container().read();
    expect(read.status === 'found' && read.feed.proposals.map((proposal) => proposal.firstSeen)).toEqual([REPAIR_AT]);
  });
});

describe('the scheduled builder (functions/buildFeed.ts) on a bucket with a damaged feed', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await s3?.close();
  });

  it('sets the object aside, builds from the last good copy, and says so in its summary', async () => {
    await build(new S3FeedStore(s3.client, s3.bucket, 'lambda/feed.json'), FIRST_BUILD);
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'lambda/feed.json', Body: '{"builtAt":' }));
    // The builder's environment as the stack sets it, its stores pointed at s3rver; every upstream is a closed port (vitest.config.ts).
    const env = { TABLE_NAME: 'govex-table', BUCKET_NAME: s3.bucket, FEED_KEY: 'lambda/feed.json', S3_ENDPOINT: s3.endpoint, DYNAMODB_ENDPOINT: 'http://127.0.0.1:9', AWS_REGION: 'us-east-1', RATE_LIMIT_SECRET: 'a-test-secret-of-enough-length', SOURCE_DEADLINE_MS: '2000' };
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { handler } = await import('../../functions/buildFeed.js');

    const summary = await handler();
    expect(summary.written).toBe(true);
    expect(summary.repaired).toMatch(/^feed feed\.json is not whole JSON \(11 characters\); kept as feed\.corrupt-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json; the build goes on from the last good copy/);
    // Every source failed here, so the proposal stays as its source's last good one, first seen when it was.
    const read = await new S3FeedStore(s3.client, s3.bucket, 'lambda/feed.json').read();
    expect(read.status === 'found' && read.feed.proposals.map(({ id, firstSeen }) => ({ id, firstSeen }))).toEqual([{ id: 'aave-gov3-7', firstSeen: FIRST_BUILD }]);
  });
});

describe('S3 down', () => {
  let s3: LocalS3;
  let stopped = false;
  const servers: LocalServer[] = [];
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    if (!stopped) await s3?.close();
  });

  /** A local server on the AWS stores, built from the environment as a Lambda container would be; DynamoDB is a closed port (the limiter fails open). */
  async function serverOnS3() {
    const services = awsServices({
      env: {
        TABLE_NAME: 'govex-table',
        BUCKET_NAME: s3.bucket,
        FEED_KEY: 'site/feed.json',
        S3_ENDPOINT: s3.endpoint,
        DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
        AWS_REGION: 'us-east-1',
        RATE_LIMIT_SECRET: 'a-test-secret-of-enough-length',
      },
    });
    const server = await startServer({ port: 0, services });
    servers.push(server);
    return { services, get: (path: string) => fetch(`${server.url}${path}`) };
  }

  it('serves /, /feed.atom and the feed from the last good copy in memory, and 502 in the envelope where there is none, never a 500', async () => {
    const warm = await serverOnS3();
    await build(warm.services.feedStore, FIRST_BUILD);
    for (const path of ['/', '/feed.atom', '/api/proposals']) expect((await warm.get(path)).status).toBe(200);
    await s3.close();
    stopped = true;
    const cold = await serverOnS3();

    for (const path of ['/', '/feed.atom']) {
      const response = await warm.get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('Raise the WETH supply cap');
    }
    const feed = await warm.get('/api/proposals');
    expect(feed.status).toBe(200);
    expect(((await feed.json()) as { proposals: { id: string }[] }).proposals.map((proposal) => proposal.id)).toEqual(['aave-gov3-7']);

    for (const path of ['/', '/feed.atom', '/api/proposals']) {
      const response = await cold.get(path);
      expect(response.status, path).toBe(502);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ code: 'upstream_unavailable' });
    }
  });
});
