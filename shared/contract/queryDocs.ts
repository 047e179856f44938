import type { ProposalStatus } from './enums.js';
import { MECHANISM_MEANINGS } from './mechanisms.js';

/** What each proposal status means (decisions.md, Status mapping). */
export const STATUS_MEANINGS: Readonly<Record<ProposalStatus, string>> = {
  pending: 'created, voting not open yet',
  active: 'voting open',
  passed: 'the vote won, and the change is not in effect yet; effectiveDate, where known, says when it may be',
  closed: 'voting ended without passing (defeated, expired, short of quorum)',
  executed: 'the change is in effect',
  canceled: 'withdrawn or vetoed',
};

/**
 * What each query parameter does, in the words the OpenAPI document (through the schemas of
 * query.ts), /llms.txt and docs/api.md all use. Plain strings, no schema: llms.txt is served by a
 * function that loads no zod.
 */
export const PARAMETER_DOCS = {
  address: 'A wallet (evm, solana, cosmos, xrpl) or an ens name.',
  name: 'An ens name, for example vitalik.eth.',
  view: 'full (default) or compact: compact strips proposal bodies down to triage fields.',
  protocol: 'Comma list of protocol slugs (GET /api lists them). Narrows positions and proposals, and skips the other modules’ upstream calls; an unknown slug is 400.',
  status: `Comma list of lifecycle states to keep: ${Object.entries(STATUS_MEANINGS).map(([status, meaning]) => `${status} (${meaning})`).join('; ')}.`,
  mechanism: `Comma list of the ways a change reaches the chain to keep: ${Object.entries(MECHANISM_MEANINGS).map(([mechanism, meaning]) => `${mechanism} (${meaning})`).join('; ')}.`,
  minImpact: 'Keep proposals at least this material (critical > high > medium > low > none). Needs a wallet: on the feed without address it is 400.',
  since: 'Drop proposals first seen before this UTC date (YYYY-MM-DD). First seen is timeline.created where the source gives it, else when the feed builder first saw the proposal.',
  includeSpam:
    'true brings back proposals held back as spam or phishing (each then carries `spam`: the rule it met and why). GET /api states the rules and how many proposals each holds back.',
  limit: 'Proposals per page, 1 to 200 (default 50); anything else is 400, never clamped.',
  cursor:
    'The nextCursor of the previous page, unchanged: the next page starts after that page’s last proposal in the same order. Opaque; send it with the same filters. A cursor this API did not issue is 400 invalid_input.',
} as const;

/** The rule every endpoint applies to the names of its query parameters (issue 19 replaced "ignored"). */
export const UNKNOWN_PARAMETER_RULE =
  'Names are case-sensitive. A parameter an endpoint does not take is 400 invalid_input naming it (and the name it most likely meant: minimpact → minImpact), never silently ignored; the /w/{address} page alone ignores names it does not know (links shared elsewhere gain utm_source and the like) but still refuses a misspelt filter.';
