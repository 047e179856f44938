import type { Position } from '../shared/api/schemas/position.js';
import { formatAmount, formatHealthFactor, formatUsd, protocolName } from './format.js';
import { type Html, html } from './html.js';

/** The wallet's positions as a table: protocol, asset, amount, value and, for lending, health factor. */
export function positionsTable(positions: readonly Position[]): Html {
  const anyHealth = positions.some((position) => position.healthFactor !== undefined);
  return html`<div class="table-wrap"><table class="positions">
<caption>Positions found</caption>
<thead><tr><th scope="col">Protocol</th><th scope="col">Asset</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Value</th>${anyHealth ? html`<th scope="col" class="num">Health factor</th>` : ''}</tr></thead>
<tbody>
${positions.map(
  (position) => html`<tr><td>${protocolName(position.protocol)}</td><td><bdi>${position.asset}</bdi>${position.debt ? html` <span class="role">borrowed</span>` : position.collateral ? html` <span class="role">supplied</span>` : ''}</td><td class="num">${formatAmount(position.amount)}</td><td class="num">${position.valueUsd === undefined ? '—' : formatUsd(position.valueUsd)}</td>${anyHealth ? html`<td class="num">${position.healthFactor === undefined ? '—' : formatHealthFactor(position.healthFactor)}</td>` : ''}</tr>`,
)}
</tbody>
</table></div>`;
}
