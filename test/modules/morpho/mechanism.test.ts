import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../shared/contract/proposal.js';
import { sanitizeProposal } from '../../../shared/feed/sanitize/sanitizeProposal.js';
import { ETHEREUM } from '../../../shared/modules/morpho/deployment.js';
import type { VaultChainRead, VaultLog } from '../../../shared/modules/morpho/readVaultGovernance.js';
import { timelockAtSubmission } from '../../../shared/modules/morpho/timelockAtSubmission.js';
import { vaultSource } from '../../../shared/modules/morpho/vaultSource.js';
import { useReplay } from '../../upstream/replayHarness.js';
import { SPELL_CAPS } from './sparkDaiScenario.js';

const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');
const read = () => vaultSource(ETHEREUM).readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams: replay.upstreams() });

describe('Morpho curator changes as timelock items (issue 23)', () => {
  it('names every vault change a timelock, a pending raise with its one-day notice and its validAt as effectiveAt', async () => {
    const proposals = await read();
    expect(proposals.length).toBe(SPELL_CAPS.length);
    for (const proposal of proposals) expect(proposal.mechanism).toBe('timelock');
    const pending = proposals.filter((proposal) => proposal.status === 'passed');
    expect(pending).toHaveLength(SPELL_CAPS.filter((entry) => entry.submitted > entry.before).length);
    for (const proposal of pending) {
      // The recorded Spark DAI vault's timelock is 1 day (SparkEthereum_20250109.t.sol).
      expect(proposal.noticeSeconds).toBe(86_400);
      expect(proposal.timeline.effectiveAt).toBe(proposal.timeline.end);
      expect(Date.parse(proposal.timeline.effectiveAt!) - Date.parse(proposal.timeline.created!)).toBe(86_400_000);
    }
  });

  it('gives a change that took effect at once a notice of 0 and its block time as effectiveAt, and keeps both through the sanitizer', async () => {
    const cuts = (await read()).filter((proposal) => proposal.status === 'executed');
    expect(cuts.length).toBeGreaterThan(0);
    for (const cut of cuts) {
      expect(cut.noticeSeconds).toBe(0);
      expect(cut.timeline.effectiveAt).toBe(cut.effectiveDate);
      const cleaned = sanitizeProposal(cut, NOW.toISOString());
      expect('proposal' in cleaned && cleaned.proposal).toMatchObject({ mechanism: 'timelock', noticeSeconds: 0, timeline: { effectiveAt: cut.effectiveDate } });
      const { changes: _changes, firstSeen: _firstSeen, ...wire } = cut;
      expect(Proposal.safeParse(wire).success).toBe(true);
    }
  });

  describe('the timelock in force at a submission', () => {
    const vault = ETHEREUM.vaults[0]!;
    const log = (eventName: VaultLog['eventName'], blockNumber: bigint, args: Record<string, unknown> = {}): VaultLog => ({ vault: vault.address, eventName, args, blockNumber, logIndex: 0 });
    const state = { vault, timelock: 3n * 86_400n } as VaultChainRead['vaults'][number];
    const submit = log('SubmitCap', 100n, { cap: 1n });

    it('is the head’s when no SetTimelock follows it', () => {
      expect(timelockAtSubmission({ vaults: [state], logs: [submit] }, submit)).toBe(3n * 86_400n);
    });

    it('is the last earlier SetTimelock’s when a later one moved it', () => {
      const logs = [log('SetTimelock', 50n, { newTimelock: 86_400n }), submit, log('SetTimelock', 200n, { newTimelock: 3n * 86_400n })];
      expect(timelockAtSubmission({ vaults: [state], logs }, submit)).toBe(86_400n);
    });

    it('is unknown when a later SetTimelock moved it and the window holds no earlier value', () => {
      expect(timelockAtSubmission({ vaults: [state], logs: [submit, log('SetTimelock', 200n, { newTimelock: 3n * 86_400n })] }, submit)).toBeUndefined();
    });
  });
});
