import type { Position } from '../shared/contract/position.js';
import { formatAmount, formatHealthFactor, formatUsd, protocolName } from './format.js';
import { type Html, html } from './html.js';

/** The wallet's positions as a table: protocol, asset, amount, value and, for lending, health factor. */
export function positionsTable(positions: readonly Position[]): Html {
  const anyHealth = positions.some((position) => position.healthFactor !== undefined);
  return html`<div class="table-wrap"><table class="positions stack">
<caption>Positions found</caption>
<thead><tr><th scope="col">Protocol</th><th scope="col">Asset</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Value</th>${anyHealth ? html`<th scope="col" class="num">Health factor</th>` : ''}</tr></thead>
<tbody>
${positions.map(
  (position) => html`<tr><td data-label="Protocol">${protocolName(position.protocol)}</td><td data-label="Asset"><span><bdi>${position.asset}</bdi>${position.debt ? html` <span class="role">borrowed</span>` : position.collateral ? html` <span class="role">supplied</span>` : ''}</span></td><td class="num" data-label="Amount">${formatAmount(position.amount)}</td><td class="num" data-label="Value">${position.valueUsd === undefined ? '—' : formatUsd(position.valueUsd)}</td>${anyHealth ? html`<td class="num" data-label="Health factor">${position.healthFactor === undefined ? '—' : formatHealthFactor(position.healthFactor)}</td>` : ''}</tr>`,
)}
</tbody>
</table></div>`;
}
