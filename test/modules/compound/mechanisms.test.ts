import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../shared/contract/proposal.js';
import { compoundGuardianSource } from '../../../shared/modules/compound/mechanisms/guardianSource.js';
import { compoundMarketUpdateSource } from '../../../shared/modules/compound/mechanisms/marketUpdateSource.js';
import { MARKET_UPDATE_DEPLOYMENTS } from '../../../shared/modules/compound/mechanisms/deployments.js';
import { MARKET_UPDATE_GRACE_SECONDS, normalizeMarketUpdates } from '../../../shared/modules/compound/mechanisms/normalizeMarketUpdates.js';
import { normalizePauses } from '../../../shared/modules/compound/mechanisms/normalizePauses.js';
import type { RecentLog } from '../../../shared/governance/readLogsToHead.js';
import { renderProposal } from '../../../shared/proposals/render.js';
import type { Fault } from '../../../shared/upstream/replay/faults.js';
import { useReplay } from '../../upstream/replayHarness.js';

const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');
/** Decoding reads get a generous per-call deadline (the machine is shared; speed is the bench's); fault reads keep the harness's 300 ms. */
const read = (source: ReturnType<typeof compoundGuardianSource>, deadlineMs = 3_000) =>
  source.readProposals({ signal: AbortSignal.timeout(10_000), now: NOW, upstreams: replay.upstreams({ deadlineMs }) });

describe('Compound pause guardian on the recorded Ethereum window', () => {
  it('turns a Comet PauseAction into an executed guardian item with its five flags, and a v2 ActionPaused into one change', async () => {
    const items = await read(compoundGuardianSource());
    expect(items.map((item) => item.id)).toEqual(['compound-guardian-16230000-41', 'compound-guardian-16240000-7']);
    const [comet, v2] = items;
    expect(comet).toMatchObject({ mechanism: 'guardian', status: 'executed', noticeSeconds: 0, timeline: { effectiveAt: '2022-12-21T02:09:47Z' } });
    expect(comet!.changes.map((change) => [change.market, change.parameter, change.to])).toEqual([
      ['comet-usdc', 'supplyPaused', 'active'],
      ['comet-usdc', 'transferPaused', 'active'],
      ['comet-usdc', 'withdrawPaused', 'active'],
      ['comet-usdc', 'absorbPaused', 'active'],
      ['comet-usdc', 'buyPaused', 'paused'],
    ]);
    expect(comet!.title).toBe('Pause guardian paused buying collateral on Compound v3 Ethereum USDC');
    expect(comet!.description).toContain('0xbbf3f1421D886E9b2c5D716B5192aC998af2012c');
    expect(v2!.changes).toEqual([expect.objectContaining({ market: 'compound-v2', asset: 'FEI', parameter: 'mintPaused', to: 'paused', unit: 'state', verified: true })]);
    for (const item of items) expect(Proposal.safeParse(renderProposal({ proposal: item }, 'full')).success).toBe(true);
  });
});

describe('Compound market-admin timelock on the recorded Optimism window', () => {
  it('decodes each queued Configurator call: pending until its eta with the notice, executed at its block time', async () => {
    const items = await read(compoundMarketUpdateSource());
    const executed = items.find((item) => item.status === 'executed')!;
    const pending = items.find((item) => item.status === 'pending')!;
    expect(executed).toMatchObject({ mechanism: 'timelock', timeline: { effectiveAt: '2025-11-17T08:53:20Z' } });
    expect(executed.changes).toEqual([expect.objectContaining({ market: 'comet-usdc-optimism', asset: 'WETH', parameter: 'ltv', to: 8000, unit: 'bps', verified: true })]);
    // Queued a day before the head with eta a day after: the timelock's whole 2-day delay is notice.
    expect(pending).toMatchObject({ mechanism: 'timelock', noticeSeconds: 172_800, timeline: { effectiveAt: '2025-11-23T00:00:00Z' }, effectiveDate: '2025-11-23T00:00:00Z' });
    expect(pending.changes).toEqual([expect.objectContaining({ market: 'comet-usdc-optimism', asset: 'OP', parameter: 'supplyCap', to: 900_000, unit: 'tokens', verified: true })]);
    for (const item of items) expect(Proposal.safeParse(renderProposal({ proposal: item }, 'full')).success).toBe(true);
  });
});

describe('faults on the mechanisms’ upstreams', () => {
  const cases: [string, 'ethereum' | 'optimism', () => ReturnType<typeof compoundGuardianSource>][] = [
    ['guardian', 'ethereum', compoundGuardianSource],
    ['market-admin timelock', 'optimism', compoundMarketUpdateSource],
  ];
  for (const [name, upstream, source] of cases) {
    for (const fault of [{ kind: 'status', status: 503 }, { kind: 'malformed' }] as Fault[]) {
      it(`the ${name} source rejects on ${fault.kind} (the feed keeps its last good items)`, async () => {
        replay.server.faults.inject(upstream, fault);
        await expect(read(source(), 300)).rejects.toThrow();
      });
    }
    it(`the ${name} source refuses a wrong chain`, async () => {
      replay.server.faults.inject(upstream, { kind: 'wrongChain' });
      await expect(read(source(), 300)).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
    });
    it(`the ${name} source gives up on a hung upstream within its deadline`, async () => {
      replay.server.faults.inject(upstream, { kind: 'hang' });
      const started = Date.now();
      await expect(source().readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams: replay.upstreams({ deadlineMs: 300 }) })).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  }
});

describe('a market-admin timelock transaction’s end (pure, on logs shaped as the node sends them)', () => {
  const deployment = MARKET_UPDATE_DEPLOYMENTS[0]!;
  const call = { txHash: `0x${'11'.repeat(32)}`, target: deployment.configurator, value: 0n, signature: 'setBorrowKink(address,uint64)', data: `0x${'00'.repeat(12)}2e44e174f7d53f0212823acc11c01a11d58c5bcb${'00'.repeat(24)}0c7d713b49da0000`, eta: 1_700_200_000n };
  const log = (eventName: string, blockTime: number, logIndex: number): RecentLog => ({ address: deployment.timelock, eventName, args: call, blockNumber: BigInt(blockTime), logIndex, blockTime });

  it('is canceled once CancelTransaction follows its queueing, its kink change still stated', () => {
    const [item] = normalizeMarketUpdates([log('QueueTransaction', 1_700_000_000, 0), log('CancelTransaction', 1_700_100_000, 1)], deployment, 1_700_100_000);
    expect(item).toMatchObject({ status: 'canceled', mechanism: 'timelock', noticeSeconds: 200_000 });
    expect(item!.changes).toEqual([expect.objectContaining({ market: 'comet-usdc-optimism', parameter: 'kink', side: 'borrow', to: 0.9 })]);
  });

  it('is canceled as expired once its grace period has passed at the head unexecuted, and pending before', () => {
    const queued = [log('QueueTransaction', 1_700_000_000, 0)];
    expect(normalizeMarketUpdates(queued, deployment, 1_700_200_000 + MARKET_UPDATE_GRACE_SECONDS)[0]!.status).toBe('pending');
    const [expired] = normalizeMarketUpdates(queued, deployment, 1_700_200_001 + MARKET_UPDATE_GRACE_SECONDS);
    expect(expired).toMatchObject({ status: 'canceled' });
    expect(expired!.summary).toContain('expired');
  });
});

describe('a pause that lifts every flag (pure)', () => {
  it('says so, each flag active', () => {
    const flags = { supplyPaused: false, transferPaused: false, withdrawPaused: false, absorbPaused: false, buyPaused: false };
    const [item] = normalizePauses([{ address: '0xA17581A9E3356d9A858b789D68B4d866e593aE94', eventName: 'PauseAction', args: flags, blockNumber: 1n, logIndex: 0, blockTime: 1_700_000_000 }]);
    expect(item!.title).toBe('Pause guardian unpaused every action on Compound v3 Ethereum WETH');
    expect(new Set(item!.changes.map((change) => change.to))).toEqual(new Set(['active']));
  });

  it('leaves out an event of a contract or an action it does not know', () => {
    expect(normalizePauses([{ address: '0x0000000000000000000000000000000000000001', eventName: 'PauseAction', args: {}, blockNumber: 1n, logIndex: 0, blockTime: 1 }])).toEqual([]);
    expect(normalizePauses([{ address: '0x3d9819210A31b4961b30EF54bE2aeD79B9c9Cd3B', eventName: 'ActionPaused', args: { action: 'Liquidate', pauseState: true }, blockNumber: 1n, logIndex: 0, blockTime: 1 }])).toEqual([]);
  });
});
