import type { SpamRule } from './spamRule.js';

/**
 * The phishing-link rule, described. Apart from the list and its matcher (phishingLinks.ts) so that
 * what lists the rules (the catalog, llms.txt) does not bundle and parse 19 KB of domains.
 */
export const PHISHING_LINK_RULE: SpamRule = {
  id: 'links/phishing-domain',
  appliesTo: 'every source',
  holdsBack: 'a proposal whose title, body or links point at a host, or a parent domain of it, on the pinned phishing block list',
  evidence:
    'Keplr blocks visited origins found in chainapsis/phishing-block-list block-list.txt, matching the host and each parent domain (chainapsis/keplr-wallet packages/background/src/phishing-list/service.ts); the list is Apache-2.0 and bundled as a pinned copy, never fetched at request time',
};
