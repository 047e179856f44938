import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../shared/contract/proposal.js';
import { compound } from '../../../shared/modules/compound/index.js';
import { compoundInfo } from '../../../shared/modules/compound/info.js';
import { PAUSE_CHAINS, pauseSystemOf } from '../../../shared/modules/compound/mechanisms/deployments.js';
import { compoundL2PauseSource } from '../../../shared/modules/compound/mechanisms/l2PauseSource.js';
import { renderProposal } from '../../../shared/proposals/render.js';
import type { Fault } from '../../../shared/upstream/replay/faults.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { useReplay } from '../../upstream/replayHarness.js';
import { type L2PauseScenario, l2PauseNode } from './l2PauseScenario.js';

/*
 * Compound's Comets paused by their guardian on each L2, read as on Ethereum: on Optimism from its
 * SYNTHETIC recording over the replay server (test/fixtures/upstream/optimism/compound-l2-pauses.json),
 * on Arbitrum and Base from the same stand-in node served in memory (a recording there would turn
 * other modules' unrecorded reads into counted misses). One system per chain, so a chain's fault
 * fails that chain alone.
 */
const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');
const chain = (name: string) => PAUSE_CHAINS.find((entry) => entry.upstream === name)!;
const read = (deadlineMs = 3_000) => compoundL2PauseSource(chain('optimism')).readProposals({ signal: AbortSignal.timeout(10_000), now: NOW, upstreams: replay.upstreams({ deadlineMs }) });

describe('Comet pauses on Optimism, recorded', () => {
  it('shows the WETH Comet’s buy pause as executed at its block, with no notice, every flag a verified change', async () => {
    const [item, ...rest] = await read();
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      id: 'compound-guardian-optimism-142870400-5',
      mechanism: 'guardian',
      status: 'executed',
      noticeSeconds: 0,
      timeline: { effectiveAt: '2025-11-19T00:00:00Z' },
      sourceLinks: [{ url: `https://optimistic.etherscan.io/tx/0x${'0e'.repeat(32)}`, label: 'Pause transaction on Optimistic Etherscan' }],
    });
    expect(item!.changes.map((change) => [change.market, change.parameter, change.to, change.verified])).toEqual([
      ['comet-weth-optimism', 'supplyPaused', 'active', true],
      ['comet-weth-optimism', 'transferPaused', 'active', true],
      ['comet-weth-optimism', 'withdrawPaused', 'active', true],
      ['comet-weth-optimism', 'absorbPaused', 'active', true],
      ['comet-weth-optimism', 'buyPaused', 'paused', true],
    ]);
    expect(item!.changes[0]!.evidence).toBe('PauseAction event, block 142870400 log 5 on Optimism');
    expect(item!.description).toContain('Its pause guardian at the head read: 0x3fFd6c073a4ba24a113B18C8F373569640916A45.');
    expect(Proposal.safeParse(renderProposal({ proposal: item! }, 'full')).success).toBe(true);
  });

  for (const fault of [{ kind: 'status', status: 503 }, { kind: 'malformed' }, { kind: 'hang' }] as Fault[]) {
    it(`rejects on ${fault.kind} (the feed keeps the chain’s last good items)`, async () => {
      replay.server.faults.inject('optimism', fault);
      await expect(read(300)).rejects.toThrow();
    });
  }

  it('refuses a wrong chain', async () => {
    replay.server.faults.inject('optimism', { kind: 'wrongChain' });
    await expect(read(300)).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });
});

/** One Comet paused a day before the head, at 0x9c4e…58bf: Arbitrum's USDC Comet and Base's USDbC share the address. */
const shared = (chainId: `0x${string}`, blockSeconds: number, guardian: `0x${string}`): L2PauseScenario => ({
  chainId,
  head: 300_000_000n,
  headTime: 1_763_769_600,
  blockSeconds,
  guardian,
  pauses: [{ comet: '0x9c4ec768c28520B50860ea7a15bd7213a9fF58bf', flags: [true, false, true, false, false], secondsBeforeHead: 86_400, logIndex: 2, transactionHash: `0x${'a1'.repeat(32)}` }],
});

describe('Comet pauses on Arbitrum and Base, in memory (SYNTHETIC)', () => {
  const readOn = async (name: string, scenario: L2PauseScenario) => {
    const node = l2PauseNode(scenario);
    const upstreams = createUpstreams({ endpoints: { [name]: 'http://fake-node.invalid' }, fetch: node.fetch, env: {} });
    return compoundL2PauseSource(chain(name)).readProposals({ signal: AbortSignal.timeout(10_000), now: NOW, upstreams });
  };

  it('names the market by the chain read: the same address is Arbitrum’s USDC Comet and Base’s USDbC', async () => {
    // Guardians from compound-finance/comet deployments/{arbitrum,base}/…/configuration.json @d5a30b0 (Arbitrum's), ours for Base.
    const [arbitrum] = await readOn('arbitrum', shared('0xa4b1', 0.25, '0x78E6317DD6D43DdbDa00Dce32C2CbaFc99361a9d'));
    const [base] = await readOn('base', shared('0x2105', 2, '0x0000000000000000000000000000000000000b45'));
    expect(arbitrum).toMatchObject({ id: 'compound-guardian-arbitrum-299654400-2', title: expect.stringContaining('paused supplying, withdrawals'), sourceLinks: [{ url: expect.stringMatching(/^https:\/\/arbiscan\.io\/tx\//) }] });
    expect(new Set(arbitrum!.changes.map((change) => change.market))).toEqual(new Set(['comet-usdc-arbitrum']));
    expect(base).toMatchObject({ id: 'compound-guardian-base-299956800-2', sourceLinks: [{ url: expect.stringMatching(/^https:\/\/basescan\.org\/tx\//) }] });
    expect(new Set(base!.changes.map((change) => change.market))).toEqual(new Set(['comet-usdbc-base']));
  });

  it('refuses a node serving another chain (Base’s answers on the Arbitrum upstream)', async () => {
    await expect(readOn('arbitrum', shared('0x2105', 2, '0x0000000000000000000000000000000000000b45'))).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });
});

describe('one governance system per L2', () => {
  it('reads every L2 the exposure reads Comets on, each a system with a name in words', () => {
    expect(PAUSE_CHAINS.map((entry) => entry.upstream)).toEqual(compoundInfo.chains.filter((id) => id !== 'ethereum'));
    for (const entry of PAUSE_CHAINS) {
      expect(compound.source[pauseSystemOf(entry.upstream)]).toBeDefined();
      expect(compoundInfo.governance[pauseSystemOf(entry.upstream) as keyof typeof compoundInfo.governance]).toMatchObject({ name: expect.stringMatching(/^Compound’s pause guardian on [A-Z]\w+ \(no vote\)$/) });
    }
  });
});
