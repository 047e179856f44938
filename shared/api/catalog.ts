import type { AddressKind } from '../address/types.js';
import { DEMO_WALLETS } from '../demo/wallets.js';
import type { FeedProposal } from '../domain/proposal.js';
import { spamRuleCounts } from '../feed/spam/spamRules.js';
import { MODULES } from '../modules/registry.js';
import type { Config } from '../runtime/config.js';
import { DESCRIPTIONS, EXAMPLE_REQUESTS } from './examples.js';
import { EXAMPLE_WALLETS } from './exampleWallets.js';
import { OPERATIONS } from './operations.js';
import { QUERY_PARAMETERS } from './queryParameters.js';
import type { CatalogResponse } from '../contract/responses.js';
import { API_VERSION, SERVED_VERSION_LINES, SERVICE_NAME } from '../contract/version.js';
import { type Recording, recordingSentence } from '../upstream/recording.js';

/**
 * The body of GET /api: every public endpoint, with absolute example requests on the demo wallets,
 * and every spam rule with how many of `proposals` (the stored feed's) it holds back now; under
 * UPSTREAM=recorded, that the data is a recording and of when.
 */
export function catalog(base: string, config: Pick<Config, 'rateLimit'>, proposals: readonly Pick<FeedProposal, 'spam'>[] = [], recording?: Recording): CatalogResponse {
  const endpoints = (Object.keys(EXAMPLE_REQUESTS) as (keyof typeof EXAMPLE_REQUESTS)[]).map((name) => {
    const operation = OPERATIONS[name];
    return {
      method: operation.method,
      path: operation.path,
      description: DESCRIPTIONS[name],
      example: `${base}${EXAMPLE_REQUESTS[name]}`,
      parameters: [...QUERY_PARAMETERS[name]],
      throttled: operation.throttled,
      ...('deprecation' in operation && { deprecated: true }),
    };
  });
  return {
    service: SERVICE_NAME,
    version: API_VERSION,
    servedVersions: [...SERVED_VERSION_LINES, API_VERSION],
    description:
      'Govex, the Governance Exposure API: live governance proposals of DeFi protocols, and for a wallet or ens name, which of them touch its positions and by how much (simulated). Data and simulation only, never financial advice. Anonymous, read-only, keyless.',
    openapi: `${base}/api/openapi.json`,
    changelog: `${base}/llms.txt`,
    atomFeed: `${base}/feed.atom`,
    protocols: MODULES.map((module) => ({ slug: module.slug, name: module.name, addressKinds: [...module.addressKinds] as AddressKind[], chains: chainsOf(module) })),
    demoWallets: DEMO_WALLETS.map(({ kind, address }) => ({ kind, address })),
    exampleWallets: EXAMPLE_WALLETS.map((wallet) => ({ ...wallet })),
    rateLimit: { policy: 'default', quota: config.rateLimit.quota, windowSeconds: config.rateLimit.windowSeconds },
    endpoints,
    spamRules: spamRuleCounts(proposals),
    ...(recording && { recording: recordingEntry(recording) }),
  };
}

/**
 * The chains a module's positions are read on: its own list (ModuleInfo.chains), else its address
 * kind's chain; a chain that is itself a protocol module is named by its slug, as positions name it. Pure.
 */
const chainsOf = (module: { slug: string; addressKinds: readonly string[]; chains?: readonly string[] }): string[] =>
  module.chains ? [...module.chains] : module.addressKinds.map((kind) => (kind === 'evm' ? 'ethereum' : kind === 'solana' ? 'solana' : module.slug));

/** What GET /api says of a server that replays recordings: the data is recorded, and of when. */
const recordingEntry = (recording: Recording): NonNullable<CatalogResponse['recording']> => ({
  notice: `Recorded data, not live. ${recordingSentence(recording)} Every answer of this server (JSON, pages, the Atom feed) is replayed from test/fixtures/upstream.`,
  ...(recording.from && { statesFrom: recording.from }),
  ...(recording.to && { statesTo: recording.to }),
  protocols: { ...recording.modules },
});
