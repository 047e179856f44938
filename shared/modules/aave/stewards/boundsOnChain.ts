import type { NoVoteBounds, NoVoteBoundsContext } from '../../../envelopes/noVoteBounds.js';
import { AAVE_NO_VOTE_BOUNDS } from '../stewardBounds.js';
import { boundsFromRead, readStewardBounds } from './readStewardBounds.js';
import { stewardBoundsMarkets } from './stewardBoundsMarkets.js';

/**
 * Aave's bounds for one scan of a real wallet (ProtocolModule.noVoteBoundsOnChain, so the chain
 * client stays out of the light functions' bundles that read the declared ones): each market the wallet has an account in has its
 * stewards read from chain (getRiskConfig, getTimelock of its collateral, getEModeTimelock of its
 * category, its restrictions: readStewardBounds.ts, one request per chain), and a market that
 * cannot be read keeps the declared defaults with the reason; every other market keeps them as
 * they are. With no account in a steward market, the declared defaults.
 */
export async function aaveNoVoteBounds(context: NoVoteBoundsContext): Promise<NoVoteBounds> {
  if (context.accounts.length === 0) return AAVE_NO_VOTE_BOUNDS;
  const markets = stewardBoundsMarkets().filter((market) => context.accounts.some((account) => account.market === market.market));
  if (markets.length === 0) return AAVE_NO_VOTE_BOUNDS;
  const reads = await readStewardBounds(context);
  const asked = new Set(markets.map((market) => market.market));
  const rest = AAVE_NO_VOTE_BOUNDS.bounds.flatMap((bound) => {
    const others = (bound.markets ?? []).filter((market) => !asked.has(market));
    return others.length > 0 ? [{ ...bound, markets: others }] : [];
  });
  const read = markets.flatMap((market) => {
    const declared = AAVE_NO_VOTE_BOUNDS.bounds.filter((bound) => bound.markets === undefined || bound.markets.includes(market.market));
    const outcome = reads.get(market.market);
    if (!outcome) return declared.map((bound) => ({ ...bound, markets: [market.market] }));
    if ('unreadBecause' in outcome) return declared.map((bound) => ({ ...bound, markets: [market.market], unreadBecause: outcome.unreadBecause }));
    // The book's steward is read even where the deploy script declares none (zkSync): its manual bounds are the templates.
    const templates = AAVE_NO_VOTE_BOUNDS.bounds.filter((bound) => !bound.mechanisms.includes('riskOracle') || declared.includes(bound));
    return boundsFromRead(templates, market, outcome.read);
  });
  return { bounds: [...rest, ...read], guardians: AAVE_NO_VOTE_BOUNDS.guardians };
}
