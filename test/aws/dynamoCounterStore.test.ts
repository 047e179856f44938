import { randomBytes } from 'node:crypto';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from '../../shared/ratelimit/clientKey.js';
import { DynamoCounterStore } from '../../shared/stores/aws/dynamoCounterStore.js';
import { KEY_PREFIX } from '../../shared/stores/aws/table.js';
import { type LocalDynamo, startDynalite } from '../support/dynalite.js';

let dynamo: LocalDynamo;
let store: DynamoCounterStore;
beforeAll(async () => {
  dynamo = await startDynalite();
  store = new DynamoCounterStore(dynamo.client, dynamo.tableName);
});
afterAll(() => dynamo?.close());

// A fresh client per test, keyed the way the middleware keys one.
const freshClient = () => clientKey(`203.0.113.${randomBytes(1)[0]}`, randomBytes(16).toString('hex'));
const EXPIRES_AT_MS = 1_800_000_120_000;

describe('DynamoDB rate-limit counter store', () => {
  it('counts 0 for a window nobody used', async () => {
    expect(await store.count(freshClient(), 42)).toBe(0);
  });

  it('counts exactly up to the ceiling when 100 increments race', async () => {
    const client = freshClient();
    const results = await Promise.all(Array.from({ length: 100 }, () => store.incrementIfBelow(client, 7, 30, EXPIRES_AT_MS)));
    const counted = results.filter((result) => result.counted);
    expect(counted).toHaveLength(30);
    // Each counted increment saw its own count: none was lost or applied twice.
    expect(counted.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(results.filter((result) => !result.counted).every((result) => result.count === 30)).toBe(true);
    expect(await store.count(client, 7)).toBe(30);
  });

  it('keeps windows and clients apart', async () => {
    const [a, b] = [freshClient(), freshClient()];
    await store.incrementIfBelow(a, 1, 5, EXPIRES_AT_MS);
    await store.incrementIfBelow(a, 1, 5, EXPIRES_AT_MS);
    await store.incrementIfBelow(a, 2, 5, EXPIRES_AT_MS);
    expect([await store.count(a, 1), await store.count(a, 2), await store.count(b, 1)]).toEqual([2, 1, 0]);
  });

  it('refuses at a ceiling of 0 without creating a counter', async () => {
    const client = freshClient();
    expect(await store.incrementIfBelow(client, 3, 0, EXPIRES_AT_MS)).toEqual({ counted: false, count: 0 });
    expect(await store.count(client, 3)).toBe(0);
  });

  it('stores the keyed hash and a TTL in epoch seconds set by the first increment only', async () => {
    const client = freshClient();
    await store.incrementIfBelow(client, 9, 10, EXPIRES_AT_MS);
    await store.incrementIfBelow(client, 9, 10, EXPIRES_AT_MS + 60_000);
    const { Item } = await dynamo.client.send(
      new GetItemCommand({ TableName: dynamo.tableName, Key: { pk: { S: `${KEY_PREFIX.rateLimit}${client}` }, sk: { S: '9' } }, ConsistentRead: true }),
    );
    expect(Item?.ttl?.N).toBe(String(EXPIRES_AT_MS / 1000));
    expect(Item?.n?.N).toBe('2');
  });

  it('refuses to store a key that is not a keyed hash, such as an IP', async () => {
    await expect(store.incrementIfBelow('203.0.113.7', 1, 30, EXPIRES_AT_MS)).rejects.toThrow(/keyed client hash/);
  });
});
