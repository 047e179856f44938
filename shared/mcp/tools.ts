import * as z from 'zod';
import type { ParsedQuery } from '../contract/parseQuery.js';
import { type QueryName, ProposalIdParam, QueryParams } from '../contract/query.js';
import { invalidAddress, invalidInput } from '../contract/errors.js';
import { EnsResolution, PositionsResponse, ProposalDetailResponse, ProposalsResponse, WalletScanResponse } from '../contract/responses.js';
import { QUERY_PARAMETERS } from '../api/queryParameters.js';
import { webUrlFor } from '../api/baseUrl.js';
import { WhatIfResponse } from '../api/simulateSchemas.js';
import { globalFeed, globalProposal } from '../feed/feedQueries.js';
import { readFeed } from '../feed/readFeed.js';
import { MODULES } from '../modules/registry.js';
import type { Services } from '../runtime/services.js';
import { positionsEnvelope, scanEnvelope } from '../scan/envelopes.js';
import { positionsFor } from '../scan/positionsFor.js';
import { resolveWallet } from '../scan/resolveWallet.js';
import { scanWallet } from '../scan/scanWallet.js';
import { walletProposalDetail } from '../scan/walletProposalDetail.js';
import { walletProposalsFeed } from '../scan/walletProposalsFeed.js';
import { runWhatIf, WhatIfInputError } from '../whatIf/runWhatIf.js';

/** What a tool's run needs beyond its arguments: the container's services and the address links are made from. */
export interface ToolContext {
  services: Services;
  baseUrl: string;
}

export interface GovexTool {
  name: string;
  title: string;
  description: string;
  inputSchema: z.ZodObject;
  outputSchema: z.ZodType;
  /** Every tool reads; none writes. Only the ens lookup and the scans reach past our own stores. */
  openWorld: boolean;
  run(input: Record<string, unknown>, context: ToolContext): Promise<unknown>;
}

const LEVELS =
  'Each matched proposal carries impact.level: critical (the position could be liquidated or lose most of its value), high, medium, low, or none (it touches the position and changes nothing material); estimatedChange says it in words ("health factor 1.42 → 1.18") and estimatedImpactUsd in dollars, negative when the wallet loses.';
const RETRY =
  'A result with isError carries the API’s error envelope {error, code, hint}: do not retry invalid_input, invalid_address or not_found unchanged; retry upstream_unavailable and internal_error after a few seconds; on rate_limited wait the seconds the hint gives. completeness: partial with degraded means some protocols could not be read this time: the rest is real, and a retry a minute later may fill the gap.';
const ADDRESS = QueryParams.address.meta({ description: 'A wallet (evm, solana, cosmos, xrpl) or an ens name such as vitalik.eth.' });

/** The tool's arguments: the query parameters its endpoint takes, by the same names and schemas, each optional (a tool requires its own with extend). */
const queryArguments = (names: readonly QueryName[]): z.ZodObject =>
  z.strictObject(Object.fromEntries(names.map((name) => [name, (name === 'address' ? ADDRESS : QueryParams[name]).optional()])));

/** Tool arguments as the API's parsed query: the same defaults as parseQuery's. */
function parsedQuery(input: Record<string, unknown>): ParsedQuery {
  const { address: _address, name: _name, id: _id, ...filters } = input;
  return { view: 'full', limit: 50, includeSpam: false, ...filters } as ParsedQuery;
}

const walletScan: GovexTool = {
  name: 'scan_wallet',
  title: 'Scan a wallet',
  description: `The positions of a wallet (${MODULES.map((module) => module.name).join(', ')}) and every live governance proposal that touches them, with the simulated impact of each: the answer of GET /api/scan/{address}. ${LEVELS} Data and simulation, never financial advice. ${RETRY}`,
  inputSchema: queryArguments(QUERY_PARAMETERS.scan).extend({ address: ADDRESS }),
  outputSchema: WalletScanResponse,
  openWorld: true,
  async run(input, { services, baseUrl }) {
    const query = parsedQuery(input);
    const wallet = await resolveWallet(input.address as string, services);
    const scan = await scanWallet(wallet, query.protocol, services);
    return WalletScanResponse.parse(scanEnvelope(scan, query, webUrlFor(baseUrl, wallet.address)));
  },
};

const listProposals: GovexTool = {
  name: 'list_proposals',
  title: 'List governance proposals',
  description: `Live governance proposals of DeFi protocols, and changes made without a vote (mechanism: timelock, steward, riskOracle, guardian, motion): the answer of GET /api/proposals. Without address, the global feed in feed order, one page at a time (pass nextCursor back as cursor). With address, only the proposals touching that wallet, most material first, each with its impact. ${LEVELS} ${RETRY}`,
  inputSchema: queryArguments(QUERY_PARAMETERS.proposals),
  outputSchema: ProposalsResponse,
  openWorld: true,
  async run(input, { services }) {
    const query = parsedQuery(input);
    if (input.address === undefined) return ProposalsResponse.parse(globalFeed(await readFeed(services.feedStore, services.now()), query));
    return ProposalsResponse.parse((await walletProposalsFeed(input.address as string, query, services)).envelope);
  },
};

const getProposal: GovexTool = {
  name: 'get_proposal',
  title: 'Get one proposal',
  description: `One proposal by its id ({protocol}-{source}-{nativeId}, as list_proposals gives it): the answer of GET /api/proposals/{id}. With address, it carries that wallet's impact when it touches the wallet's positions. ${LEVELS} ${RETRY}`,
  inputSchema: queryArguments(QUERY_PARAMETERS.proposal).extend({ id: ProposalIdParam }),
  outputSchema: ProposalDetailResponse,
  openWorld: true,
  async run(input, { services }) {
    const query = parsedQuery(input);
    const id = input.id as string;
    if (input.address !== undefined) {
      const { body } = await walletProposalDetail(input.address as string, id, query, services);
      if (body) return ProposalDetailResponse.parse(body);
    }
    return ProposalDetailResponse.parse(globalProposal(await readFeed(services.feedStore, services.now()), id, query, input.address !== undefined));
  },
};

const getPositions: GovexTool = {
  name: 'get_positions',
  title: 'Get a wallet’s positions',
  description: `The positions of a wallet across the protocols Govex reads, with chain, market, value in USD where priced, health factor and rates: the answer of GET /api/positions/{address}. ${RETRY}`,
  inputSchema: queryArguments(QUERY_PARAMETERS.positions).extend({ address: ADDRESS }),
  outputSchema: PositionsResponse,
  openWorld: true,
  async run(input, { services }) {
    const query = parsedQuery(input);
    const wallet = await resolveWallet(input.address as string, services);
    return PositionsResponse.parse(positionsEnvelope(await positionsFor(wallet, query.protocol, services)));
  },
};

const resolveEns: GovexTool = {
  name: 'resolve_ens',
  title: 'Resolve an ens name',
  description: `An ens name, normalized (ENSIP-15), and its Ethereum address, null when it has none: the answer of GET /api/ens/resolve. The other tools take ens names as address directly. ${RETRY}`,
  inputSchema: queryArguments(QUERY_PARAMETERS.ens).extend({ name: QueryParams.name }),
  outputSchema: EnsResolution,
  openWorld: true,
  async run(input, { services }) {
    // On demand, as the other wallet kinds' parsers are: ENSIP-15 and the resolver load only for this tool.
    const [{ parseEnsName }, { resolveEnsName }] = await Promise.all([import('../address/ens.js'), import('../ens/resolveEnsName.js')]);
    const raw = (input.name as string).trim();
    const name = parseEnsName(raw);
    if (!name) throw invalidAddress(`${JSON.stringify(raw.slice(0, 80))} is not a valid ens name (ENSIP-15)`);
    return EnsResolution.parse({ name, address: await resolveEnsName(name, services) });
  },
};

/**
 * The what-if input is one shape per protocol (a union on `protocol`); a tool's input must be one
 * object, so it is taken as such and checked against the very schema POST /api/simulate parses with.
 */
const whatIf: GovexTool = {
  name: 'what_if',
  title: 'Simulate a rule change on an account',
  description: `What a rule change would do to an account described by hand, with no wallet and no chain: the answer of POST /api/simulate and of npm run simulate. Give protocol, account (in the shape GET /api/openapi.json documents for POST /api/simulate; shares as fractions, 0.83 for 83 %, money in USD) and either changes [{asset, parameter, to}] or proposal {title, description}. ${LEVELS} ${RETRY}`,
  inputSchema: z.looseObject({ protocol: z.string().meta({ description: 'A protocol slug whose module offers a what-if account (GET /api lists them).' }) }),
  outputSchema: WhatIfResponse,
  openWorld: false,
  async run(input) {
    try {
      return WhatIfResponse.parse(await runWhatIf(input));
    } catch (error) {
      if (error instanceof WhatIfInputError) throw invalidInput(`invalid input: ${error.message}`);
      throw error;
    }
  },
};

export const GOVEX_TOOLS: readonly GovexTool[] = [walletScan, listProposals, getProposal, getPositions, resolveEns, whatIf];
