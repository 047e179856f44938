import { describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import { changesOfEngineViews } from '../../../shared/modules/aave/changesOfEngineViews.js';
import { KEEP_CURRENT } from '../../../shared/readers/configEngine/decodeEngineView.js';
import { ENGINE_LAYOUTS } from '../../../shared/readers/configEngine/engineLayouts.js';
import { marketOfPool } from '../../../shared/modules/aave/marketOfPool.js';
import type { ProposalPayload, TargetRead } from '../../../shared/modules/aave/types.js';
import { withVerifiedChanges } from '../../../shared/modules/aave/withVerifiedChanges.js';

const KC = KEEP_CURRENT;
const WBTC = '0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6';
const EURS = '0xE111178A87A3BFf0c8d18DECBa5798827539Ae99';
const PAYLOAD_138 = '0x49c234368bb90c3Fe4E55Bd1A3b50c391DCfA505';
const layout = (view: keyof typeof ENGINE_LAYOUTS, eras: string) => ENGINE_LAYOUTS[view].find((candidate) => candidate.eras === eras)!;

/** Polygon payload 138 of proposal 447 (aave-proposals-v3 20260208_AaveV3Polygon_IncreaseWBTC…; seatbelt 137/…/138.md): its views, decoded. */
const polygon138: Extract<TargetRead, { kind: 'engine' }> = {
  kind: 'engine',
  engine: '0xB2617F48dab4E5FCa387C6D7Ba69172c23A230Ba',
  market: 'aave-v3-polygon',
  symbols: { [WBTC.toLowerCase()]: 'WBTC', [EURS.toLowerCase()]: 'EURS' },
  views: [
    { view: 'collateralsUpdates', layout: layout('collateralsUpdates', 'B-F'), entries: [{ asset: WBTC, ltv: KC, liqThreshold: KC, liqBonus: 850n, debtCeiling: KC, liqProtocolFee: KC }] },
    { view: 'borrowsUpdates', layout: layout('borrowsUpdates', 'D-F'), entries: [{ asset: EURS, enabledToBorrow: KC, flashloanable: KC, borrowableInIsolation: KC, withSiloedBorrowing: KC, reserveFactor: 9900n }] },
  ],
};

describe('changesOfEngineViews', () => {
  it('states only the fields that are not KEEP_CURRENT, in bps, named by the reserve’s symbol (Polygon payload 138)', () => {
    const changes = changesOfEngineViews({ payload: '137:138', target: PAYLOAD_138, market: polygon138.market, views: polygon138.views, symbols: polygon138.symbols });
    expect(changes).toEqual([
      { protocol: 'aave', market: 'aave-v3-polygon', asset: 'WBTC', parameter: 'liquidationBonus', to: 850, unit: 'bps', evidence: `payload 137:138 (${PAYLOAD_138}) collateralsUpdates()`, verified: true },
      { protocol: 'aave', market: 'aave-v3-polygon', asset: 'EURS', parameter: 'reserveFactor', to: 9900, unit: 'bps', evidence: `payload 137:138 (${PAYLOAD_138}) borrowsUpdates()`, verified: true },
    ]);
  });

  it('gives rates as fractions, from ray before v3.1 and from bps after, and optimal usage in bps', () => {
    const ray = { view: 'rateStrategiesUpdates' as const, layout: layout('rateStrategiesUpdates', 'A-B'), entries: [{ asset: WBTC, params: { optimalUsageRatio: 45n * 10n ** 25n, baseVariableBorrowRate: 0n, variableRateSlope1: 7n * 10n ** 25n, variableRateSlope2: KC } }] };
    const bps = { view: 'rateStrategiesUpdates' as const, layout: layout('rateStrategiesUpdates', 'C-G'), entries: [{ asset: WBTC, params: { optimalUsageRatio: 4500n, baseVariableBorrowRate: KC, variableRateSlope1: 700n, variableRateSlope2: 30000n } }] };
    const read = (view: typeof ray | typeof bps) => changesOfEngineViews({ payload: '1:1', target: PAYLOAD_138, market: 'aave-v3-ethereum', views: [view], symbols: {} }).map(({ parameter, to, unit }) => [parameter, to, unit]);
    expect(read(ray)).toEqual([['optimalUsage', 4500, 'bps'], ['baseRate', 0, 'fraction'], ['slope1', 0.07, 'fraction']]);
    expect(read(bps)).toEqual([['optimalUsage', 4500, 'bps'], ['slope1', 0.07, 'fraction'], ['slope2', 3, 'fraction']]);
  });

  it('states an asset’s eMode collateral membership where the layout carries it, and names an unknown reserve by its address', () => {
    const view = { view: 'assetsEModeUpdates' as const, layout: layout('assetsEModeUpdates', 'F-G'), entries: [{ asset: WBTC, eModeCategory: 3, borrowable: 1n, collateral: 0n, ltvzero: KC }, { asset: EURS, eModeCategory: 3, borrowable: 1n, collateral: KC, ltvzero: KC }] };
    expect(changesOfEngineViews({ payload: '1:1', target: PAYLOAD_138, market: 'aave-v3-ethereum', views: [view], symbols: {} })).toEqual([
      expect.objectContaining({ asset: WBTC, eModeCategory: 3, parameter: 'eModeCollateral', to: 'disabled', unit: 'state' }),
    ]);
  });
});

describe('marketOfPool', () => {
  it('names the instance a payload’s pool context gives, else the chain', () => {
    expect([marketOfPool(1, 'Ethereum'), marketOfPool(1, 'Ethereum Lido'), marketOfPool(56, 'BNB Smart Chain'), marketOfPool(196, 'XLayer'), marketOfPool(137, undefined)]).toEqual([
      'aave-v3-ethereum',
      'aave-v3-ethereum-lido',
      'aave-v3-bnb',
      'aave-v3-xlayer',
      'aave-v3-polygon',
    ]);
  });
});

describe('withVerifiedChanges', () => {
  const row = (market: string | undefined, parameter: ParameterChange['parameter']): ParameterChange => ({ protocol: 'aave', ...(market && { market }), parameter, to: 1, unit: 'bps', evidence: 'body table row', verified: false });
  const table = { changes: [row('aave-v3-polygon', 'ltv'), row('aave-v3-base', 'ltv'), row(undefined, 'reserveFactor')], changeType: 'parameter' as const };
  const payload = (chainId: number, payloadId: number, actions: ProposalPayload['actions']): ProposalPayload => ({ chainId, payloadsController: '0x0', payloadId, actions });
  const engine = { target: PAYLOAD_138, delegateExecute: true, read: polygon138 };

  it('replaces the table rows of the market its engine payloads cover, and keeps the other markets’ rows', () => {
    const { changes, changeType } = withVerifiedChanges(table, [payload(137, 138, [engine]), payload(8453, 62, [{ target: '0x1', delegateExecute: true, read: { kind: 'custom' } }])]);
    expect(changes.map((change) => [change.market, change.parameter, change.verified])).toEqual([
      ['aave-v3-polygon', 'liquidationBonus', true],
      ['aave-v3-polygon', 'reserveFactor', true],
      ['aave-v3-base', 'ltv', false],
      [undefined, 'reserveFactor', false],
    ]);
    expect(changeType).toBe('parameter');
  });

  it('keeps a market’s rows beside the verified changes when another action on that chain is not an engine payload', () => {
    const { changes } = withVerifiedChanges(table, [payload(137, 138, [engine, { target: '0x2', delegateExecute: true }])]);
    expect(changes.filter((change) => change.market === 'aave-v3-polygon').map((change) => change.verified)).toEqual([true, true, false]);
  });

  it('drops rows naming no market only when every payload was read as an engine payload', () => {
    const { changes } = withVerifiedChanges(table, [payload(137, 138, [engine])]);
    expect(changes.some((change) => change.market === undefined)).toBe(false);
  });

  it('leaves the table’s changes as they are when no payload was read', () => {
    expect(withVerifiedChanges(table, [payload(137, 138, undefined)])).toBe(table);
  });
});
