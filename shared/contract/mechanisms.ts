/**
 * How a change reaches the chain, and the words every surface (OpenAPI, /llms.txt, README, the page)
 * uses for each. Plain strings, no zod: llms.txt is served by a function that loads none. The order
 * is the enum's.
 */
export const MECHANISM_MEANINGS = {
  vote: 'a governance vote decides it (on chain or off chain); every proposal that does not say otherwise',
  timelock: 'an admin or curator queued it in a timelock: the full call is public until its eta, and no vote can stop it unless a guardian cancels it',
  steward: 'a risk steward or rate module applied it within bounds fixed on chain (largest step, time between steps), with no vote and no notice',
  riskOracle: 'an automated risk oracle published it and an injector applies it within minutes, inside the stewards’ bounds',
  guardian: 'an emergency role acted at once: a freeze (no new borrowing against the asset) or a pause',
  motion: 'an optimistic motion: it is enacted at its deadline unless enough token holders object before then',
} as const;

export type Mechanism = keyof typeof MECHANISM_MEANINGS;

export const MECHANISMS = Object.keys(MECHANISM_MEANINGS) as [Mechanism, ...Mechanism[]];

/** A proposal that does not name its mechanism was put to a vote: every source before issue 23. */
export const DEFAULT_MECHANISM: Mechanism = 'vote';

/** Items that took effect without a vote stay in the feed this long, so a scan can say "changed 2 days ago". */
export const CHANGED_RECENTLY_DAYS = 30;
