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
  /** Read changes the after-state contradicts or does not hold, on a market it covers. */
  spurious: ParameterChange[];
  /** Read changes on markets with no published diff in the fixture (Aave v2 rows of mixed texts). */
  outside: ParameterChange[];
}

const SHAPES_OF_FREEZE = new Set(['frozen', 'deprecated', 'offboarded', 'delisted']);

export const isServedKind = (change: AfterChange) => !change.parameter.startsWith('unmodelled:') && !(change.parameter === 'listing' && change.to !== 'frozen');

export function scoreProposal(after: AfterChange[], read: ParameterChange[]): Score {
  const expected = after.filter(isServedKind);
  const markets = new Set(after.map((change) => change.market));
  const matches = (want: AfterChange, got: ParameterChange) => {
    if (got.market !== want.market || got.parameter !== want.parameter) return false;
    if ((got.asset ?? '').toLowerCase() !== (want.asset ?? '').toLowerCase()) return false;
    if (want.eModeCategory !== undefined) {
      const label = (got as ParameterChange & { eModeLabel?: string }).eModeLabel;
      if (got.eModeCategory !== want.eModeCategory && !(got.eModeCategory === undefined && label && sameLabel(label, want.eModeLabel))) return false;
    }
    if (want.parameter === 'listing') return typeof got.to === 'string' && SHAPES_OF_FREEZE.has(got.to);
    return typeof got.to === 'number' && typeof want.to === 'number' && Math.abs(got.to - want.to) <= 1e-9 * Math.max(1, Math.abs(want.to));
  };
  const exact = expected.filter((want) => read.some((got) => matches(want, got)));
  const outside = read.filter((got) => !got.market || !markets.has(got.market));
  const spurious = read.filter((got) => got.market && markets.has(got.market) && !expected.some((want) => matches(want, got)));
  return { expected, exact, missed: expected.filter((want) => !exact.includes(want)), spurious, outside };
}

const sameLabel = (a: string, b: string | undefined) => b !== undefined && normalize(a) === normalize(b);
const normalize = (label: string) => label.toLowerCase().replace(/[^a-z0-9]/g, '');
