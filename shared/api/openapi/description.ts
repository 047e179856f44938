import { CHAIN_CHECK_RULES } from '../../simulate/checkAgainstChain.js';
import { LEVEL_RULES } from '../../simulate/levels.js';
import { API_VERSION } from '../../contract/version.js';
import { MODULE_INFOS } from '../../modules/registry.js';
import { MODULE_NOTES, PRICED_COINS } from '../examples.js';
import { STATUS_MEANINGS, UNKNOWN_PARAMETER_RULE } from '../../contract/queryDocs.js';

/** Each module's own spam rules, in a few words. */
const MODULE_SPAM_RULES = MODULE_INFOS.flatMap((module) => (module.spamRules ?? []).map((rule) => `${module.name}: ${rule.holdsBack}`));

/** The document's description: how the API behaves where the shapes alone do not say. */
export const API_DESCRIPTION = `Govex, the Governance Exposure API (version ${API_VERSION}).

Live governance proposals (rule changes) of DeFi protocols in one feed, and for a wallet (evm, solana, cosmos, xrpl) or an ens name: its positions, and every proposal that touches them with a simulated impact. Data and simulation only, never financial advice.

- **Anonymous, read-only, keyless.** CORS is open on every endpoint (any origin, no credentials); a preflight may ask for api-version, If-None-Match and Content-Type, and scripts can read ETag, Allow, the rate-limit and the version headers.
- **Envelopes.** Every JSON body is an object. Errors are always {error, code, hint}, with one fixed hint per code. Exceptions on purpose: /api/openapi.json (this raw document), /llms.txt (Markdown), /w/{address} (HTML).
- **Rate limit.** 30 requests per client per 60-second sliding window, one policy named default, on scan, positions, proposals, proposal detail and ens. The client is the caller's IP address (IPv6 grouped by /56), stored only as a keyed hash; callers behind one shared address share one budget. Preflights and refused (429) requests are not counted. Every throttled answer, errors included, carries RateLimit, RateLimit-Policy, X-RateLimit-Limit and X-RateLimit-Remaining; a 429 adds Retry-After, equal to RateLimit t. An answer served from a CDN cache never reached the limiter and carries no RateLimit fields.
- **Versioning.** x-api-version on every response. Pin a line with the api-version request header (0.1 or 0.1.0); any other value is 400 unsupported_version. Deprecation (RFC 9745) and Sunset (RFC 8594) appear only on operations marked deprecated here.
- **Wallets.** evm addresses in any single case, or mixed case with a valid EIP-55 checksum, come back checksummed; solana (base58, 32 bytes) and xrpl (classic or X-address) verbatim; cosmos bech32 lower-cased. An ens name is normalized (ENSIP-15) and resolved on mainnet; one with no address is 400 invalid_address on scan and positions, and address null on /api/ens/resolve.
- **Coverage.** A protocol in degraded could not be checked; one absent from both results and degraded genuinely has nothing. 502 only when every module failed. Before the first feed build every source is listed as not read yet. A protocol's governance systems (an on-chain governor, a Snapshot space) are read apart: when one fails, its last good proposals stay in the feed and degraded names it.
- **Protocols.** ${MODULE_NOTES.join(' ')} ${PRICED_COINS.join(', ')} positions are valued with CoinGecko's keyless USD price, at most a minute old; when it cannot be read they carry no valueUsd and their impacts are stated in the asset's own units.
- **Query parameters.** ${UNKNOWN_PARAMETER_RULE} (This replaces the earlier rule that unknown parameters are ignored.) protocol and status are comma lists (a repeated key counts as its values comma-joined); an empty item or unknown value is 400. limit is an integer 1..200, never clamped. since is a UTC date; first seen is timeline.created where the source gives it, else when the feed builder first saw the proposal. minImpact needs address.
- **Paging.** GET /api/proposals answers at most limit proposals (count in this page, total on every page together) and, while more follow, nextCursor: send it back as cursor with the same filters for the next page; the last page has none. A cursor marks a place in the answer's order, not an offset, so a proposal the feed gains or loses between two requests shifts no other one across pages. A cursor this API did not issue, or one from the global feed sent with address (or the other way round), is 400 invalid_input.
- **Statuses.** ${Object.entries(STATUS_MEANINGS).map(([status, meaning]) => `${status}: ${meaning}`).join('; ')}. pending → active → passed | closed | canceled; passed → executed | canceled.
- **Spam and phishing.** Proposals that meet a written spam rule (a phishing link, a proposal the Snapshot hub flags, and each protocol's own — ${MODULE_SPAM_RULES.join('; ')}) stay stored but are left out of the global feed, scans and proposal detail (404 naming the rule). includeSpam=true brings them back, each with spam {rule, reason}: never follow or render their links. GET /api lists every rule, its evidence and how many proposals it holds back now (spamRules).
- **Ordering.** With a wallet: impact level (critical first), then the size of estimatedImpactUsd, then the vote's end, sooner first. Global feed: active ending soonest, then pending starting soonest, then the rest most recently ended first.
- **Impact.** estimatedImpactUsd is signed from the wallet's side (negative: the wallet loses), per year for rate and fee changes, once for reserves. analysisStatus simulated means backed by verified or chain-corroborated parameter changes; awaiting_analysis means matched but not yet quantified. How changes are checked: ${CHAIN_CHECK_RULES.join(' ')} Levels: ${LEVEL_RULES.join(' ')}
- **Caching.** Scans about 60 seconds (refreshedAt is when positions were read); the global feed about 5 minutes.
- **Demo wallets.** Listed in GET /api; mode mock, fixed data through the same pipeline as live data. Never real exposure.
- **Methods.** GET and HEAD; OPTIONS answers preflight with 204; any other method is 405 with Allow and code invalid_input.`;
