import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../shared/contract/proposal.js';
import { xrplSource } from '../../../shared/modules/xrpl/source.js';
import { recorded, TEST_POLICY, timed, useReplay } from '../../upstream/replayHarness.js';
import { renderProposal } from '../../../shared/proposals/render.js';

const replay = useReplay();

const AMENDMENTS_INDEX = '7DB0788C020F02780A673DC74757F23823FA3014C1866E72CC4CD8B226CD6EF4';
const FEE_SETTINGS_INDEX = '4BC50C9B0D8515D3EAAE1E74B29A95804346C491EE1A95BF25E4AAB854A6A651';
const RIPPLE_EPOCH = 946_684_800;
const TWO_WEEKS = 14 * 24 * 3600;
const iso = (rippleSeconds: number) => new Date((rippleSeconds + RIPPLE_EPOCH) * 1000).toISOString().replace('.000Z', 'Z');

interface Majority {
  Majority: { Amendment: string; CloseTime: number };
}
type Features = Record<string, { enabled: boolean; name: string; supported: boolean }>;

const recordedEntry = <T>(index: string) =>
  recorded<{ result: { node: T } }>(replay.fixtures, 'xrpl', (request) => request.command === 'ledger_entry' && request.index === index).result.node;
const recordedAmendments = () => recordedEntry<{ Amendments: string[]; Majorities: Majority[] }>(AMENDMENTS_INDEX);
const recordedFeeSettings = () =>
  recordedEntry<{ PreviousTxnID: string; PreviousTxnLgrSeq: number; ReserveBaseDrops: string; ReserveIncrementDrops: string }>(FEE_SETTINGS_INDEX);
const recordedFeatures = () => recorded<{ result: { features: Features } }>(replay.fixtures, 'xrpl', (request) => request.command === 'feature').result.features;
const recordedSetFee = () => recorded<{ result: { date: number; hash: string } }>(replay.fixtures, 'xrpl', (request) => request.command === 'tx').result;

const NOW = new Date('2024-09-26T00:00:00Z');
const read = (options: { signal?: AbortSignal; policy?: Partial<typeof TEST_POLICY> } = {}) =>
  xrplSource().readProposals({ signal: options.signal ?? new AbortController().signal, now: NOW, upstreams: replay.upstreams(options.policy) });

describe('xrpl source on its recordings', () => {
  it('makes amendments in Majorities passed, effective two weeks after the majority', async () => {
    const proposals = await read();
    const features = recordedFeatures();
    for (const { Majority } of recordedAmendments().Majorities) {
      const proposal = proposals.find((candidate) => candidate.id === `xrpl-amendment-${Majority.Amendment}`);
      const name = features[Majority.Amendment]!.name;
      expect(proposal).toMatchObject({
        status: 'passed',
        title: `Amendment ${name}`,
        timeline: { start: iso(Majority.CloseTime), end: iso(Majority.CloseTime + TWO_WEEKS) },
        effectiveDate: iso(Majority.CloseTime + TWO_WEEKS),
        sourceLinks: [{ url: `https://xrpl.org/resources/known-amendments#${name.toLowerCase()}` }],
      });
    }
    // The docs' two majorities: fixPreviousTxnID and fixEmptyDID since 2024-09-13T16:48:30Z.
    const passed = proposals.filter((proposal) => proposal.status === 'passed');
    expect(passed.map((proposal) => proposal.title).sort()).toEqual(['Amendment fixEmptyDID', 'Amendment fixPreviousTxnID']);
    expect(passed[0]!.effectiveDate).toBe('2024-09-27T16:48:30Z');
  });

  it('leaves out supported amendments without a majority, and enabled ones', async () => {
    const proposals = await read();
    const { Amendments, Majorities } = recordedAmendments();
    const inMajority = new Set(Majorities.map(({ Majority }) => Majority.Amendment));
    // PriceOracle and fixXChainRewardRounding: public `feature` cannot tell them from obsolete amendments.
    const withoutMajority = Object.entries(recordedFeatures()).filter(([id, info]) => info.supported && !Amendments.includes(id) && !inMajority.has(id));
    expect(withoutMajority.length).toBeGreaterThan(0);
    for (const [id] of withoutMajority) expect(proposals.some((proposal) => proposal.id === `xrpl-amendment-${id}`)).toBe(false);
    for (const id of Amendments) expect(proposals.some((proposal) => proposal.id === `xrpl-amendment-${id}`)).toBe(false);
    expect(proposals.some((proposal) => proposal.status === 'pending')).toBe(false);
  });

  it('models the last fee change as an executed proposal with verified reserve changes', async () => {
    const proposals = await read();
    const fee = recordedFeeSettings();
    const setFee = recordedSetFee();
    const proposal = proposals.find((candidate) => candidate.id === `xrpl-fee-${fee.PreviousTxnLgrSeq}`);
    expect(setFee.hash).toBe(fee.PreviousTxnID);
    expect(proposal).toMatchObject({
      status: 'executed',
      changeType: 'parameter',
      timeline: { created: iso(setFee.date), end: iso(setFee.date) },
      effectiveDate: '2024-12-02T22:45:51Z',
      firstSeen: '2024-12-02T22:45:51Z',
      title: 'Fee vote: base reserve 10 XRP → 1 XRP, owner reserve 2 XRP → 0.2 XRP',
    });
    expect(proposal!.sourceLinks![0]!.url).toBe(`https://livenet.xrpl.org/transactions/${fee.PreviousTxnID}`);
    expect(proposal!.changes).toEqual([
      expect.objectContaining({ parameter: 'reserveBase', from: 10_000_000, to: Number(fee.ReserveBaseDrops), unit: 'drops', verified: true }),
      expect.objectContaining({ parameter: 'reserveIncrement', from: 2_000_000, to: Number(fee.ReserveIncrementDrops), unit: 'drops', verified: true }),
    ]);
    expect(proposal!.changes[0]!.evidence).toContain('xrpl.org/blog/2024/lower-reserves-are-in-effect');
  });

  it('returns wire-valid proposals with a summary and a description', async () => {
    const proposals = await read();
    // The two majorities and the fee change.
    expect(proposals).toHaveLength(3);
    for (const proposal of proposals) {
      // As the API sends it (render adds what the wire always carries, such as mechanism).
      expect(Proposal.safeParse(renderProposal({ proposal }, 'full')).success, proposal.id).toBe(true);
      expect(proposal.description.length).toBeGreaterThan(50);
      expect(proposal.summary.length).toBeGreaterThan(20);
      expect(proposal.id).toMatch(/^xrpl-(amendment|fee)-[A-Za-z0-9]+$/);
    }
  });

  it('asks the server five things: server_info, both singletons, feature and the SetFee', async () => {
    const upstreams = replay.upstreams();
    const before = upstreams.counter.snapshot();
    await xrplSource().readProposals({ signal: new AbortController().signal, now: NOW, upstreams });
    expect(upstreams.counter.countsSince(before).xrpl).toMatchObject({ requests: 5, retries: 0, failures: 0 });
  });
});

describe('xrpl source on a failing upstream', () => {
  it('rejects when the WebSocket upgrade is refused with 503', async () => {
    replay.server.faults.inject('xrpl', { kind: 'status', status: 503 });
    await expect(read()).rejects.toMatchObject({ code: 'upstream_unreachable' });
  });

  it('rejects within the deadline and its retries when the server hangs', async () => {
    replay.server.faults.inject('xrpl', { kind: 'hang' });
    const { ms, error } = await timed(() => read({ policy: TEST_POLICY }));
    expect(error).toMatchObject({ code: 'upstream_timeout' });
    expect(ms).toBeLessThan(TEST_POLICY.deadlineMs * (TEST_POLICY.retries + 2) + 1000);
  });

  it('rejects when the server answers frames that are not JSON', async () => {
    replay.server.faults.inject('xrpl', { kind: 'malformed' });
    // TEST_POLICY's short deadline: a frame that does not parse answers nothing, so the call times out.
    await expect(read({ policy: TEST_POLICY })).rejects.toBeInstanceOf(Error);
  });

  it('rejects a server on another network', async () => {
    replay.server.faults.inject('xrpl', { kind: 'wrongChain' });
    await expect(read()).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });

  it('rejects with the abort reason when the feed build gives up', async () => {
    const controller = new AbortController();
    replay.server.faults.inject('xrpl', { kind: 'latency', ms: 200 });
    setTimeout(() => controller.abort(new Error('feed deadline')), 50);
    await expect(read({ signal: controller.signal, policy: { deadlineMs: 2000 } })).rejects.toThrow('feed deadline');
  });
});
