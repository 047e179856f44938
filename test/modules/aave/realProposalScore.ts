import { eModeLabelMatches } from '../../../shared/changes/eModeLabel.js';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import type { AfterChange } from '../../fixtures/raw/aave-real/extractDiff.js';

/**
 * Scores the changes read from a proposal's text against its published after-state. A change is
 * exact when market, asset (case aside), eMode category (or its label, when the change carries a
 * label instead), parameter and value agree. A freeze, deprecation or offboarding read as a shape
 * change (`listing`) is exact against the asset's isFrozen going true: that is what those payloads do.
 */
export interface Score {
  expected: AfterChange[];
  exact: AfterChange[];
  missed: AfterChange[];
  /** Read changes the after-state contradicts or does not hold (as a change or as a value a rate curve keeps), on a market it covers. */
  spurious: ParameterChange[];
  /** Read changes on markets with no published diff in the fixture (Aave v2 rows of mixed texts). */
  outside: ParameterChange[];
}

const SHAPES_OF_FREEZE = new Set(['frozen', 'deprecated', 'offboarded', 'delisted']);

export const isServedKind = (change: AfterChange) => !change.held && !change.parameter.startsWith('unmodelled:') && !(change.parameter === 'listing' && change.to !== 'frozen');

export function scoreProposal(after: AfterChange[], read: ParameterChange[]): Score {
  const expected = after.filter(isServedKind);
  const markets = new Set(after.map((change) => change.market));
  const matches = (want: AfterChange, got: ParameterChange) => {
    if (got.market !== want.market || got.parameter !== want.parameter) return false;
    if ((got.asset ?? '').toLowerCase() !== (want.asset ?? '').toLowerCase()) return false;
    if (want.eModeCategory !== undefined) {
      const label = got.eModeLabel;
      if (got.eModeCategory !== want.eModeCategory && !(got.eModeCategory === undefined && label && want.eModeLabel && eModeLabelMatches(label, want.eModeLabel))) return false;
    }
    if (want.parameter === 'listing') return typeof got.to === 'string' && SHAPES_OF_FREEZE.has(got.to);
    return typeof got.to === 'number' && typeof want.to === 'number' && Math.abs(got.to - want.to) <= 1e-9 * Math.max(1, Math.abs(want.to));
  };
  const frozen = (want: AfterChange) => expected.some((other) => other.parameter === 'listing' && other.market === want.market && other.asset === want.asset);
  // Aave 3.2+ zeroes a reserve's LTV when it freezes it (PoolConfigurator.setReserveFreeze): a freeze read as a shape carries it.
  const byShape = (want: AfterChange, got: ParameterChange) =>
    want.parameter === 'ltv' && want.to === 0 && frozen(want) && got.parameter === 'listing' && got.market === want.market && (got.asset ?? '').toLowerCase() === (want.asset ?? '').toLowerCase() && SHAPES_OF_FREEZE.has(String(got.to));
  // A deprecation or offboarding shape is borne out when the after-state freezes the asset or takes its LTV to zero.
  const bornOut = (got: ParameterChange) =>
    got.parameter === 'listing' && SHAPES_OF_FREEZE.has(String(got.to)) && expected.some((want) => want.market === got.market && (want.asset ?? '').toLowerCase() === (got.asset ?? '').toLowerCase() && ((want.parameter === 'ltv' && want.to === 0) || want.parameter === 'listing'));
  const exact = expected.filter((want) => read.some((got) => matches(want, got) || byShape(want, got)));
  const outside = read.filter((got) => !got.market || !markets.has(got.market));
  const held = after.filter((change) => change.held);
  const spurious = read.filter((got) => got.market && markets.has(got.market) && !bornOut(got) && !expected.some((want) => matches(want, got)) && !held.some((value) => matches(value, got)));
  return { expected, exact, missed: expected.filter((want) => !exact.includes(want)), spurious, outside };
}
