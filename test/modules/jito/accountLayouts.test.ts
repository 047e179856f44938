import { getAddressDecoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { instructionDataCodec, type ProposalV2Input, proposalV2Codec } from '../../../shared/modules/jito/accountLayouts.js';
import { encodedAccountData, SAMPLE_PROPOSALS, SAMPLE_VOTING } from './sampleRealm.js';
import { upgradeInstructionBytes } from './vectors.js';

describe('InstructionData layout', () => {
  it("decodes spl-governance's upgrade-instruction vector into the loader call it was built from", () => {
    const bytes = upgradeInstructionBytes();
    const instruction = instructionDataCodec.decode(bytes);
    expect(instruction.programId).toBe('BPFLoaderUpgradeab1e11111111111111111111111');
    expect(instruction.accounts).toHaveLength(7);
    // bpf_loader_upgradeable::upgrade(program, buffer, authority, spill): program and buffer writable, authority signs.
    expect(instruction.accounts[1]).toEqual({ pubkey: 'Hita5Lun87S4MADAF4vGoWEgFm5DyuVqxoWzzqYxS3AD', isSigner: false, isWritable: true });
    expect(instruction.accounts[2]).toEqual({ pubkey: '5XqXkgJGAUwrUHBkxbKpYMGqsRoQLfyqRbYUEkjNY6hL', isSigner: false, isWritable: true });
    expect(instruction.accounts[6]).toEqual({ pubkey: 'FqSReK9R8QxvFZgdrAwGT3gsYp1ZGfiFjS8xrzyyadn3', isSigner: true, isWritable: false });
    // UpgradeableLoaderInstruction::Upgrade is variant 3, a bincode u32.
    expect([...instruction.data]).toEqual([3, 0, 0, 0]);
    expect(instructionDataCodec.encode(instruction)).toEqual(bytes);
  });
});

describe('ProposalV2 layout', () => {
  const samples = [...SAMPLE_PROPOSALS, ...SAMPLE_VOTING];

  /** proposal.rs get_max_size: the space the program allocates when it creates the account. */
  const maxSize = (account: ProposalV2Input) =>
    Buffer.byteLength(account.name) +
    Buffer.byteLength(account.descriptionLink) +
    account.options.reduce((sum, option) => sum + Buffer.byteLength(option.label) + 19, 0) +
    297;

  it('fills exactly the space the program allocates once every optional field is set and the vote type is the larger MultiChoice', () => {
    const full: ProposalV2Input = {
      ...SAMPLE_PROPOSALS[0]!.account,
      voteType: { __kind: 'MultiChoice', choiceType: 0, minVoterOptions: 1, maxVoterOptions: 1, maxWinningOptions: 1 },
      abstainVoteWeight: 0n,
      startVotingAt: 1n,
      executingAt: 1n,
      closedAt: 1n,
      maxVotingTime: 1,
    };
    expect(proposalV2Codec.encode(full).length).toBe(maxSize(full));
  });

  it.each(samples)('fits $pubkey in the space the program allocates for it', ({ account }) => {
    expect(proposalV2Codec.encode(account).length).toBeLessThanOrEqual(maxSize(account));
    expect(encodedAccountData(account).length).toBe(maxSize(account));
  });

  it('keeps the governance at offset 1 and the governing mint at offset 33, where memcmp filters look', () => {
    const { account } = SAMPLE_PROPOSALS[0]!;
    const bytes = proposalV2Codec.encode(account);
    expect(bytes[0]).toBe(14);
    expect(getAddressDecoder().decode(bytes.slice(1, 33))).toBe(account.governance);
    expect(getAddressDecoder().decode(bytes.slice(33, 65))).toBe(account.governingTokenMint);
  });

  it.each(samples)('reads back every field of $pubkey from the allocated account, zero tail included', ({ account }) => {
    expect(proposalV2Codec.decode(encodedAccountData(account))).toEqual(account);
  });
});
