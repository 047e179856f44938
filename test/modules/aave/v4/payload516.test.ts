import { describe, expect, it } from 'vitest';
import { aaveSource } from '../../../../shared/modules/aave/source.js';
import { useReplay } from '../../../upstream/replayHarness.js';

/*
 * Proposal 516 (Onboard PAXG to the Aave v4 Global Dollar Hub) on the shared recordings: its
 * Ethereum payload 466 answers CONFIG_ENGINE and none of the v3 views, then its v4 views
 * (test/fixtures/upstream/ethereum/aave-payload-targets.json, encoded from the payload's source,
 * aave-payload-views.md). Its changes are then verified, on the v4 spokes it configures.
 */
const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');

describe('the recorded v4 hub onboarding (proposal 516)', () => {
  it('decodes its payload’s v4 views into verified changes on the PAXG Gold and USDG Pendle spokes, in place of the body’s table', async () => {
    const proposals = await aaveSource().readProposals({ signal: new AbortController().signal, now: NOW, upstreams: replay.upstreams({ deadlineMs: 5000 }) });
    const proposal = proposals.find((entry) => entry.id === 'aave-gov3-516')!;
    expect(proposal).toBeDefined();
    expect(proposal.changes.length).toBeGreaterThan(0);
    // Beside the payload's, only the title's listing stays: unverified, on a market no scan reads ('aave-v4-ethereum', no spoke).
    const unverified = proposal.changes.filter((change) => !change.verified);
    expect(unverified.map((change) => [change.market, change.asset, change.parameter])).toEqual([['aave-v4-ethereum', 'PAXG', 'listing']]);
    expect(proposal.changes.filter((change) => change.verified).every((change) => change.evidence.startsWith('payload 1:466'))).toBe(true);
    expect(proposal.changes.filter((change) => change.verified)).toHaveLength(33);
    const on = (market: string, asset: string | undefined, parameter: string) => proposal.changes.find((change) => change.market === market && change.asset === asset && change.parameter === parameter);
    const paxgSpoke = 'aave-v4-ethereum-paxg-gold';
    expect(on(paxgSpoke, 'PAXG', 'listing')).toMatchObject({ to: 'listed' });
    expect(on(paxgSpoke, 'PAXG', 'v4CollateralFactor')).toMatchObject({ to: 7500, unit: 'bps', configKey: 0 });
    expect(on(paxgSpoke, 'PAXG', 'v4MaxLiquidationBonus')).toMatchObject({ to: 650, configKey: 0 });
    expect(on(paxgSpoke, 'PAXG', 'v4LiquidationFee')).toMatchObject({ to: 1000 });
    expect(on(paxgSpoke, 'PAXG', 'v4ReserveState')).toMatchObject({ to: 'not borrowable' });
    expect(on(paxgSpoke, 'USDG', 'v4ReserveState')).toMatchObject({ to: 'borrowable' });
    expect(on(paxgSpoke, undefined, 'v4TargetHealthFactor')).toMatchObject({ to: 1.2 });
    expect(on(paxgSpoke, 'PAXG', 'v4AddCap')).toMatchObject({ to: 2500, unit: 'tokens' });
    expect(on(paxgSpoke, 'USDG', 'v4DrawCap')).toMatchObject({ to: 9_500_000 });
    // The text's headline: a 4,000,000 USDG draw cap on the Pendle spoke.
    expect(on('aave-v4-ethereum-usdg-pendle', 'USDG', 'v4DrawCap')).toMatchObject({ to: 4_000_000 });
    expect(proposal.changeType).toBe('shape');
  });
});
