import { type Address, address, type Base58EncodedBytes, getBase58Decoder, getBase64Encoder } from '@solana/kit';
import type { FeedProposal } from '../../domain/proposal.js';
import { verifySolanaMainnet } from '../../upstream/clients/solanaCluster.js';
import { solanaRpc } from '../../upstream/clients/solanaRpc.js';
import { upstreamMalformed } from '../../upstream/errors.js';
import type { ComponentContext } from '../types.js';
import {
  ACCOUNT_TYPE,
  governanceV2Codec,
  type ProposalState,
  proposalStateName,
  type ProposalTransactionV2,
  type ProposalV2,
  proposalTransactionV2Codec,
} from './accountLayouts.js';
import { decodeProposalAccounts, type RawAccount } from './decodeProposalAccounts.js';
import { decodeProposalTransactions } from './decodeProposalTransactions.js';
import type { RealmDeployment } from './deployment.js';
import { normalizeProposal } from './normalizeProposal.js';
import { type VoteRules, votingEndsAt } from './statusOf.js';

type SolanaRpc = ReturnType<typeof solanaRpc>;

export interface ReadProposalsParameters {
  rpc: SolanaRpc;
  deployment: RealmDeployment;
  context: ComponentContext;
}

/**
 * The deployment's newest proposals, normalized. Requests, all on the solana upstream:
 * getGenesisHash (the cluster check); getProgramAccounts of ProposalV2 accounts (one, or one per
 * listed governance); getMultipleAccounts of the governances of proposals still in Voting (their
 * vote time and threshold); getTokenSupply of the governing mint when such a vote is past its end
 * without a recorded max vote weight; getProgramAccounts of the transactions of each kept proposal
 * that has any and whose changes still matter (TRANSACTIONS_MATTER). Every call takes the context's
 * signal. A proposal account that does not decode is dropped (decodeProposalAccounts).
 *
 * @throws UpstreamError (the feed builder keeps the last good proposals), upstream_malformed when
 *   no proposal account at all decodes.
 */
export async function readProposals({ rpc, deployment, context }: ReadProposalsParameters): Promise<FeedProposal[]> {
  const { signal, now } = context;
  const send = { abortSignal: signal };
  await verifySolanaMainnet(rpc, { signal });

  const listed = (await Promise.all(listFilters(deployment).map((filters) => programAccounts(rpc, deployment, filters, signal)))).flat();
  const proposals = decodeProposalAccounts(listed)
    .sort((a, b) => (a.proposal.draftAt === b.proposal.draftAt ? a.pubkey.localeCompare(b.pubkey) : a.proposal.draftAt > b.proposal.draftAt ? -1 : 1))
    .slice(0, deployment.newest);

  const rules = await readVoteRules(rpc, proposals.filter(({ proposal }) => isVoting(proposal)).map(({ proposal }) => proposal.governance), send);
  const nowSeconds = BigInt(Math.floor(now.getTime() / 1000));
  const undecided = proposals.filter(({ proposal }) => {
    const end = votingEndsAt(proposal, rules.get(proposal.governance));
    return isVoting(proposal) && proposal.maxVoteWeight === null && end !== undefined && end < nowSeconds;
  });
  const supplies = await readSupplies(rpc, undecided.map(({ proposal }) => proposal.governingTokenMint), send);
  const transactions = await Promise.all(
    proposals.map(({ pubkey, proposal }) =>
      hasTransactionsThatMatter(proposal) ? readTransactions(rpc, deployment, pubkey, signal) : Promise.resolve([]),
    ),
  );

  return proposals.map(({ pubkey, proposal }, index) => {
    const voteRules = rules.get(proposal.governance);
    const supply = supplies.get(proposal.governingTokenMint);
    return normalizeProposal({
      deployment,
      pubkey,
      proposal,
      ...(voteRules && { rules: voteRules }),
      ...(supply !== undefined && { maxVoteWeight: supply }),
      changes: decodeProposalTransactions({ protocol: deployment.protocol, transactions: transactions[index]!, stakePools: deployment.stakePools }),
      now,
    });
  });
}

type Memcmp = { memcmp: { offset: bigint; bytes: Base58EncodedBytes; encoding: 'base58' } };

const base58 = getBase58Decoder();
const base64 = getBase64Encoder();
const accountTypeFilter = (type: number): Memcmp => ({ memcmp: { offset: 0n, bytes: base58.decode(new Uint8Array([type])) as Base58EncodedBytes, encoding: 'base58' } });
const keyAtOffset1 = (key: string): Memcmp => ({ memcmp: { offset: 1n, bytes: key as Base58EncodedBytes, encoding: 'base58' } });

/** One ProposalV2 listing for the whole program, or one per governance when the program is shared. */
const listFilters = (deployment: RealmDeployment): Memcmp[][] =>
  deployment.governances.length === 0
    ? [[accountTypeFilter(ACCOUNT_TYPE.ProposalV2)]]
    : deployment.governances.map((governance) => [accountTypeFilter(ACCOUNT_TYPE.ProposalV2), keyAtOffset1(governance)]);

async function programAccounts(rpc: SolanaRpc, deployment: RealmDeployment, filters: Memcmp[], signal: AbortSignal): Promise<RawAccount[]> {
  const accounts = await rpc
    .getProgramAccounts(address(deployment.programId), { encoding: 'base64', filters })
    .send({ abortSignal: signal });
  return accounts.map(({ pubkey, account }) => ({ pubkey, data: base64.encode(account.data[0]) as Uint8Array }));
}

async function readTransactions(rpc: SolanaRpc, deployment: RealmDeployment, proposal: string, signal: AbortSignal) {
  const accounts = await programAccounts(rpc, deployment, [accountTypeFilter(ACCOUNT_TYPE.ProposalTransactionV2), keyAtOffset1(proposal)], signal);
  return accounts.map(({ pubkey, data }): { pubkey: string; account: ProposalTransactionV2 } => ({
    pubkey,
    account: decode(() => proposalTransactionV2Codec.decode(data)),
  }));
}

/** The vote rules of each governance, read in one getMultipleAccounts (keys sorted, so the request is stable). */
async function readVoteRules(rpc: SolanaRpc, governances: readonly Address[], send: { abortSignal: AbortSignal }): Promise<Map<string, VoteRules>> {
  const keys = [...new Set(governances)].sort();
  if (keys.length === 0) return new Map();
  const { value } = await rpc.getMultipleAccounts(keys, { encoding: 'base64' }).send(send);
  const rules = new Map<string, VoteRules>();
  value.forEach((account, index) => {
    if (!account) return;
    const { config } = decode(() => governanceV2Codec.decode(base64.encode(account.data[0])));
    rules.set(keys[index]!, {
      votingBaseTime: config.votingBaseTime,
      votingCoolOffTime: config.votingCoolOffTime,
      communityVoteThreshold: config.communityVoteThreshold,
    });
  });
  return rules;
}

/**
 * The supply of each governing mint: the max vote weight an undecided vote is judged against. It is
 * the program's default (SupplyFraction 100 %); a realm that lowers it, or uses a max-voter-weight
 * plugin, passes a smaller max at finalize, so a vote judged here can read as closed a little early.
 */
async function readSupplies(rpc: SolanaRpc, mints: readonly Address[], send: { abortSignal: AbortSignal }): Promise<Map<string, bigint>> {
  const keys = [...new Set(mints)].sort();
  const supplies = await Promise.all(keys.map((mint) => rpc.getTokenSupply(mint).send(send)));
  return new Map(keys.map((mint, index) => [mint, BigInt(supplies[index]!.value.amount)]));
}

const isVoting = (proposal: ProposalV2): boolean => proposalStateName(proposal.state) === 'Voting' && proposal.votingCompletedAt === null;

/**
 * States whose transactions are worth a request: the proposal can still pass, or is executing or
 * done, so its changes reach a wallet. Cancelled, Defeated and Vetoed proposals change nothing, and
 * an ExecutingWithErrors one is closed for good (statusOf); reading their transactions would grow
 * the requests with every proposal the DAO ever lost.
 */
const TRANSACTIONS_MATTER: ReadonlySet<ProposalState> = new Set(['Draft', 'SigningOff', 'Voting', 'Succeeded', 'Executing', 'Completed']);

function hasTransactionsThatMatter(proposal: ProposalV2): boolean {
  const state = proposalStateName(proposal.state);
  return state !== undefined && TRANSACTIONS_MATTER.has(state) && proposal.options.some((option) => option.transactionsCount > 0);
}

/** A body the layout cannot read is a malformed answer, not a program error. */
function decode<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw upstreamMalformed('solana', error);
  }
}

