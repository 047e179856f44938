import { DEMO_WALLETS } from '../demo/wallets.js';
import { CHAIN_CHECK_RULES } from '../simulate/checkAgainstChain.js';
import { LEVEL_RULES } from '../simulate/levels.js';
import { MODULES } from '../modules/registry.js';
import { DESCRIPTIONS, EXAMPLE_PROTOCOLS, EXAMPLE_REQUESTS, MODULE_NOTES, PRICED_COINS } from './examples.js';
import { EXAMPLE_WALLETS } from './exampleWallets.js';
import { API_VERSION } from '../contract/version.js';
import { PARAMETER_DOCS, STATUS_MEANINGS, UNKNOWN_PARAMETER_RULE } from '../contract/queryDocs.js';
import { CHANGED_RECENTLY_DAYS, MECHANISM_MEANINGS } from '../contract/mechanisms.js';
import { ERROR_CODES, WIRE_ERROR_CODES } from '../contract/errors.js';
import type { ExampleBodies } from './openapi/exampleBodiesType.js';
import { OPERATIONS } from './operations.js';
import { type DocumentedOperation, QUERY_PARAMETERS } from './queryParameters.js';

/** Dated entries, newest first; a change is listed here before it ships (contract, Versioning §5). */
export const CHANGELOG = [
  {
    version: '0.1.0',
    date: '2026-11-25',
    notes: [
      'Unknown query parameters are refused: 400 invalid_input naming the parameter and the name most likely meant (minimpact → minImpact); they used to be ignored, so a misspelt filter answered everything. The /w/{address} page alone still ignores names it does not know, but refuses a misspelt filter. GET /api lists each endpoint\'s parameters.',
      'GET /api/proposals pages with cursor: each page carries nextCursor while more proposals follow; total counts every page together.',
      'CORS preflights allow If-None-Match and Content-Type beside api-version; scripts can read ETag and Allow too.',
      'POST /api/simulate: the what-if command over HTTP. Send an account described by hand and the changes to try (or a proposal\'s text) as JSON, at most 16 kB; the answer is what `npm run simulate` prints. Counted in the quota, never cached.',
      'Scans, positions, the feed and proposal detail carry a weak ETag; send it back as If-None-Match (a list, or *) for 304 Not Modified without a body. A 304 counts against the quota like any request.',
      'A page per proposal for people, /p/{id} (HTML): its changes with how each was read, its timeline, sources and a form to see its effect on a wallet; /p/search?q= finds proposals by title or protocol. The index and the Atom feed link there, and also list passed proposals waiting to execute.',
    ],
  },
  {
    version: '0.1.0',
    date: '2026-11-22',
    notes: [
      'First release: scan, positions, proposals, proposal detail, ens resolution, health, the endpoint catalog, the OpenAPI document and this file.',
      `Protocol modules: ${MODULES.map((entry) => entry.slug).join(', ')}.`,
      'Demo wallets (mode mock), one per address kind; example wallets (real accounts, mode live) in GET /api as exampleWallets.',
      'The global feed is built every 5 minutes from each protocol\'s governance systems; a system that fails keeps its last good proposals, and the feed says so in degraded.',
      'Spam and phishing proposals are held back by written rules listed in GET /api (spamRules, with counts); includeSpam=true on the feed, scans and proposal detail brings them back with spam {rule, reason}.',
    ],
  },
];

/** Each query parameter, the endpoints that take it, and what it does. */
function parameterList(): string {
  const names = Object.keys(PARAMETER_DOCS) as (keyof typeof PARAMETER_DOCS)[];
  return names
    .map((name) => {
      const where = (Object.keys(QUERY_PARAMETERS) as DocumentedOperation[]).filter((operation) => (QUERY_PARAMETERS[operation] as readonly string[]).includes(name)).map((operation) => OPERATIONS[operation].path);
      return `- \`${name}\` (${where.join(', ')}): ${PARAMETER_DOCS[name]}`;
    })
    .join('\n');
}

/**
 * /llms.txt in the llmstxt.org format: an H1, a summary, notes, then sections of links. `examples`
 * are the OpenAPI document's example bodies (the real pipeline on the demo wallets), so the sample
 * answer shown here is one the API gives, not JSON written by hand.
 */
export function llmsTxt(base: string, examples: Pick<ExampleBodies, 'proposals'>): string {
  const link = (name: keyof typeof EXAMPLE_REQUESTS) => `- [GET ${EXAMPLE_REQUESTS[name]}](${base}${EXAMPLE_REQUESTS[name]}): ${DESCRIPTIONS[name]}`;
  return `# Govex — Governance Exposure API

> Which live governance proposals of DeFi protocols (${MODULES.map((entry) => entry.name).join(', ')}) touch a wallet's positions, and by how much, simulated. Anonymous, read-only, keyless JSON. Data and simulation only, never financial advice. Version ${API_VERSION}.

How to use it:

- Start with \`GET /api/scan/{address}\` for a wallet (evm 0x…, solana, cosmos, xrpl) or an ens name: its positions, and every proposal touching them with an impact (level critical/high/medium/low/none, a summary, an estimated change such as "health factor 1.42 → 1.36", estimatedImpactUsd signed from the wallet's side).
- Add \`view=compact\` for triage fields only, \`minImpact=high\` to keep only material proposals, \`protocol=${EXAMPLE_PROTOCOLS.join(',')}\` to narrow (and re-check a degraded protocol cheaply).
- \`completeness: partial\` with \`degraded\` means some protocol could not be checked: never read that as "no position".
${MODULE_NOTES.map((note) => `- ${note}`).join('\n')}
- ${PRICED_COINS.join(', ')} are valued with CoinGecko's public USD price, at most a minute old; when that price cannot be read, those positions have no valueUsd and their impacts are stated in the asset's own units.
- Proposals held back as spam or phishing (a link on a pinned phishing block list, a Snapshot-flagged proposal, and each protocol's own rules) are left out of the feed, scans and proposal detail; \`includeSpam=true\` brings them back, each with \`spam: {rule, reason}\`, and their links must never be followed. \`GET /api\` lists the rules (\`spamRules\`) and how many proposals each holds back now.
- Mode \`mock\` marks the demo wallets: fixed data, never real exposure. Link people to \`webUrl\` (\`/w/{address}\`), and to \`/p/{id}\` for one proposal, not to the JSON.
- Errors are \`{error, code, hint}\`: do not retry 400s unchanged; retry 500 and 502 with backoff; on 429 wait \`Retry-After\` seconds. The quota is 30 requests per 60 s per client, wallet and proposal pages (\`/w/{address}\`, \`/p/{id}\`) included.
- Pin the version with the \`api-version: 0.1\` header; every answer carries \`x-api-version\`.

## Query parameters

${UNKNOWN_PARAMETER_RULE} Comma lists: a repeated key counts as its values comma-joined; an empty item or an unknown value is 400 invalid_input.

${parameterList()}

Paging the feed: \`GET /api/proposals\` answers at most \`limit\` proposals, \`count\` of them in this page and \`total\` on every page together; while more follow, the answer carries \`nextCursor\`. Send it back as \`cursor\` with the same filters for the next page; the last page has no \`nextCursor\`. The cursor marks a place in the order, not an offset: a proposal the feed gains or loses meanwhile shifts no other one across pages.

## Proposal statuses

${Object.entries(STATUS_MEANINGS).map(([status, meaning]) => `- \`${status}\`: ${meaning}`).join('\n')}

Transitions: pending → active → passed | closed | canceled; passed → executed | canceled.

## How a change reaches the chain (\`mechanism\`)

Every proposal names its \`mechanism\`; \`noticeSeconds\`, where known, is the time from the first on-chain signal to the effect, and \`timeline.effectiveAt\` when it takes or took effect. Changes made without a vote are \`pending\` until they apply and \`executed\` after, and stay in the feed ${CHANGED_RECENTLY_DAYS} days after they apply. Filter with \`mechanism=steward,riskOracle\`.

${Object.entries(MECHANISM_MEANINGS).map(([mechanism, meaning]) => `- \`${mechanism}\`: ${meaning}`).join('\n')}

## The worst case without a vote (\`envelopes\`)

A scan with \`view=full\` adds \`envelopes\`: for each lending account or savings position that stewards, risk oracles, rate modules or guardians can reach on their own, the worst they can do within \`horizonDays\` (7) inside the bounds their contracts enforce. A lending account carries \`healthFactor {now, worst}\` (every liquidation threshold lowered by the largest steps allowed, applied together by the simulator); a savings position \`yearlyUsd {now, worst}\` (the rate moved by the largest steps, never past its floor). Each \`assumptions\` entry names the step, its bound (largest step, least delay, floor, ceiling), who may act, its \`mechanism\`, whether the bound was \`readFrom\` the chain or a \`declared\` default, and its \`source\` file and commit. Steps in the horizon are floor(horizon / delay) + 1, the first at once. A guardian's freeze or pause is said in words, never as a figure. \`level\` follows the rule "worst case without a vote" below; the page /w/{address} and its Atom feed show the same, with what changed in the last 30 days.

## HTTP statuses and error codes

- 200: the answer; a scan or feed with \`completeness: partial\` lists in \`degraded\` what could not be checked.
${WIRE_ERROR_CODES.map((code) => `- ${ERROR_CODES[code].status} \`${code}\`: ${ERROR_CODES[code].hint}`).join('\n')}
- 405 (code \`invalid_input\`): a method other than GET, HEAD or OPTIONS (POST and OPTIONS on \`/api/simulate\`); the \`Allow\` header lists them.
- 413 and 415 (code \`invalid_input\`): a \`POST /api/simulate\` body over 16 kB, or not sent as \`application/json\`.
- 304: nothing changed since the ETag sent as \`If-None-Match\`; no body.

## Sample answer

\`GET ${EXAMPLE_REQUESTS.proposals}\` (the evm demo wallet, mode mock: made by the same pipeline as every answer):

\`\`\`json
${JSON.stringify(examples.proposals, null, 2)}
\`\`\`

The next page: the same request with \`&cursor=\` and that \`nextCursor\`.

## How impact is simulated

${CHAIN_CHECK_RULES.map((rule) => `- ${rule}`).join('\n')}

Levels, from written rules:

${LEVEL_RULES.map((rule) => `- ${rule}`).join('\n')}

## Docs

- [Endpoint catalog](${base}/api): every endpoint with an example request, the protocol slugs and the demo wallets
- [OpenAPI 3.1 document](${base}/api/openapi.json): every field, parameter, header and error code
- [Atom feed](${base}/feed.atom): every proposal a holder must watch (open, waiting to open, or passed and not yet executed) of every protocol, most urgent first, for feed readers (rebuilt every 5 minutes; the same list as the index page at ${base}/)
- [A wallet's Atom feed](${base}${EXAMPLE_REQUESTS.walletFeed}) and [its calendar](${base}${EXAMPLE_REQUESTS.walletCalendar}): \`/w/{address}/feed.atom\` and \`/w/{address}/calendar.ics\` (an ens name too): one entry per proposal touching the wallet (its level, figure, deadline and why), and its voting ends and effective times with alarms a day before. Each request runs a scan and counts against the quota; send If-None-Match or If-Modified-Since for a 304.

## Endpoints

${(['scan', 'positions', 'proposals', 'proposal', 'ens', 'health'] as const).map(link).join('\n')}
- [POST ${EXAMPLE_REQUESTS.simulate}](${base}${EXAMPLE_REQUESTS.simulate}): ${DESCRIPTIONS.simulate} \`npm run simulate -- --help\` in the repository prints every protocol's account shape; the OpenAPI document has the schema and an example.
- [POST ${EXAMPLE_REQUESTS.createWatch}](${base}${EXAMPLE_REQUESTS.createWatch}): ${DESCRIPTIONS.createWatch} Verify each delivery with any Standard Webhooks library (npm \`standardwebhooks\`); \`DELETE /api/watches/{id}\` ends it and \`POST /api/watches/{id}/test\` sends a ping, both with \`Authorization: Bearer {secret}\`. The deliveries' shape is the OpenAPI document's \`webhooks.watchEvent\`.

## MCP (for agents)

Add \`${base}${EXAMPLE_REQUESTS.mcp}\` to an agent as a remote MCP server (Streamable HTTP, no sign-in), for example \`claude mcp add --transport http govex ${base}${EXAMPLE_REQUESTS.mcp}\`, or in a client's configuration: \`{"mcpServers": {"govex": {"type": "http", "url": "${base}${EXAMPLE_REQUESTS.mcp}"}}}\`. ${DESCRIPTIONS.mcp}

## Demo wallets

${DEMO_WALLETS.map(({ kind, address }) => `- [${kind} demo wallet](${base}/api/scan/${address}): mode mock`).join('\n')}

## Example wallets

${EXAMPLE_WALLETS.map(({ kind, address, note }) => `- [${kind} example wallet](${base}/api/scan/${address}): mode live. ${note}`).join('\n')}

## Changelog

${CHANGELOG.map(({ version, date, notes }) => `- [${version} (${date})](${base}/api/openapi.json): ${notes.join(' ')}`).join('\n')}
`;
}
