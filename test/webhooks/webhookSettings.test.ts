import { describe, expect, it } from 'vitest';
import { checkKind, POSITIONS_MAX_AGE_MS } from '../../shared/webhooks/checkWatches.js';
import type { Watch } from '../../shared/webhooks/watch.js';
import { webhookSettingsFromEnv } from '../../shared/webhooks/webhookSettings.js';

describe('webhook settings from the environment', () => {
  it('keeps loopback receivers off by default, and refuses them where the stores are shared (TABLE_NAME)', () => {
    expect(webhookSettingsFromEnv({}).allowLoopback).toBe(false);
    expect(webhookSettingsFromEnv({ WEBHOOK_ALLOW_LOOPBACK: '1' }).allowLoopback).toBe(true);
    expect(() => webhookSettingsFromEnv({ WEBHOOK_ALLOW_LOOPBACK: '1', TABLE_NAME: 'govex-state' })).toThrow(/refused where TABLE_NAME is set/);
    expect(() => webhookSettingsFromEnv({ WEBHOOK_ALLOW_LOOPBACK: 'yes' })).toThrow(/WEBHOOK_ALLOW_LOOPBACK/);
  });

  it('names the AWS parts only when set', () => {
    expect(webhookSettingsFromEnv({ WATCHES_TABLE_NAME: 't', WEBHOOK_QUEUE_URL: 'https://sqs/q' })).toMatchObject({ watchesTable: 't', queueUrl: 'https://sqs/q', maxWatchesPerWallet: 5 });
  });
});

describe('which watches a build checks, and how (pure)', () => {
  const now = Date.parse('2026-11-25T21:00:00Z');
  const watch = (state?: Partial<NonNullable<Watch['state']>>): Watch => ({
    id: 'wh_x', secret: 'whsec_x', wallet: { kind: 'evm', address: '0x1' }, url: 'https://h/x', minImpact: 'medium', events: ['proposal.matched'], createdAt: '2026-11-25T20:00:00Z',
    ...(state && { state: { positionsReadAt: new Date(now - 60_000).toISOString(), protocols: ['aave', 'lido'], seen: {}, checkedAt: '', snapshot: {} as never, ...state } }),
  });

  it('reads a never-checked wallet, and one whose positions are an hour old, from the chains', () => {
    expect(checkKind(watch(), new Set(), now)).toBe('rescan');
    expect(checkKind(watch({ positionsReadAt: new Date(now - POSITIONS_MAX_AGE_MS).toISOString() }), new Set(), now)).toBe('rescan');
  });

  it('skips a wallet none of whose protocols the build changed: no scan at all', () => {
    expect(checkKind(watch({}), new Set(['compound']), now)).toBe('skip');
    expect(checkKind(watch({}), new Set(), now)).toBe('skip');
  });

  it("re-matches the kept positions when a build changed one of the wallet's protocols", () => {
    expect(checkKind(watch({}), new Set(['lido']), now)).toBe('rematch');
    // Positions too large to keep are read again.
    expect(checkKind(watch({ snapshot: undefined }), new Set(['lido']), now)).toBe('rescan');
  });
});
