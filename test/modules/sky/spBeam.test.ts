import { encodeAbiParameters, encodeEventTopics, stringToHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { decodeSetLog, setEvent, SP_BEAM_BOUNDS, spBeamProposal } from '../../../shared/modules/sky/spBeam.js';
import { simulateProposal } from '../../support/simulator.js';
import { exposure } from '../../simulate/fixtures.js';
import { spellFixtures } from './spellConfigFixtures.js';

/*
 * SP-BEAM's Set(bytes32 indexed id, uint256 bps) (makerdao/sp-beam src/SPBEAM.sol @eaadd53),
 * encoded here with the event's own ABI: a SYNTHETIC log (block, index and bps chosen for the test;
 * no real Set log was captured), decoded into an applied, verified change.
 */
const log = (id: string, bps: bigint, blockNumber = 24_950_000n, logIndex = 3) => ({
  topics: encodeEventTopics({ abi: [setEvent], eventName: 'Set', args: { id: stringToHex(id, { size: 32 }) } }) as [`0x${string}`, ...`0x${string}`[]],
  data: encodeAbiParameters([{ type: 'uint256' }], [bps]),
  blockNumber,
  logIndex,
});

describe('SP-BEAM Set events', () => {
  it('decode the rate’s id from its bytes32 and the new bps', () => {
    expect(decodeSetLog(log('SSR', 425n))).toEqual({ id: 'SSR', bps: 425, blockNumber: 24_950_000n, logIndex: 3 });
    expect(decodeSetLog(log('ETH-A', 575n)).id).toBe('ETH-A');
  });

  it('an SSR set is an executed, verified ssr change on sUSDS, with the bounds of its next move in words', () => {
    const proposal = spBeamProposal(decodeSetLog(log('SSR', 425n)), '2026-11-20T08:00:00.000Z');
    expect(proposal).toMatchObject({ id: 'sky-spbeam-24950000-3', status: 'executed', title: 'SP-BEAM set the Sky Savings Rate to 4.25\u00a0%', effectiveDate: '2026-11-20T08:00:00.000Z' });
    expect(proposal.changes).toEqual([{ protocol: 'sky', market: 'sky-susds', asset: 'sUSDS', parameter: 'ssr', to: 425, unit: 'bps', evidence: 'SP-BEAM Set("SSR", 425) in block 24950000', verified: true }]);
    expect(proposal.description).toContain('by at most 4\u00a0% within 2\u00a0% to 30\u00a0%, no sooner than 16\u00a0hours after this set, with no vote (declared default from spells-mainnet src/test/config.sol@17aee91)');
  });

  it('is graded none for a holder: it is applied, and the scan reads the new rate (in effect)', () => {
    const proposal = spBeamProposal(decodeSetLog(log('SSR', 425n)));
    const holder = exposure('sky', 'sUSDS', 10_000, { role: 'supply', market: 'sky-susds', apr: 0.0425, savingsRate: 'ssr' });
    expect(simulateProposal(proposal, [holder])).toMatchObject({ level: 'none' });
  });

  it('an ilk’s Set is a verified stability-fee change on that ilk, which reaches a vault of it', () => {
    const proposal = spBeamProposal(decodeSetLog(log('ETH-A', 575n)), '2026-11-20T08:00:00.000Z');
    expect(proposal.changes).toEqual([{ protocol: 'sky', market: 'ETH-A', parameter: 'stabilityFee', to: 575, unit: 'bps', evidence: 'SP-BEAM Set("ETH-A", 575) in block 24950000', verified: true }]);
    expect(proposal).toMatchObject({ title: 'SP-BEAM set the ETH-A stability fee to 5.75\u00a0%', mechanism: 'steward', noticeSeconds: 0 });
  });

  it('holds the bounds of spells-mainnet src/test/config.sol @17aee91', () => {
    expect(SP_BEAM_BOUNDS).toEqual({ tauSeconds: 57_600, SSR: { min: 200, max: 3000, step: 400 }, DSR: { min: 0, max: 3000, step: 400 } });
  });

  it('holds the bounds the latest committed after-state publishes (the 2026-05-07 spell’s)', () => {
    expect(spellFixtures().get('2026-05-07')!.afterState.spBeam).toEqual(SP_BEAM_BOUNDS);
  });
});
