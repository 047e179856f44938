import { protocolName } from '../shared/modules/registry.js';
import { formatter, withUnit } from '../shared/simulate/format.js';
import { chainName } from '../shared/upstream/chainNames.js';
import { type Html, html } from './html.js';

/**
 * How the pages write numbers and dates: fixed locale and UTC, so a page reads the same for everyone.
 * The formatters are built once, at first use: building an Intl formatter costs far more than using
 * one, and building them at import would cost the page function's cold start ICU's loading.
 */
const LOCALE = 'en-US';
const number = (maximumFractionDigits: number, minimumFractionDigits = 0) => formatter({ maximumFractionDigits, minimumFractionDigits });
const [WHOLE, CENTS, TWO, SIX] = [number(0), number(2, 2), number(2), number(6)];
let dates: Intl.DateTimeFormat | undefined;
const DATE = { format: (date: Date) => (dates ??= new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).format(date) };

/** "$37,800" or "−$298" (signed only when asked: a loss or gain from the wallet's side). */
export function formatUsd(value: number, options: { signed?: boolean } = {}): string {
  const size = Math.abs(value);
  const text = `$${(size < 10 ? CENTS : WHOLE).format(size)}`;
  if (!options.signed || value === 0) return text;
  return value < 0 ? `−${text}` : `+${text}`;
}

/** A decimal amount in the asset's units, with grouping and at most 6 significant decimals. */
export function formatAmount(amount: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return amount;
  return (value >= 1000 ? TWO : SIX).format(value);
}

/** A fraction as a percentage: 0.0315 → "3.15 %", the sign joined to its number by a no-break space. */
export const formatPercent = (fraction: number): string => withUnit(TWO.format(fraction * 100), '%');

/** A health factor as protocols show it: two decimals, "∞"-like values capped in words. */
export const formatHealthFactor = (value: number): string => (value >= 1000 ? 'over 1,000' : value.toFixed(2));

/** "Nov 22, 2026, 10:00 UTC"; the raw text when it is not a date. */
export function formatDate(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${DATE.format(date)} UTC`;
}

/** A protocol's name for people (the module's), or its slug when it is not a served module. */
export { protocolName };

/** A chain's name for people ("BNB Chain", "X Layer"), never its id. */
export { chainName };

/** Upstream text cut to a length a page can hold; the full text stays in the JSON. */
export const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

const UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
] as const;

/**
 * How far `iso` is from `asOf`, in words: "in 3 days", "5 hours ago", "within the minute". Whole
 * units, rounded down, the largest that fits from two of it (47 hours stay hours); empty when either
 * is not a date. Pages say it beside the date, so a reader sees at once whether a vote is still open.
 */
export function relativeTime(iso: string | undefined, asOf: string): string {
  const at = iso ? Date.parse(iso) : Number.NaN;
  const from = Date.parse(asOf);
  if (Number.isNaN(at) || Number.isNaN(from)) return '';
  const gap = Math.abs(at - from);
  const [unit, size] = UNITS.find(([, ms]) => gap >= 2 * ms) ?? (gap >= 60_000 ? UNITS[2] : [undefined, 0]);
  if (!unit) return 'within the minute';
  const count = Math.floor(gap / size);
  const amount = withUnit(String(count), `${unit}${count === 1 ? '' : 's'}`);
  return at > from ? `in ${amount}` : `${amount} ago`;
}

/**
 * A date as people read it on a page: how far it is from the page's time ("in 3 days", "5 hours
 * ago"), with the absolute date on hover (`title`) and for machines (`datetime`); the absolute date
 * alone where no relative phrase is right (a recording's dates, a time that is not a date).
 *
 * @example relativeDate('2026-11-26T16:00:00Z', '2026-11-22T12:00:00Z') // <time datetime="…" title="Nov 26, 2026, 16:00 UTC">in 4 days</time>
 */
export function relativeDate(iso: string, asOf: string | undefined): Html {
  const relative = asOf === undefined ? '' : relativeTime(iso, asOf);
  const absolute = formatDate(iso);
  return relative ? html`<time datetime="${iso}" title="${absolute}">${relative}</time>` : html`<time datetime="${iso}">${absolute}</time>`;
}
