import type { Position } from '../shared/contract/position.js';
import { marketName } from '../shared/modules/registry.js';
import { chainName, formatAmount, formatHealthFactor, formatPercent, formatUsd, protocolName } from './format.js';
import { type Html, html } from './html.js';

/** How a position is held, in words: a delegation, its rewards and the liquid balance are three rows that say so. */
const HOLDING_WORDS: Readonly<Record<NonNullable<Position['holding']>, string>> = {
  supplied: 'supplied',
  borrowed: 'borrowed',
  staked: 'staked',
  delegated: 'delegated',
  rewards: 'rewards, not withdrawn',
  liquid: 'in the account',
  vault: 'vault shares',
  lp: 'pool shares',
};

/** The holding's words: the position's own, else what its debt or collateral says. */
const holdingOf = (position: Position): string | undefined =>
  position.holding ? HOLDING_WORDS[position.holding] : position.debt ? 'borrowed' : position.collateral ? 'supplied' : undefined;

/** An issuer's account, short: its start and end are what people compare; the whole is on hover. */
const shortAccount = (account: string): string => (account.length > 16 ? `${account.slice(0, 8)}…${account.slice(-6)}` : account);

/**
 * Where the position sits: the market as people name it (the module's name for it) and its chain
 * where the name does not say it ("… v3 Arbitrum", "Ethereum" for a one-market protocol), with
 * the vault's, market's or validators' own name under it; a dash when nothing is known.
 */
function marketCell(position: Position): Html {
  const market = position.market ? marketName(position.protocol, position.market) : undefined;
  // A chain that is its protocol (a module whose chain is its own) is named once, in the protocol column.
  const chain = position.chain && chainName(position.chain) !== protocolName(position.protocol) ? chainName(position.chain) : undefined;
  const where = market && chain && !market.includes(chain) ? `${market} · ${chain}` : (market ?? chain);
  const named = position.name && position.name !== market ? position.name : undefined;
  if (!where && !named) return html`—`;
  return html`<span class="market">${where ? html`<span>${where}</span>` : ''}${named ? html`<span class="sub"><bdi>${named}</bdi></span>` : ''}</span>`;
}

/** The asset, how it is held, and for an issued token its issuer. */
function assetCell(position: Position): Html {
  const holding = holdingOf(position);
  return html`<span><bdi>${position.asset}</bdi>${holding ? html` <span class="role">${holding}</span>` : ''}${position.issuer ? html`<span class="sub">issued by <code class="issuer" title="${position.issuer}">${shortAccount(position.issuer)}</code></span>` : ''}</span>`;
}

/**
 * The wallet's positions as a table: protocol, market and chain (with the vault's or validators'
 * name), asset and how it is held, amount, value, yearly rate and, for lending, health factor. On a
 * narrow screen each row is a small card of label–value pairs (govex.css).
 */
export function positionsTable(positions: readonly Position[]): Html {
  const anyHealth = positions.some((position) => position.healthFactor !== undefined);
  const anyMarket = positions.some((position) => position.market !== undefined || position.name !== undefined || position.chain !== undefined);
  const anyApy = positions.some((position) => position.apy !== undefined);
  return html`<div class="table-wrap"><table class="positions stack">
<caption>Positions found</caption>
<thead><tr><th scope="col">Protocol</th>${anyMarket ? html`<th scope="col">Market</th>` : ''}<th scope="col">Asset</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Value</th>${anyApy ? html`<th scope="col" class="num">APY</th>` : ''}${anyHealth ? html`<th scope="col" class="num">Health factor</th>` : ''}</tr></thead>
<tbody>
${positions.map(
  (position) => html`<tr><td data-label="Protocol">${protocolName(position.protocol)}</td>${anyMarket ? html`<td data-label="Market">${marketCell(position)}</td>` : ''}<td data-label="Asset" class="asset">${assetCell(position)}</td><td class="num" data-label="Amount">${formatAmount(position.amount)}</td><td class="num" data-label="Value">${position.valueUsd === undefined ? '—' : formatUsd(position.valueUsd)}</td>${anyApy ? html`<td class="${position.apy === undefined ? 'num unknown' : 'num'}" data-label="APY">${position.apy === undefined ? '—' : formatPercent(position.apy)}</td>` : ''}${anyHealth ? html`<td class="${position.healthFactor === undefined ? 'num unknown' : 'num'}" data-label="Health factor">${position.healthFactor === undefined ? '—' : formatHealthFactor(position.healthFactor)}</td>` : ''}</tr>`,
)}
</tbody>
</table></div>`;
}
