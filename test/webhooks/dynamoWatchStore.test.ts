import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoWatchStore } from '../../shared/stores/aws/dynamoWatchStore.js';
import type { Watch } from '../../shared/webhooks/watch.js';
import { type LocalDynamo, startDynalite } from '../support/dynalite.js';

let dynamo: LocalDynamo;
let store: DynamoWatchStore;
beforeAll(async () => {
  dynamo = await startDynalite();
  store = new DynamoWatchStore(dynamo.client, dynamo.tableName);
});
afterAll(async () => dynamo.close());

const wallet = { kind: 'evm' as const, address: '0xde30000000000000000000000000000000000001' };
const watchOf = (id: string, address = wallet.address): Watch => ({
  id,
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  wallet: { kind: 'evm', address },
  url: 'https://hooks.example/govex',
  minImpact: 'medium',
  events: ['proposal.matched'],
  createdAt: '2026-11-25T21:00:00.000Z',
});
const state = { positionsReadAt: '2026-11-25T21:00:00.000Z', protocols: ['aave'], seen: { 'aave-gov-1': { level: 'high' as const, status: 'active' as const } }, checkedAt: '2026-11-25T21:00:00.000Z' };

describe('watches in DynamoDB (dynalite)', () => {
  it('stores a watch and reads it back whole', async () => {
    await store.create(watchOf('wh_000000000000000000000001'));
    expect(await store.get('wh_000000000000000000000001')).toEqual(watchOf('wh_000000000000000000000001'));
    expect(await store.get('wh_000000000000000000000000')).toBeUndefined();
  });

  it('never replaces a watch under the same id (its secret would change under its owner)', async () => {
    await store.create(watchOf('wh_000000000000000000000002'));
    await expect(store.create({ ...watchOf('wh_000000000000000000000002'), secret: 'whsec_b3RoZXI=' })).rejects.toThrow(/conditional/i);
    expect((await store.get('wh_000000000000000000000002'))!.secret).toBe(watchOf('x').secret);
  });

  it('lists every watch, past a page of the Query, and counts those of one wallet', async () => {
    const other = '0xde30000000000000000000000000000000000099';
    // Big enough items that DynamoDB's 1 MB page ends before the list does.
    const big = { ...state, seen: Object.fromEntries(Array.from({ length: 2000 }, (_, index) => [`aave-gov-${index}-${'x'.repeat(40)}`, { level: 'high' as const, status: 'active' as const }])) };
    for (let index = 10; index < 25; index++) {
      const id = `wh_0000000000000000000000${index}`;
      await store.create(watchOf(id, other));
      await store.saveState(id, big);
    }
    const all = await store.list();
    expect(all.filter((watch) => watch.wallet.address === other)).toHaveLength(15);
    expect(await store.countFor({ kind: 'evm', address: other })).toBe(15);
    expect(await store.countFor(wallet)).toBe(2);
  });

  it('keeps a check\'s state and a disabling, and never brings a deleted watch back', async () => {
    const id = 'wh_000000000000000000000003';
    await store.create(watchOf(id));
    await store.saveState(id, state);
    await store.disable(id, { at: '2026-11-25T22:00:00.000Z', reason: 'the receiver answered 410 Gone' });
    expect(await store.get(id)).toEqual({ ...watchOf(id), state, disabled: { at: '2026-11-25T22:00:00.000Z', reason: 'the receiver answered 410 Gone' } });
    expect(await store.delete(id)).toBe(true);
    expect(await store.delete(id)).toBe(false);
    await store.saveState(id, state);
    await store.disable(id, { at: '2026-11-25T22:00:00.000Z', reason: 'x' });
    expect(await store.get(id)).toBeUndefined();
  });
});
