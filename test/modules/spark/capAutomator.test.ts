import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../shared/contract/proposal.js';
import { renderProposal } from '../../../shared/proposals/render.js';
import { sparkCapAutomatorSource } from '../../../shared/modules/spark/capAutomator.js';
import { useReplay } from '../../upstream/replayHarness.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { faultCases } from '../../support/faultCases.js';
import { logNode } from '../../support/logNode.js';
import { CAP_AUTOMATOR_CHAIN, WBTC_CAP, WBTC_CAP_CONFIG } from './capAutomatorScenario.js';

const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');
const read = (upstreams = replay.upstreams()) => sparkCapAutomatorSource().readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams });

describe('Spark’s changes made without a spell, on the recorded Ethereum window', () => {
  it('gives the cap automator’s raise as a steward item, verified from its event, with no notice', async () => {
    const [raise] = (await read()).filter((proposal) => proposal.mechanism === 'steward');
    expect(raise).toMatchObject({ status: 'executed', noticeSeconds: 0, changeType: 'parameter' });
    expect(raise!.timeline.effectiveAt).toBe(raise!.effectiveDate);
    expect(raise!.changes).toEqual([
      { protocol: 'spark', market: 'sparklend-ethereum', asset: 'WBTC', parameter: 'supplyCap', from: Number(WBTC_CAP[0]), to: Number(WBTC_CAP[1]), unit: 'tokens', evidence: expect.stringMatching(/^CapAutomator\.UpdateSupplyCap at block/), verified: true },
    ]);
  });

  it('gives a freeze with no spell as a guardian item, and leaves a freeze inside a spell’s exec to the spell', async () => {
    const proposals = await read();
    const freezes = proposals.filter((proposal) => proposal.mechanism === 'guardian');
    expect(freezes.map((proposal) => proposal.changes.map(({ asset, parameter, to }) => `${asset} ${parameter} ${to}`))).toEqual([['GNO listing frozen']]);
    expect(proposals).toHaveLength(2);
    for (const proposal of proposals) expect(Proposal.safeParse(renderProposal({ proposal }, 'full')).success).toBe(true);
  });

  it('reads it in three HTTP requests: the head, the logs, and the configs of the caps the window moved', async () => {
    const upstreams = replay.upstreams();
    await read(upstreams);
    expect(upstreams.counter.snapshot().ethereum?.requests).toBe(3);
  });

  it('says the raise’s bound as read from the automator: its max, gap and cooldown, and when the next raise may come', async () => {
    const [raise] = (await read()).filter((proposal) => proposal.mechanism === 'steward');
    const next = new Date((WBTC_CAP_CONFIG.lastIncreaseTime + WBTC_CAP_CONFIG.increaseCooldown) * 1000).toISOString().replace('.000Z', 'Z');
    expect(raise!.description).toContain('Read from the automator at the window\'s head: at most 6,000 WBTC, a gap of 500 WBTC, one raise per 12 hours');
    expect(raise!.description).toContain(`so the next may come from ${next}`);
  });

  it('says so, with no figure, when the configs cannot be read (not served, or reverting), and keeps the items', async () => {
    for (const node of [logNode(CAP_AUTOMATOR_CHAIN), logNode(CAP_AUTOMATOR_CHAIN, { abis: [], answer: () => undefined })]) {
      const upstreams = createUpstreams({ endpoints: { ethereum: 'http://fake-node.invalid' }, fetch: node.fetch, env: {} });
      const proposals = await read(upstreams);
      const [raise] = proposals.filter((proposal) => proposal.mechanism === 'steward');
      expect(proposals).toHaveLength(2);
      expect(raise!.description).toMatch(/Its configured maximum, gap and cooldown could not be read from the automator \(.+\)\.$/);
      expect(raise!.description).not.toContain('6,000');
    }
  });

  faultCases({ replay, upstream: 'ethereum', read });
});
