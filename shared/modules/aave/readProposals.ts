import { newestIds } from '../../governance/newestIds.js';
import { verifyEthereumMainnet } from '../../upstream/clients/ethereumChain.js';
import { ethereumClient } from '../../upstream/clients/ethereumClient.js';
import { ipfsBytes } from '../../upstream/clients/getJson.js';
import { UpstreamError, upstreamMalformed } from '../../upstream/errors.js';
import type { Upstreams } from '../../upstream/upstreams.js';
import {
  ETHEREUM_CHAIN_ID,
  ETHEREUM_PAYLOADS_CONTROLLER,
  GOVERNANCE_CORE,
  governanceCoreAbi,
  PAYLOAD_STATES,
  type PayloadState,
  PROPOSAL_STATES,
  payloadsControllerAbi,
} from './abi.js';
import { cidFromIpfsHash, IpfsFileHasher, MAX_TEXT_BYTES } from './ipfsCid.js';
import { parseProposalText } from './parseProposalText.js';
import { actionsOf } from './actionsOf.js';
import { readLiveVotes } from './readLiveVotes.js';
import { readPayloadTargets } from './readPayloadTargets.js';
import { payloadKey, readRemotePayloads } from './readRemotePayloads.js';
import type { AaveProposalData, LiveVote, PayloadAction, ProposalPayload, ProposalText, TargetRead } from './types.js';
import type { PublicClient } from 'viem';

export interface ReadAaveProposalsParameters {
  upstreams: Upstreams;
  /** How many of the newest proposals to read (ids count-1 down to count-newest). */
  newest: number;
  signal?: AbortSignal;
}

/**
 * Reads the newest Governance v3 proposals: three batched JSON-RPC requests to Ethereum
 * (eth_chainId + getProposalsCount; getProposal × newest; getPayloadById for the payloads on
 * Ethereum), then on each payload chain what the payload contracts not read before are (their
 * config-engine views, readPayloadTargets: one batched request, and one for unknown reserve
 * symbols), and one IPFS GET per proposal text not read before; for proposals being voted (core
 * state Active), one batched request to each voting chain for the live tally (readLiveVotes); for
 * payloads on other chains, one batched request to each chain with an upstream for their state
 * (readRemotePayloads). Those last two never fail the read. Any other failed call rejects the
 * whole read, so the feed builder keeps the last good proposals rather than half-read ones.
 *
 * @throws UpstreamError from either upstream; upstream_wrong_chain when the RPC is not mainnet;
 *   upstream_malformed when a text does not hash to the proposal's ipfsHash.
 */
export async function readAaveProposals({ upstreams, newest, signal }: ReadAaveProposalsParameters): Promise<AaveProposalData[]> {
  const client = ethereumClient(upstreams.ethereum, signal);
  const governance = { address: GOVERNANCE_CORE, abi: governanceCoreAbi } as const;

  const [, count] = await Promise.all([
    verifyEthereumMainnet(client),
    client.readContract({ ...governance, functionName: 'getProposalsCount' }),
  ]);
  signal?.throwIfAborted();
  // Ids run from 0 to getProposalsCount() - 1.
  const ids = newestIds({ last: count - 1n, newest });
  const proposals = await Promise.all(ids.map((id) => client.readContract({ ...governance, functionName: 'getProposal', args: [id] })));
  signal?.throwIfAborted();

  const onEthereum = [
    ...new Set(
      proposals.flatMap((proposal) =>
        proposal.payloads.filter((payload) => isEthereumPayload(payload)).map((payload) => payload.payloadId),
      ),
    ),
  ];
  const payloads = await Promise.all(
    onEthereum.map((payloadId) =>
      client.readContract({ address: ETHEREUM_PAYLOADS_CONTROLLER, abi: payloadsControllerAbi, functionName: 'getPayloadById', args: [payloadId] }),
    ),
  );
  const payloadById = new Map(onEthereum.map((payloadId, index) => [payloadId, payloads[index]!]));
  const ethereumActions = new Map(onEthereum.map((payloadId, index) => [payloadId, actionsOf(payloads[index]!.actions)]));

  // Only a running vote is read on its voting chain: every other state has nothing live there.
  const active = ids.flatMap((id, index) => (PROPOSAL_STATES[proposals[index]!.state] === 'Active' ? [{ id, votingPortal: proposals[index]!.votingPortal }] : []));
  const remote = proposals.flatMap((proposal) =>
    proposal.payloads.filter((payload) => !isEthereumPayload(payload)).map((payload) => ({ chainId: Number(payload.chain), payloadsController: payload.payloadsController, payloadId: payload.payloadId })),
  );
  // Texts, live tallies and payloads on other chains are independent: one wait for all three.
  const [texts, liveVotes, remotePayloads, ethereumTargets] = await Promise.all([
    Promise.all(proposals.map((proposal) => readText(upstreams, proposal.ipfsHash, signal))),
    active.length > 0 ? readLiveVotes({ upstreams, active, signal }) : new Map<bigint, LiveVote>(),
    readRemotePayloads({ upstreams, payloads: remote, signal }),
    readEthereumTargets(client, upstreams, [...ethereumActions.values()].flat(), signal),
  ]);

  return proposals.map((proposal, index) => ({
    id: Number(ids[index]),
    state: PROPOSAL_STATES[proposal.state] ?? 'Null',
    creationTime: proposal.creationTime,
    votingActivationTime: proposal.votingActivationTime,
    votingDuration: proposal.votingDuration,
    queuingTime: proposal.queuingTime,
    cancelTimestamp: proposal.cancelTimestamp,
    creator: proposal.creator,
    forVotes: proposal.forVotes,
    againstVotes: proposal.againstVotes,
    ...(liveVotes.has(ids[index]!) && { liveVote: liveVotes.get(ids[index]!)! }),
    payloads: proposal.payloads.map((payload): ProposalPayload => {
      const where = { chainId: Number(payload.chain), payloadsController: payload.payloadsController, payloadId: payload.payloadId };
      const read = isEthereumPayload(payload) ? payloadById.get(payload.payloadId) : undefined;
      if (!read) return { ...where, ...remotePayloads.get(payloadKey(where)) };
      const onChain = { state: (PAYLOAD_STATES[read.state] ?? 'None') as PayloadState, queuedAt: read.queuedAt, executedAt: read.executedAt, delay: read.delay };
      const actions = ethereumActions.get(payload.payloadId)!.map((action) => {
        const target = action.delegateExecute ? ethereumTargets.get(action.target.toLowerCase()) : undefined;
        return { ...action, ...(target && { read: target }) };
      });
      return { ...where, onChain, actions };
    }),
    text: texts[index]!,
  }));
}


/**
 * What the Ethereum payloads' targets are. Like the other chains' reads, a failure here only
 * leaves the body's tables as the proposal's changes: it never fails the source.
 */
async function readEthereumTargets(client: PublicClient, upstreams: Upstreams, actions: readonly PayloadAction[], signal: AbortSignal | undefined): Promise<Map<string, TargetRead>> {
  const targets = actions.flatMap((action) => (action.delegateExecute ? [action.target] : []));
  if (targets.length === 0) return new Map();
  try {
    return await readPayloadTargets({ client, chainId: 1, upstream: upstreams.ethereum, targets, signal });
  } catch {
    signal?.throwIfAborted();
    return new Map();
  }
}

const isEthereumPayload = (payload: { chain: bigint; payloadsController: string }): boolean =>
  payload.chain === ETHEREUM_CHAIN_ID && payload.payloadsController.toLowerCase() === ETHEREUM_PAYLOADS_CONTROLLER.toLowerCase();

/** Gateway failures that say nothing about the text itself: the proposal is kept without it. */
const TEXT_UNAVAILABLE = new Set(['upstream_status', 'upstream_timeout', 'upstream_unreachable']);

/**
 * Texts already read, per IPFS upstream, by ipfsHash. A text is addressed by its content, which the
 * proposal fixed on-chain, so it never changes: a build reads only the texts of new proposals, and a
 * gateway outage no longer blanks the texts of the proposals a warm process has seen.
 */
const textCaches = new WeakMap<Upstreams['ipfs'], Map<string, ProposalText>>();

/** Far more than the newest proposals a build reads; the oldest entry goes first. */
const MAX_CACHED_TEXTS = 200;

/**
 * A proposal's IPFS text. A gateway that cannot serve it (new CIDs are often not pinned yet, and
 * gateways are flaky) leaves the proposal without its text, so one text never freezes the whole
 * source; a text that does not hash to the on-chain ipfsHash is a lying gateway and fails the read.
 */
async function readText(upstreams: Upstreams, ipfsHash: string, signal: AbortSignal | undefined): Promise<ProposalText> {
  const cache = textCaches.get(upstreams.ipfs) ?? new Map<string, ProposalText>();
  textCaches.set(upstreams.ipfs, cache);
  const key = ipfsHash.toLowerCase();
  const cached = cache.get(key);
  if (cached) return cached;
  const read = await fetchText(upstreams, ipfsHash, signal);
  if (read.description !== '' || read.title !== undefined) {
    cache.set(key, read);
    if (cache.size > MAX_CACHED_TEXTS) cache.delete(cache.keys().next().value!);
  }
  return read;
}

async function fetchText(upstreams: Upstreams, ipfsHash: string, signal: AbortSignal | undefined): Promise<ProposalText> {
  // The gateway is not trusted: the text must be the one the proposal committed to on-chain, hashed
  // as it arrives, whatever its size (a body over MAX_TEXT_BYTES is refused, never passed unchecked).
  const hasher = new IpfsFileHasher();
  let bytes: Buffer;
  try {
    bytes = await ipfsBytes(upstreams.ipfs, cidFromIpfsHash(ipfsHash), { maxBytes: MAX_TEXT_BYTES, onPiece: (piece) => hasher.update(piece), signal });
  } catch (error) {
    signal?.throwIfAborted();
    if (error instanceof UpstreamError && TEXT_UNAVAILABLE.has(error.code)) return { description: '' };
    throw error;
  }
  if (hasher.digest() !== ipfsHash.toLowerCase()) {
    throw upstreamMalformed('ipfs', new Error(`text of ${cidFromIpfsHash(ipfsHash)} does not hash to the proposal's ipfsHash`));
  }
  const text = bytes.toString('utf8');
  const parsed = parseProposalText(text);
  if (!parsed) throw upstreamMalformed('ipfs', new Error(`text of ${cidFromIpfsHash(ipfsHash)} is neither front-matter Markdown nor JSON`));
  return parsed;
}
