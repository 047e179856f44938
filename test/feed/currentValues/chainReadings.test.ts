import { AaveV3XLayer } from '@aave-dao/aave-address-book';
import { describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import { readingVerdict } from '../../../shared/feed/currentValues/readingVerdict.js';
import { withChainReadings } from '../../../shared/feed/currentValues/withChainReadings.js';
import type { ModuleEntry, ProtocolModule } from '../../../shared/modules/types.js';
import { CONFIGURATION_FIELDS, reserveConfiguration } from '../../../shared/readers/lendingPool/reserveConfiguration.js';
import { aavePlans } from '../../../shared/modules/aave/currentValues.js';
import { currentValuePlans } from '../../../shared/modules/compound/currentValues.js';
import { renderProposal } from '../../../shared/proposals/render.js';
import { testServices } from '../../support/services.js';
import { feedProposal } from '../../support/feed.js';

/** Issue #21 item 4: the old value read on chain, for a proposal page. The pure parts, with plain data. */

const change = (fields: Partial<ParameterChange> = {}): ParameterChange => ({ protocol: 'aave', market: 'aave-v3-ethereum', asset: 'WETH', parameter: 'liquidationThreshold', to: 8000, unit: 'bps', evidence: 'test', verified: true, ...fields });

describe('a change’s stated old value against the chain’s', () => {
  it('agrees, differs, is already in effect, or has no stated old value, within the unit’s tolerance', () => {
    expect(readingVerdict(change({ from: 8300 }), { value: 8300.4 })).toEqual({ kind: 'agrees', value: 8300.4 });
    expect(readingVerdict(change({ from: 8300 }), { value: 8250 })).toEqual({ kind: 'disagrees', value: 8250 });
    expect(readingVerdict(change({ from: 8300 }), { value: 8000 })).toEqual({ kind: 'in_effect', value: 8000 });
    expect(readingVerdict(change(), { value: 8300 })).toEqual({ kind: 'no_stated_old', value: 8300 });
    expect(readingVerdict(change({ parameter: 'borrowCap', unit: 'tokens', from: 45_000, to: 125_000 }), { value: 'no cap' })).toEqual({ kind: 'disagrees', value: 'no cap' });
    expect(readingVerdict(change({ from: 8300 }), { notRead: 'the pool refused the read' })).toEqual({ kind: 'not_read', reason: 'the pool refused the read' });
  });
});

/** A module entry whose only code is a current-value reader (plain data, no chain). */
const entry = (slug: string, currentValues?: ProtocolModule['currentValues']): ModuleEntry =>
  ({ slug, name: slug === 'aave' ? 'Aave' : 'Compound', addressKinds: ['evm'], upstreams: [], load: async () => ({ source: {}, exposure: { readPositions: async () => [] }, demo: { positions: () => [], proposals: () => [] }, ...(currentValues && { currentValues }) }) }) as ModuleEntry;

const build = (modules: ModuleEntry[], proposals = [feedProposal({ id: 'aave-1', protocol: 'aave', status: 'active', changes: [change({ from: 8300 }), change({ parameter: 'ltv', to: 7000 })] })]) =>
  withChainReadings(proposals, { modules, upstreams: testServices().upstreams, now: new Date('2026-11-25T12:00:00Z'), deadlineMs: 1_000 });

describe('reading open proposals’ old values at feed build time', () => {
  it('sets one reading per change, in order, from the change’s module', async () => {
    const [read] = await build([entry('aave', { readCurrentValues: async (changes) => changes.map((_, index) => (index === 0 ? { value: 8300 } : { notRead: 'this parameter is not read on chain yet' })) })]);
    expect(read!.chainReadings).toEqual([{ value: 8300 }, { notRead: 'this parameter is not read on chain yet' }]);
  });

  it('says why for every change when the module’s read fails, and keeps every proposal and change', async () => {
    const proposals = await build([entry('aave', { readCurrentValues: async () => Promise.reject(new Error('boom')) })]);
    expect(proposals).toHaveLength(1);
    expect(proposals[0]!.changes).toHaveLength(2);
    expect(proposals[0]!.chainReadings).toEqual([{ notRead: 'could not be read (failed (Error))' }, { notRead: 'could not be read (failed (Error))' }]);
  });

  it('says "could not be read" when the module hangs past the deadline, without holding the build', async () => {
    const [read] = await build([entry('aave', { readCurrentValues: () => new Promise(() => {}) })]);
    expect(read!.chainReadings![0]).toEqual({ notRead: 'could not be read (no answer within 1000 ms)' });
  });

  it('says a module that reads no current values does not, and fills a short answer with "not read"', async () => {
    expect((await build([entry('aave')]))[0]!.chainReadings).toEqual([{ notRead: 'Aave’s current values are not read on chain yet' }, { notRead: 'Aave’s current values are not read on chain yet' }]);
    expect((await build([entry('aave', { readCurrentValues: async () => [{ value: 8300 }] })]))[0]!.chainReadings).toEqual([{ value: 8300 }, { notRead: 'not read' }]);
  });

  it('reads only proposals that can still take effect, never spam, and asks nothing when none can', async () => {
    let asked = 0;
    const counting = entry('aave', { readCurrentValues: async (changes) => ((asked += changes.length), changes.map(() => ({ value: 1 }))) });
    const proposals = ['executed', 'closed', 'canceled'].map((status, index) => feedProposal({ id: `aave-${index}`, protocol: 'aave', status: status as 'executed', changes: [change()] }));
    const spam = feedProposal({ id: 'aave-spam', protocol: 'aave', status: 'active', changes: [change()], spam: { rule: 'snapshot/flagged', reason: 'flagged' } });
    const read = await build([counting], [...proposals, spam]);
    expect(asked).toBe(0);
    expect(read.every((proposal) => proposal.chainReadings === undefined)).toBe(true);
    const open = await build([counting], ['pending', 'active', 'passed'].map((status, index) => feedProposal({ id: `aave-o${index}`, protocol: 'aave', status: status as 'active', changes: [change()] })));
    expect(asked).toBe(3);
    expect(open.map((proposal) => proposal.chainReadings)).toEqual([[{ value: 1 }], [{ value: 1 }], [{ value: 1 }]]);
  });

  it('never puts a reading on the wire', async () => {
    const [read] = await build([entry('aave', { readCurrentValues: async (changes) => changes.map(() => ({ value: 8300 })) })]);
    expect(JSON.stringify(renderProposal({ proposal: read! }, 'full'))).not.toContain('chainReadings');
  });
});

describe('what a module reads, and from where', () => {
  it('decodes a pool’s reserve configuration word field by field (SYNTHETIC word built from known fields)', () => {
    const word = 7500n | (8000n << 16n) | (10_500n << 32n) | (18n << 48n) | (1n << 56n) | (1500n << 64n) | (1_000_000n << 80n) | (2_000_000n << 116n) | (1000n << 152n);
    expect(reserveConfiguration(word)).toEqual({ ltv: 7500, liquidationThreshold: 8000, liquidationBonus: 500, decimals: 18, active: true, reserveFactor: 1500, borrowCap: 1_000_000, supplyCap: 2_000_000, liquidationProtocolFee: 1000 });
    expect(reserveConfiguration(0n).liquidationBonus).toBe(0);
    expect(Object.keys(CONFIGURATION_FIELDS)).toContain('supplyCap');
  });

  it('plans Aave reads by the address book’s reserve, and says why where it cannot', () => {
    const [listed, pendle, unknown, curve, nowhere] = aavePlans([
      change({ parameter: 'listing', to: 'listed', unit: 'state' }),
      change({ market: 'aave-v3-xlayer', asset: 'PT-USDG-29OCT2026', parameter: 'supplyCap', unit: 'tokens', to: 35_000_000 }),
      change({ asset: 'NOPE' }),
      change({ parameter: 'slope2', unit: 'fraction', to: 0.8 }),
      change({ market: 'aave-v4-ethereum' }),
    ]);
    expect(listed).toEqual({ notRead: 'a listing replaces no value: before it, the asset is not listed' });
    expect(pendle).toMatchObject({ upstream: 'xlayer', chain: { id: 196 }, plan: { calls: [{ target: AaveV3XLayer.POOL }] } });
    expect(unknown).toEqual({ notRead: 'the asset is not a reserve of this market in the address book' });
    expect(curve).toEqual({ notRead: 'this parameter is not read on chain yet' });
    expect(nowhere).toEqual({ notRead: 'this market is not read on chain' });
  });

  it('plans Compound reads through the Comptroller for v2 and the Comet for v3, and says why where it cannot', () => {
    const v2 = { protocol: 'compound', market: 'compound-v2' } as const;
    const [cf, cap, wbtc, comet, l2, unknown] = currentValuePlans([
      change({ ...v2, asset: 'BAT', parameter: 'ltv' }),
      change({ ...v2, asset: 'LINK', parameter: 'borrowCap', unit: 'tokens' }),
      change({ ...v2, asset: 'WBTC', parameter: 'ltv' }),
      change({ protocol: 'compound', market: 'comet-usdc', asset: 'UNI', parameter: 'supplyCap', unit: 'tokens' }),
      change({ protocol: 'compound', market: 'comet-usdc-arbitrum', asset: 'ARB', parameter: 'supplyCap', unit: 'tokens' }),
      change({ protocol: 'compound', market: '0x0000000000000000000000000000000000c0ffee', asset: 'UNI', parameter: 'supplyCap', unit: 'tokens' }),
    ]);
    const comptroller = { upstream: 'ethereum', plan: { calls: [{ target: '0x3d9819210A31b4961b30EF54bE2aeD79B9c9Cd3B' }] } };
    expect(cf).toMatchObject({ reads: [comptroller] });
    expect(cap).toMatchObject({ reads: [comptroller] });
    expect(wbtc).toEqual({ notRead: 'two Compound v2 markets lend this asset' });
    // UNI has an address on Ethereum and one on Unichain: only the Comet's chain's is asked (compound tokens.ts).
    const cometRead = { upstream: 'ethereum', plan: { calls: [{ target: '0xc3d688B66703497DAA19211EEdff47f25384cdc3' }] } };
    expect(comet).toMatchObject({ reads: [cometRead], unlisted: 'this market does not list the asset' });
    expect((comet as { reads: unknown[] }).reads).toHaveLength(1);
    // An L2 Comet is read on its own chain (Arbitrum's USDC Comet, cometMarketNames.ts); a Comet this build does not name is not.
    expect(l2).toMatchObject({ reads: [{ upstream: 'arbitrum', chain: { id: 42161 }, plan: { calls: [{ target: '0x9c4ec768c28520B50860ea7a15bd7213a9fF58bf' }] } }] });
    expect(unknown).toEqual({ notRead: 'this build does not know this market' });
  });
});
