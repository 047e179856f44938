import type { ParameterLabel } from './parameterLabels.js';

const SUFFIX: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9 };

/**
 * A table cell as a number in the parameter's unit, or undefined when it holds none ("-", "n/a",
 * "unchanged", prose). "80%" → 8000 bps; "0.8" → 8000 bps for a share; "300%" → 3 as a rate;
 * "1,000,000", "10M" and "$2.5M" → tokens. Authors' slips such as "0_01%" are read as 0.01 %.
 */
export function parseTableValue(cell: string, label: ParameterLabel): number | undefined {
  const text = cell.replace(/\*\*|`/g, '').trim().toLowerCase();
  const match = /^\$?\s*(-?\d[\d,_ ]*(?:\.\d+)?)\s*([kmb])?\s*(%|bps)?$/.exec(text);
  if (!match) return undefined;
  const [, digits = '', suffix, marker] = match;
  const number = Number(
    /^\d+_\d+$/.test(digits.trim()) ? digits.replace('_', '.') : digits.replace(/[,_ ]/g, ''),
  ) * (suffix ? SUFFIX[suffix]! : 1);
  if (!Number.isFinite(number)) return undefined;
  const fraction = marker === '%' ? number / 100 : marker === 'bps' ? number / 10_000 : label.bounded && number > 1 ? number / 100 : number;
  switch (label.unit) {
    case 'bps':
      return Math.round(fraction * 10_000 * 100) / 100;
    case 'fraction':
      return fraction;
    default:
      return marker ? undefined : number;
  }
}
