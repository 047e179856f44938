import type { ScannedProposal } from '../shared/scan/scanResult.js';
import { marketName } from '../shared/modules/registry.js';
import { clip, formatHealthFactor, formatPercent, formatUsd } from './format.js';
import { type Html, html } from './html.js';

/** The liquidation line: a lending account whose health factor falls below 1.0 can be liquidated. */
const LIQUIDATION = 1;
/** Health factors beyond this are drawn at the edge: the story is near 1.0, not at 40. */
const HF_AXIS_CAP = 4;
const STILL_TO_COME: ReadonlySet<string> = new Set(['active', 'pending', 'passed']);
const WIDTH = 300;
const HEIGHT = 28;

interface HealthRow { market: string; protocol: string; title: string; before: number; after: number }
interface YearlyRow { asset: string; title: string; aprBefore: number; aprAfter: number; usd?: number }

/** The health-factor and yearly-rate figures the simulator left on each matched proposal. */
export function chartRows(proposals: readonly ScannedProposal[]): { health: HealthRow[]; yearly: YearlyRow[] } {
  const health: HealthRow[] = [];
  const yearly: YearlyRow[] = [];
  for (const { proposal, effects } of proposals) {
    // Only what may still happen: a closed, canceled or executed proposal moves nothing from here.
    if (!STILL_TO_COME.has(proposal.status)) continue;
    for (const effect of effects ?? []) {
      if (effect.healthFactor && effect.healthFactor.before !== effect.healthFactor.after) health.push({ ...effect.healthFactor, protocol: proposal.protocol, title: proposal.title });
      if (effect.yearly && effect.yearly.aprBefore !== effect.yearly.aprAfter) yearly.push({ ...effect.yearly, title: proposal.title });
    }
  }
  return { health, yearly };
}

const x = (value: number, max: number) => (Math.min(Math.max(value, 0), max) / max) * WIDTH;
const fixed = (value: number) => value.toFixed(1);
const AXIS_HEIGHT = 8;

/**
 * The health-factor axis: from 0 to a whole number of steps (every 0.5 up to 2.5, else every 1, up
 * to HF_AXIS_CAP) past the largest value drawn, so its ticks fall evenly across the width. Pure.
 */
export function healthAxisOf(values: readonly number[]): { max: number; ticks: number[] } {
  const reach = Math.min(HF_AXIS_CAP, Math.max(1.5, ...values) * 1.1);
  const step = reach <= 2.5 ? 0.5 : 1;
  const max = Math.ceil(reach / step - 1e-9) * step;
  return { max, ticks: Array.from({ length: Math.round(max / step) + 1 }, (_, index) => index * step) };
}

/**
 * A scale under a figure's bars: the line and tick marks drawn in the bars' own coordinates (same
 * viewBox, same width), and the tick labels as HTML text on an even grid beneath, so they keep the
 * page's type size at any width and a screen reader reads them with the words around them.
 */
function axis(labels: readonly string[], before: string, after: string, strong?: string): Html {
  const intervals = labels.length - 1;
  return html`<svg class="bar axis" viewBox="-8 0 ${WIDTH + 16} ${AXIS_HEIGHT}" aria-hidden="true" focusable="false">
<line x1="0" x2="${WIDTH}" y1="1" y2="1" stroke="#4b5563" stroke-width="1"/>
${labels.map((_, index) => html`<line x1="${fixed((index / intervals) * WIDTH)}" x2="${fixed((index / intervals) * WIDTH)}" y1="0" y2="7" stroke="#4b5563" stroke-width="1"/>`)}
</svg>
<p class="axis-ticks ticks-${intervals}"><span class="axis-words">${before} </span>${labels.map((label, index) => html`<span class="${index === intervals ? 'tick-end' : `tick-${index + 1}`}${label === strong ? ' tick-strong' : ''}">${label}</span>${index < intervals ? html`<span class="axis-words">, </span>` : ''}`)}<span class="axis-words">${after}</span></p>`;
}

const healthAxis = ({ max, ticks }: { max: number; ticks: number[] }): Html =>
  axis(ticks.map((tick) => tick.toFixed(1)), `Scale: health factor from 0 to ${max.toFixed(1)}, ticks at`, '; liquidation below 1.0.', LIQUIDATION.toFixed(1));

function yearlyAxis(maxSize: number): Html {
  const edge = formatUsd(maxSize);
  return axis([`−${edge}`, '$0', `+${edge}`], 'Scale: yearly change, ticks at', '; zero in the middle.');
}

/** One account's health factor before (hollow) and after (filled) one proposal, against the line at 1.0. */
function healthBar(row: HealthRow, max: number): Html {
  const [before, after, line] = [x(row.before, max), x(row.after, max), x(LIQUIDATION, max)];
  const falls = row.after < LIQUIDATION;
  const label = `Health factor ${formatHealthFactor(row.before)} before, ${formatHealthFactor(row.after)} after; liquidation below 1.0`;
  return html`<svg class="bar" viewBox="-8 0 ${WIDTH + 16} ${HEIGHT}" role="img" aria-label="${label}">
<rect x="0" y="8" width="${fixed(line)}" height="12" fill="#fde2e1"/>
<rect x="${fixed(line)}" y="8" width="${fixed(WIDTH - line)}" height="12" fill="#e7efe9"/>
<line x1="${fixed(line)}" x2="${fixed(line)}" y1="2" y2="26" stroke="#b3261e" stroke-width="2" stroke-dasharray="3 2"/>
<line x1="${fixed(before)}" x2="${fixed(after)}" y1="14" y2="14" stroke="#1f2937" stroke-width="2"/>
<circle cx="${fixed(before)}" cy="14" r="5" fill="#fff" stroke="#1f2937" stroke-width="2"/>
<circle cx="${fixed(after)}" cy="14" r="5" fill="${falls ? '#b3261e' : '#1f2937'}"/>
</svg>`;
}

/** One position's yearly change under one proposal: a bar left (loses) or right (gains) of zero. */
function yearlyBar(row: YearlyRow, maxSize: number): Html {
  // Without money the direction is unknown (a higher rate is a gain to a lender, a cost to a borrower).
  if (row.usd === undefined) return html``;
  const size = row.usd;
  const half = WIDTH / 2;
  const length = maxSize === 0 ? 0 : (Math.abs(size) / maxSize) * half;
  const start = size < 0 ? half - length : half;
  const label = `${row.asset}: ${formatPercent(row.aprBefore)} → ${formatPercent(row.aprAfter)} a year, ${formatUsd(size, { signed: true })} a year`;
  return html`<svg class="bar" viewBox="-8 0 ${WIDTH + 16} ${HEIGHT}" role="img" aria-label="${label}">
<rect x="${fixed(start)}" y="7" width="${fixed(Math.max(length, 1))}" height="14" fill="${size < 0 ? '#b3261e' : '#1e7a46'}"/>
<line x1="${half}" x2="${half}" y1="2" y2="26" stroke="#1f2937" stroke-width="1.5"/>
</svg>`;
}

/**
 * The picture of what is at stake: health factors against the liquidation line, and yearly
 * changes per proposal. Inline SVG drawn here (no library, no script), each bar with its words
 * beside it and as its accessible name, so the numbers never live only in the drawing.
 */
export function exposureChart(proposals: readonly ScannedProposal[]): Html {
  const { health, yearly } = chartRows(proposals);
  if (health.length === 0 && yearly.length === 0) return html``;
  const healthScale = healthAxisOf(health.flatMap((row) => [row.before, row.after]));
  const hfMax = healthScale.max;
  const yearlyMax = Math.max(0, ...yearly.map((row) => Math.abs(row.usd ?? 0)));
  const markets = [...new Set(health.map((row) => row.market))];
  return html`<section class="chart" aria-labelledby="chart-heading">
<h2 id="chart-heading">What changes, at a glance</h2>
${markets.map(
  (market) => html`<figure>
<figcaption>Health factor of your ${marketName(health.find((row) => row.market === market)!.protocol, market)} account: before (hollow dot <span class="key key-before" aria-hidden="true"></span>) and after (filled dot <span class="key key-after" aria-hidden="true"></span>) each proposal; below the dashed line at 1.0 the account can be liquidated.</figcaption>
<ul class="bars">${health.filter((row) => row.market === market).map((row) => html`<li><span class="bar-label"><bdi>${clip(row.title, 90)}</bdi> <strong>${formatHealthFactor(row.before)} → ${formatHealthFactor(row.after)}</strong>${row.after < LIQUIDATION ? html` <span class="warn">below 1.0</span>` : ''}</span>${healthBar(row, hfMax)}</li>`)}</ul>
${healthAxis(healthScale)}
</figure>`,
)}
${yearly.length > 0 ? html`<figure>
<figcaption>Yearly change per proposal: left of the line the wallet earns less or pays more, right of it the wallet gains.</figcaption>
<ul class="bars">${yearly.map((row) => html`<li><span class="bar-label"><bdi>${clip(row.title, 90)}</bdi> <strong>${row.asset} ${formatPercent(row.aprBefore)} → ${formatPercent(row.aprAfter)}${row.usd === undefined ? '' : `, ${formatUsd(row.usd, { signed: true })} a year`}</strong></span>${yearlyBar(row, yearlyMax)}</li>`)}</ul>
${yearlyMax > 0 ? yearlyAxis(yearlyMax) : ''}
</figure>` : ''}
</section>`;
}
