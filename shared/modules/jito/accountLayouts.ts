import {
  addCodecSizePrefix,
  type Codec,
  fixCodecSize,
  getAddressCodec,
  getArrayCodec,
  getBooleanCodec,
  getBytesCodec,
  getDiscriminatedUnionCodec,
  getI64Codec,
  getNullableCodec,
  getStructCodec,
  getU16Codec,
  getU32Codec,
  getU64Codec,
  getU8Codec,
  getUnitCodec,
  getUtf8Codec,
} from '@solana/kit';

/*
 * Borsh layouts of the SPL Governance accounts the source reads, written from the program's own
 * source: Mythic-Project/spl-governance-v3.1.3 governance/program/src/state/proposal.rs
 * @8e6917a204fbb5dcb177fc76985d2fbc2d72fd10 (ProposalV2), governance.rs @8e6917a2 (GovernanceV2,
 * GovernanceConfig), proposal_transaction.rs @500941c59cc0a1e58ec48dcd79c37585b1c12740
 * (ProposalTransactionV2), enums.rs @ba024a4e9b61938481139d2336bad03de9699311 (account types,
 * ProposalState, VoteThreshold, VoteTipping). Borsh: enums are a u8 tag, Option a u8 tag,
 * String and Vec a u32 length, integers little-endian.
 */

/** GovernanceAccountType ordinals (enums.rs): the first byte of every account. */
export const ACCOUNT_TYPE = {
  ProposalTransactionV2: 13,
  ProposalV2: 14,
  GovernanceV2: 18,
} as const;

/** ProposalState in declaration order (enums.rs). */
export const PROPOSAL_STATES = [
  'Draft',
  'SigningOff',
  'Voting',
  'Succeeded',
  'Executing',
  'Completed',
  'Cancelled',
  'Defeated',
  'ExecutingWithErrors',
  'Vetoed',
] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];

const u8 = getU8Codec();
const u64 = getU64Codec();
const borshString = addCodecSizePrefix(getUtf8Codec(), getU32Codec());
const borshVec = <T>(item: Codec<T>) => getArrayCodec(item, { size: getU32Codec() });
const borshOption = <T>(item: Codec<T>) => getNullableCodec(item, { prefix: u8 });
const address = getAddressCodec();
const bytes = (size: number) => fixCodecSize(getBytesCodec(), size);

/** VoteThreshold: YesVotePercentage(u8) | QuorumPercentage(u8) | Disabled. */
const voteThreshold = getDiscriminatedUnionCodec(
  [
    ['YesVotePercentage', getStructCodec([['percentage', u8]])],
    ['QuorumPercentage', getStructCodec([['percentage', u8]])],
    ['Disabled', getUnitCodec()],
  ],
  { size: u8 },
);
export type VoteThreshold = ReturnType<typeof voteThreshold.decode>;

/** VoteType: SingleChoice | MultiChoice { choice_type, min_voter_options, max_voter_options, max_winning_options }. */
const voteType = getDiscriminatedUnionCodec(
  [
    ['SingleChoice', getUnitCodec()],
    [
      'MultiChoice',
      getStructCodec([
        ['choiceType', u8],
        ['minVoterOptions', u8],
        ['maxVoterOptions', u8],
        ['maxWinningOptions', u8],
      ]),
    ],
  ],
  { size: u8 },
);

const proposalOption = getStructCodec([
  ['label', borshString],
  ['voteWeight', u64],
  /** OptionVoteResult: None, Succeeded, Defeated. */
  ['voteResult', u8],
  ['transactionsExecutedCount', getU16Codec()],
  ['transactionsCount', getU16Codec()],
  ['transactionsNextIndex', getU16Codec()],
]);

/** ProposalV2 (proposal.rs), field for field. */
export const proposalV2Codec = getStructCodec([
  ['accountType', u8],
  ['governance', address],
  ['governingTokenMint', address],
  ['state', u8],
  ['tokenOwnerRecord', address],
  ['signatoriesCount', u8],
  ['signatoriesSignedOffCount', u8],
  ['voteType', voteType],
  ['options', borshVec(proposalOption)],
  ['denyVoteWeight', borshOption(u64)],
  ['reserved1', u8],
  ['abstainVoteWeight', borshOption(u64)],
  ['startVotingAt', borshOption(getI64Codec())],
  ['draftAt', getI64Codec()],
  ['signingOffAt', borshOption(getI64Codec())],
  ['votingAt', borshOption(getI64Codec())],
  ['votingAtSlot', borshOption(u64)],
  ['votingCompletedAt', borshOption(getI64Codec())],
  ['executingAt', borshOption(getI64Codec())],
  ['closedAt', borshOption(getI64Codec())],
  /** InstructionExecutionFlags: None, Ordered, UseTransaction. */
  ['executionFlags', u8],
  ['maxVoteWeight', borshOption(u64)],
  ['maxVotingTime', borshOption(getU32Codec())],
  ['voteThreshold', borshOption(voteThreshold)],
  ['reserved', bytes(64)],
  ['name', borshString],
  ['descriptionLink', borshString],
  ['vetoVoteWeight', u64],
]);
export type ProposalV2 = ReturnType<typeof proposalV2Codec.decode>;
export type ProposalV2Input = Parameters<typeof proposalV2Codec.encode>[0];

/** VoteTipping: Strict, Early, Disabled. */
const voteTipping = u8;

/** GovernanceConfig (governance.rs). */
export const governanceConfigCodec = getStructCodec([
  ['communityVoteThreshold', voteThreshold],
  ['minCommunityWeightToCreateProposal', u64],
  ['minTransactionHoldUpTime', getU32Codec()],
  ['votingBaseTime', getU32Codec()],
  ['communityVoteTipping', voteTipping],
  ['councilVoteThreshold', voteThreshold],
  ['councilVetoVoteThreshold', voteThreshold],
  ['minCouncilWeightToCreateProposal', u64],
  ['councilVoteTipping', voteTipping],
  ['communityVetoVoteThreshold', voteThreshold],
  ['votingCoolOffTime', getU32Codec()],
  ['depositExemptProposalCount', u8],
]);
export type GovernanceConfig = ReturnType<typeof governanceConfigCodec.decode>;

/**
 * GovernanceV2 (governance.rs). The account is allocated at 236 bytes while a Disabled threshold
 * serializes shorter, so the data may end in unused bytes: decoding reads only what it needs.
 */
export const governanceV2Codec = getStructCodec([
  ['accountType', u8],
  ['realm', address],
  ['governedAccount', address],
  ['reserved1', getU32Codec()],
  ['config', governanceConfigCodec],
  ['reservedV2', bytes(119)],
  ['requiredSignatoriesCount', u8],
  ['activeProposalCount', u64],
]);
export type GovernanceV2 = ReturnType<typeof governanceV2Codec.decode>;

/** InstructionData (proposal_transaction.rs): what a governance PDA signs when the proposal executes. */
export const instructionDataCodec = getStructCodec([
  ['programId', address],
  [
    'accounts',
    borshVec(
      getStructCodec([
        ['pubkey', address],
        ['isSigner', getBooleanCodec()],
        ['isWritable', getBooleanCodec()],
      ]),
    ),
  ],
  ['data', addCodecSizePrefix(getBytesCodec(), getU32Codec())],
]);
export type InstructionData = ReturnType<typeof instructionDataCodec.decode>;

/** ProposalTransactionV2 (proposal_transaction.rs). */
export const proposalTransactionV2Codec = getStructCodec([
  ['accountType', u8],
  ['proposal', address],
  ['optionIndex', u8],
  ['transactionIndex', getU16Codec()],
  ['holdUpTime', getU32Codec()],
  ['instructions', borshVec(instructionDataCodec)],
  ['executedAt', borshOption(getI64Codec())],
  /** TransactionExecutionStatus: None, Success, Error. */
  ['executionStatus', u8],
  ['reservedV2', bytes(8)],
]);
export type ProposalTransactionV2 = ReturnType<typeof proposalTransactionV2Codec.decode>;

/** The state's name, or undefined for an ordinal this layout does not know. */
export const proposalStateName = (ordinal: number): ProposalState | undefined => PROPOSAL_STATES[ordinal];
