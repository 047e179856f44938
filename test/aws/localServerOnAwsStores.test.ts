import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { DEMO_WALLETS, demoWallet } from '../../shared/demo/wallets.js';
import { awsServices } from '../../shared/runtime/awsServices.js';
import { S3FeedStore } from '../../shared/stores/aws/s3FeedStore.js';
import { CACHE_SORT_KEY, KEY_PREFIX } from '../../shared/stores/aws/table.js';
import { feedProposal, storedFeed } from '../support/feed.js';
import { useLocalAws } from '../support/localAws.js';
import { getChecked, useServer } from '../support/server.js';

const aws = useLocalAws();

// Built from the environment alone, as a Lambda would be: the endpoints point at dynalite and s3rver.
const server = useServer(() =>
  awsServices({
    env: {
      TABLE_NAME: aws.dynamo.tableName,
      BUCKET_NAME: aws.s3.bucket,
      FEED_KEY: 'feeds/current.json',
      DYNAMODB_ENDPOINT: aws.dynamo.endpoint,
      S3_ENDPOINT: aws.s3.endpoint,
      AWS_REGION: 'eu-west-1',
      RATE_LIMIT_SECRET: 'a-test-secret-of-enough-length',
      ETH_RPC_URL: 'http://127.0.0.1:9/',
      MODULE_DEADLINE_MS: '500',
    },
  }),
);
type Scan = { address: string; mode: string; completeness: string; positions: unknown[]; proposals: unknown[]; refreshedAt: string };
type Proposals = { proposals: { id: string }[]; completeness: string; degraded?: { module: string }[] };

describe('the local server on DynamoDB and S3 stores (dynalite, s3rver)', () => {
  it.each(DEMO_WALLETS)('scans the $kind demo wallet', async ({ address }) => {
    const { response, body } = await getChecked<Scan>(server, `/api/scan/${address}`, '/api/scan/{address}');
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ address, mode: 'mock', completeness: 'complete' });
    expect(body.positions.length).toBeGreaterThan(0);
    expect(response.headers.get('ratelimit')).toMatch(/^"?default"?;r=\d+;t=\d+$/);
  });

  it('keeps the scan in the DynamoDB cache and answers the next scan from it', async () => {
    const { address } = demoWallet('evm');
    const first = await getChecked<Scan>(server, `/api/scan/${address}`, '/api/scan/{address}');
    const { Item } = await aws.dynamo.client.send(
      new GetItemCommand({ TableName: aws.dynamo.tableName, Key: { pk: { S: `${KEY_PREFIX.scanCache}evm:${address}:*` }, sk: { S: CACHE_SORT_KEY } } }),
    );
    expect(Item?.ttl?.N).toMatch(/^\d+$/);
    const second = await getChecked<Scan>(server, `/api/scan/${address}`, '/api/scan/{address}');
    // Same refreshedAt: read from the cache, not again from the modules; same body: JSON lost nothing.
    expect(second.body.refreshedAt).toBe(first.body.refreshedAt);
    expect(second.body).toEqual(first.body);
  });

  it('reports every source as not read yet before a feed is in the bucket', async () => {
    const { body } = await getChecked<Proposals>(server, '/api/proposals', '/api/proposals');
    expect(body.proposals).toEqual([]);
    expect(body.completeness).toBe('partial');
  });

  it('serves the feed from the bucket, and a new feed as soon as it is written', async () => {
    const store = new S3FeedStore(aws.s3.client, aws.s3.bucket, 'feeds/current.json');
    await store.write(storedFeed([feedProposal({ id: 'aave-gov3-101', protocol: 'aave', status: 'active' })]));
    const first = await getChecked<Proposals>(server, '/api/proposals', '/api/proposals');
    expect(first.body.proposals.map((proposal) => proposal.id)).toEqual(['aave-gov3-101']);
    expect(first.body.completeness).toBe('complete');

    await store.write(storedFeed([feedProposal({ id: 'lido-snapshot-7', protocol: 'lido', status: 'active' })], { jito: 'timed out' }));
    const second = await getChecked<Proposals>(server, '/api/proposals', '/api/proposals');
    expect(second.body.proposals.map((proposal) => proposal.id)).toEqual(['lido-snapshot-7']);
    expect(second.body.degraded?.map((entry) => entry.module)).toEqual(['jito']);
  });
});
