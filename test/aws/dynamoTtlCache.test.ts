import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DynamoTtlCache } from '../../shared/stores/aws/dynamoTtlCache.js';
import { KEY_PREFIX, MAX_ITEM_BYTES } from '../../shared/stores/aws/table.js';
import { type LocalDynamo, startDynalite } from '../support/dynalite.js';

let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startDynalite();
});
afterAll(() => dynamo?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const NOW = Date.UTC(2026, 10, 22, 10, 0, 0);
const scanCache = <T>() => new DynamoTtlCache<T>(dynamo.client, dynamo.tableName, KEY_PREFIX.scanCache);

describe('DynamoDB TTL cache', () => {
  it('reads back a value until it expires, and misses from then on', async () => {
    const cache = scanCache<{ positions: number[] }>();
    await cache.set('evm:0xabc:*', { positions: [1, 2] }, NOW + 60_000);
    expect(await cache.get('evm:0xabc:*', NOW)).toEqual({ positions: [1, 2] });
    expect(await cache.get('evm:0xabc:*', NOW + 59_999)).toEqual({ positions: [1, 2] });
    // The item is still in the table (dynalite, like DynamoDB, deletes lazily or never): the read decides.
    expect(await cache.get('evm:0xabc:*', NOW + 60_000)).toBeUndefined();
  });

  it('misses a key never set', async () => {
    expect(await scanCache().get('evm:0xnothing:*', NOW)).toBeUndefined();
  });

  it('keeps a cached null apart from a miss (an ens name with no address)', async () => {
    const ens = new DynamoTtlCache<string | null>(dynamo.client, dynamo.tableName, KEY_PREFIX.ensCache);
    await ens.set('nobody.eth', null, NOW + 60_000);
    expect(await ens.get('nobody.eth', NOW)).toBeNull();
  });

  it('keeps the scan and ens caches apart under the same key', async () => {
    const ens = new DynamoTtlCache<string>(dynamo.client, dynamo.tableName, KEY_PREFIX.ensCache);
    await scanCache<string>().set('shared-key', 'scan value', NOW + 60_000);
    await ens.set('shared-key', 'ens value', NOW + 60_000);
    expect(await scanCache<string>().get('shared-key', NOW)).toBe('scan value');
  });

  it('writes the TTL attribute in epoch seconds, rounded up', async () => {
    await scanCache().set('ttl-check', 1, NOW + 1_500);
    const { Item } = await dynamo.client.send(new GetItemCommand({ TableName: dynamo.tableName, Key: { pk: { S: `${KEY_PREFIX.scanCache}ttl-check` }, sk: { S: 'entry' } } }));
    expect(Number(Item?.ttl?.N)).toBe(Math.ceil((NOW + 1_500) / 1000));
  });

  it('does not cache a value over the item limit, and says so in the log', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const cache = scanCache<string>();
    await cache.set('too-big', 'x'.repeat(MAX_ITEM_BYTES), NOW + 60_000);
    expect(await cache.get('too-big', NOW)).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]![0])).toMatch(/over the DynamoDB item limit/);
  });

  it('caches the largest value it accepts: its size estimate never exceeds what DynamoDB takes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const cache = scanCache<string>();
    // Find the longest string set() still writes (a binary search on its warning), then check that
    // dynalite, which enforces 400 KB like DynamoDB, took it.
    const accepted = async (length: number) => {
      warn.mockClear();
      await cache.set('near-limit', 'y'.repeat(length), NOW + 60_000);
      return warn.mock.calls.length === 0;
    };
    let [low, high] = [0, MAX_ITEM_BYTES];
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (await accepted(middle)) low = middle;
      else high = middle;
    }
    const length = low;
    expect(MAX_ITEM_BYTES - length).toBeLessThan(100);
    await cache.set('near-limit', 'y'.repeat(length), NOW + 60_000);
    expect((await cache.get('near-limit', NOW))?.length).toBe(length);
  });

  it('hashes a key too long for a partition key instead of failing', async () => {
    const cache = scanCache<number>();
    const long = `ens:${'a'.repeat(3000)}`;
    await cache.set(long, 7, NOW + 60_000);
    expect(await cache.get(long, NOW)).toBe(7);
    expect(await cache.get(`${long}b`, NOW)).toBeUndefined();
  });
});
