import { address, getBase64Decoder } from '@solana/kit';
import type { FixtureFile, JsonRpcExchange } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ProposalV2Input, proposalV2Codec } from '../../../shared/modules/jito/accountLayouts.js';
import type { RealmDeployment } from '../../../shared/modules/jito/deployment.js';

/*
 * Real ProposalV2 accounts of a small SPL Governance realm (NOT Jito): governance
 * 63f7oDJFxnNjPYvDuUwtJtx2Y1UijEmqDWjJUbnHDU7c under the shared program GovER5Lthms3bLBqWub97yVrMmEogzX7xNjdXpPPCVZw,
 * community mint HfwmLM8CQKZKqgUy6ucJh6cM87wrRm8mRK2NEvEEg5i1. Every value below is transcribed from
 * a public repository's React page (DaoDetails, `proposalMain`), which pasted the decoded output of
 * @solana/spl-governance getAllProposals for that realm: numbers there are BN hex strings (draftAt
 * "6527f1d4" = 1697116628), None options are absent. The search index that served the file (file id
 * 1391544961) does not name the repository. The cluster is not stated; its slots (~250M in
 * October 2023) suggest devnet. No Jito proposal's account values were found in public material, so
 * these accounts test the decoder and normalizer only; they are never served as Jito recordings.
 *
 * Fields the dump does not carry, and what is encoded for them: abstain_vote_weight, start_voting_at,
 * executing_at, closed_at and max_voting_time are absent from every entry, which is how the SDK
 * prints None (the program sets them only for features these proposals did not use): encoded None.
 * `reserved` (64 bytes) is never printed by the SDK and never read: zeros.
 */
export const SAMPLE_PROGRAM = 'GovER5Lthms3bLBqWub97yVrMmEogzX7xNjdXpPPCVZw';
export const SAMPLE_GOVERNANCE = '63f7oDJFxnNjPYvDuUwtJtx2Y1UijEmqDWjJUbnHDU7c';
const MINT = address('HfwmLM8CQKZKqgUy6ucJh6cM87wrRm8mRK2NEvEEg5i1');
const OWNER_A = address('HA3qdcPmxx9VkdziCk6dRZgxjwwuaSqU2QetDZrZaXgh');
const OWNER_B = address('UsW6BHptNAVSRQjySLqbCMm16wZTH5R4Y9Df96WafUp');
const SIXTY_PERCENT = { __kind: 'YesVotePercentage' as const, percentage: 60 };

const base = {
  accountType: 14,
  governance: address(SAMPLE_GOVERNANCE),
  governingTokenMint: MINT,
  voteType: { __kind: 'SingleChoice' as const },
  reserved1: 0,
  abstainVoteWeight: null,
  startVotingAt: null,
  executingAt: null,
  closedAt: null,
  executionFlags: 0,
  maxVotingTime: null,
  reserved: new Uint8Array(64),
  vetoVoteWeight: 0n,
};

const approve = (voteWeight: bigint, voteResult: number) => ({
  label: 'Approve',
  voteWeight,
  voteResult,
  transactionsExecutedCount: 0,
  transactionsCount: 0,
  transactionsNextIndex: 0,
});

/** Decided and draft proposals, in the dump's order (it lists more; these five are the ones served). */
export const SAMPLE_PROPOSALS: { pubkey: string; account: ProposalV2Input }[] = [
  {
    pubkey: 'GjyRZ1gRCZbmpcJuUDgg3htRdXbyhAFE5BXFvfkhwAJr',
    account: {
      ...base,
      state: 3,
      tokenOwnerRecord: OWNER_A,
      signatoriesCount: 1,
      signatoriesSignedOffCount: 1,
      options: [approve(0x02n, 1)],
      denyVoteWeight: 0n,
      draftAt: 0x6527f1d4n,
      signingOffAt: 0x6527f1d4n,
      votingAt: 0x6527f1d4n,
      votingAtSlot: 0x0eeef909n,
      votingCompletedAt: 0x6527f204n,
      maxVoteWeight: 0x02n,
      voteThreshold: SIXTY_PERCENT,
      name: 'af : Calll',
      descriptionLink: 'soru',
    },
  },
  {
    pubkey: '7obQ2A5dtXRppQZJ62zzBtMsRr7r1ez7aUzkVugtnAZj',
    account: {
      ...base,
      state: 3,
      tokenOwnerRecord: OWNER_B,
      signatoriesCount: 1,
      signatoriesSignedOffCount: 1,
      options: [approve(0x02n, 1)],
      denyVoteWeight: 0n,
      draftAt: 0x6527f14fn,
      signingOffAt: 0x6527f150n,
      votingAt: 0x6527f150n,
      votingAtSlot: 0x0eeef7a3n,
      votingCompletedAt: 0x6527f19en,
      maxVoteWeight: 0x02n,
      voteThreshold: SIXTY_PERCENT,
      name: 'hshaahahha',
      descriptionLink: 'denemedeneme deneme deneme',
    },
  },
  {
    pubkey: '2YjL9qMA9Qt6ypM82oRKQb6xJij7YcPBky4AeB28E9U6',
    account: {
      ...base,
      state: 0,
      tokenOwnerRecord: OWNER_A,
      signatoriesCount: 0,
      signatoriesSignedOffCount: 0,
      options: [approve(0x00n, 0)],
      denyVoteWeight: 0n,
      draftAt: 0x652958d9n,
      signingOffAt: null,
      votingAt: null,
      votingAtSlot: null,
      votingCompletedAt: null,
      maxVoteWeight: null,
      voteThreshold: null,
      name: 'testtt',
      descriptionLink: 'testt',
    },
  },
  {
    pubkey: 'EKdu5ZTVa3sNoM9KU4pTKRXd4HgRV1T7Bdwdugim81kx',
    account: {
      ...base,
      state: 7,
      tokenOwnerRecord: OWNER_B,
      signatoriesCount: 1,
      signatoriesSignedOffCount: 1,
      options: [approve(0x00n, 2)],
      denyVoteWeight: 0x01n,
      draftAt: 0x6527f0e8n,
      signingOffAt: 0x6527f0e8n,
      votingAt: 0x6527f0e8n,
      votingAtSlot: 0x0eeef68an,
      votingCompletedAt: 0x6527f121n,
      maxVoteWeight: 0x02n,
      voteThreshold: SIXTY_PERCENT,
      name: 'deneme yayini ',
      descriptionLink: 'acaba olacak mi test deneme',
    },
  },
  {
    pubkey: '5PkLneD9HkbBBxC8Lb7D7TVRwMXcF9QZrAc8qnnQh6v4',
    account: {
      ...base,
      state: 7,
      tokenOwnerRecord: OWNER_B,
      signatoriesCount: 1,
      signatoriesSignedOffCount: 1,
      options: [approve(0x01n, 2)],
      denyVoteWeight: 0x01n,
      draftAt: 0x6527f3a5n,
      signingOffAt: 0x6527f3a5n,
      votingAt: 0x6527f3a5n,
      votingAtSlot: 0x0eeefdf3n,
      votingCompletedAt: 0x6527f3ban,
      maxVoteWeight: 0x02n,
      voteThreshold: SIXTY_PERCENT,
      name: 'yeni3-yes-no',
      descriptionLink: 'deneme yes no',
    },
  },
];

/** Two proposals of the same dump still in Voting (never finalized): for the time-based status, as plain data. */
export const SAMPLE_VOTING: { pubkey: string; account: ProposalV2Input }[] = [
  {
    pubkey: 'GdgRw51FrH7SkQGwtXcZUsch15cj1cZJBPtpzxgtXUw1',
    account: {
      ...base,
      state: 2,
      tokenOwnerRecord: OWNER_A,
      signatoriesCount: 1,
      signatoriesSignedOffCount: 1,
      options: [approve(0x00n, 0)],
      denyVoteWeight: 0n,
      draftAt: 0x6529425dn,
      signingOffAt: 0x6529425dn,
      votingAt: 0x6529425dn,
      votingAtSlot: 0x0ef28794n,
      votingCompletedAt: null,
      maxVoteWeight: null,
      voteThreshold: null,
      name: 'fffff',
      descriptionLink: 'ffff',
    },
  },
  {
    pubkey: '3An7c3i5fSHXn8Wwv86eZyE4boE4XE7f4Zj9PCxMjVEu',
    account: {
      ...base,
      state: 2,
      tokenOwnerRecord: OWNER_A,
      signatoriesCount: 1,
      signatoriesSignedOffCount: 1,
      voteType: { __kind: 'MultiChoice', choiceType: 0, minVoterOptions: 1, maxVoterOptions: 2, maxWinningOptions: 2 },
      options: [
        { ...approve(0x01n, 0), label: 'Af' },
        { ...approve(0x01n, 0), label: 'Ogi' },
      ],
      denyVoteWeight: null,
      draftAt: 0x6527f152n,
      signingOffAt: 0x6527f156n,
      votingAt: 0x6527f156n,
      votingAtSlot: 0x0eeef7b2n,
      votingCompletedAt: null,
      maxVoteWeight: null,
      voteThreshold: null,
      name: 'çoktan seçmeli',
      descriptionLink: 'çok ama çok seçmeli',
    },
  },
];

/** The sample realm as a deployment: the source reads it with the code it reads Jito with. */
export const SAMPLE_DEPLOYMENT: RealmDeployment = {
  protocol: 'splgov-sample',
  idSource: 'realms',
  programId: SAMPLE_PROGRAM,
  realm: 'unknown (the dump names the governance only)',
  // The shared program holds thousands of realms: list this governance's proposals only.
  governances: [SAMPLE_GOVERNANCE],
  // The mint's decimals are not in the dump; 0 keeps weights as the raw integers the dump shows.
  decimals: 0,
  newest: 4,
  proposalUrl: (proposal) => `https://explorer.solana.com/address/${proposal}`,
  proposalLinkLabel: 'View on Solana Explorer',
  stakePools: {},
};

const base64 = getBase64Decoder();

/**
 * The account's data as the chain holds it: the program allocates get_max_size bytes when it
 * creates a proposal (spl-governance-tools create_and_serialize_account_signed) and writes the
 * Borsh encoding from the start, so unset optional fields leave zeros at the end.
 */
export function encodedAccountData(account: ProposalV2Input): Uint8Array {
  const size =
    Buffer.byteLength(account.name) +
    Buffer.byteLength(account.descriptionLink) +
    account.options.reduce((sum, option) => sum + Buffer.byteLength(option.label) + 19, 0) +
    297;
  const encoded = proposalV2Codec.encode(account);
  if (encoded.length > size) throw new Error(`proposal encodes to ${encoded.length} bytes, more than the ${size} allocated`);
  const data = new Uint8Array(size);
  data.set(encoded);
  return data;
}

/**
 * The getProgramAccounts exchange the source makes for the sample deployment, answered with the
 * five accounts. Test-only: it lives beside the tests, not under test/fixtures/upstream, so
 * UPSTREAM=recorded never serves it. `rawAccounts` adds accounts as given bytes (ones the layout
 * cannot read); `moreExchanges` answers the source's later requests.
 */
export function sampleRealmFixture(
  request: { method: string; params: unknown },
  proposals: readonly { pubkey: string; account: ProposalV2Input }[] = SAMPLE_PROPOSALS,
  rawAccounts: readonly { pubkey: string; data: Uint8Array }[] = [],
  moreExchanges: readonly JsonRpcExchange[] = [],
): FixtureFile {
  const accounts = [...proposals.map(({ pubkey, account }) => ({ pubkey, data: encodedAccountData(account) })), ...rawAccounts];
  return {
    upstream: 'solana',
    protocol: 'json-rpc',
    description: 'ProposalV2 accounts of one governance of a small SPL Governance realm (not Jito), for the decoder tests.',
    source: {
      kind: 'encoded',
      references: ['a public repository page DaoDetails `proposalMain` (search index file id 1391544961): decoded getAllProposals output'],
      notes: 'Some of the dump\'s proposals; lamports and rentEpoch unknown and left out; see test/modules/jito/sampleRealm.ts.',
    },
    exchanges: [
      {
        request,
        response: {
          jsonrpc: '2.0',
          result: accounts.map(({ pubkey, data }) => ({
            pubkey,
            account: { data: [base64.decode(data), 'base64'], executable: false, owner: SAMPLE_PROGRAM, space: data.length },
          })),
        },
      },
      ...moreExchanges,
    ],
  };
}
