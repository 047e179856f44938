import type { ParameterLabel } from './parameterLabels.js';

const SUFFIX: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9 };

/** How a column's header marks its numbers ("Current (%)", "Proposed (bps)"), applied to bare cells. */
export type HeaderUnit = '%' | 'bps';

// A number, an optional k/m/b suffix, then %, bps or a token symbol ("1100 GNO", "5,000,000 mUSD").
const VALUE = /^\$?\s*(-?\d[\d,_ ]*(?:\.\d+)?)\s*([kmb](?![a-z]))?\s*(%|bps|[a-z][a-z0-9.]*)?\s*\$?$/i;

/**
 * A table cell as a number in the parameter's unit, or undefined when it holds none ("-", "n/a",
 * "unchanged", prose). "80%" → 8000 bps; "0.8" and "8000" → 8000 bps for a share; "300%" → 3 as a
 * rate; "1,000,000", "10M", "$2.5M" and "1100 GNO" → tokens. Authors' slips such as "0_01%" are read
 * as 0.01 %. A liquidation bonus written with the collateral returned ("107%", "10700", "1.07") is
 * read as the bonus alone (700 bps), as the simulator stores it.
 */
export function parseTableValue(cell: string, label: ParameterLabel, headerUnit?: HeaderUnit): number | undefined {
  const text = cell.replace(/\*\*|`/g, '').trim();
  const match = VALUE.exec(text);
  if (!match) return undefined;
  const [, digits = '', suffix, written] = match;
  const marker = written === '%' || written?.toLowerCase() === 'bps' ? (written.toLowerCase() as HeaderUnit) : written ? undefined : headerUnit;
  // A trailing word is a token symbol: only caps may carry one.
  if (written && !marker && label.unit !== 'tokens') return undefined;
  const number = Number(/^\d+_\d+$/.test(digits.trim()) ? digits.replace('_', '.') : digits.replace(/[,_ ]/g, '')) * (suffix ? SUFFIX[suffix.toLowerCase()]! : 1);
  if (!Number.isFinite(number)) return undefined;
  if (label.unit === 'tokens') return marker ? undefined : number;
  let fraction = marker === '%' ? number / 100 : marker === 'bps' ? number / 10_000 : bareShare(number, label);
  if (label.parameter.endsWith('iquidationBonus') && fraction >= 1) fraction -= 1;
  return label.unit === 'bps' ? Math.round(fraction * 10_000 * 100) / 100 : fraction;
}

/** The token symbol a cap cell names after its number ("1100 GNO" → GNO), if any. */
export function symbolOfValue(cell: string): string | undefined {
  const written = VALUE.exec(cell.replace(/\*\*|`/g, '').trim())?.[3];
  return written && written !== '%' && written.toLowerCase() !== 'bps' ? written : undefined;
}

function bareShare(number: number, label: ParameterLabel): number {
  if (!label.bounded) return number;
  // Risk configs write 1.05 for a 5 % bonus; a bare 1.5 for "1.5 %" would be read the same way,
  // so only the liquidation bonus gets this reading, and only between 1 and 2.
  if (label.parameter.endsWith('iquidationBonus') && number > 1 && number < 2) return number;
  if (number <= 1) return number;
  return number <= 100 ? number / 100 : number / 10_000;
}
