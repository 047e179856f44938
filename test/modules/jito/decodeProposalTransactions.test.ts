import { address, getStructCodec, getU64Codec, getU8Codec } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { instructionDataCodec, type ProposalTransactionV2 } from '../../../shared/modules/jito/accountLayouts.js';
import { decodeProposalTransactions, SPL_STAKE_POOL_PROGRAM } from '../../../shared/modules/jito/decodeProposalTransactions.js';
import { JITO_DEPLOYMENT } from '../../../shared/modules/jito/deployment.js';
import { upgradeInstructionBytes } from './vectors.js';

const JITOSOL_POOL = JITO_DEPLOYMENT.stakePools.JitoSOL!;
// The DAO's native treasury, JitoSOL's manager (jito-foundation/jto-proposal-verifier README).
const MANAGER = '5eosrve6LktMZgVNszYzebgmmC7BjLK8NoWyRQtcmGTF';

/** SetFee { fee: FeeType::Epoch(Fee { denominator, numerator }) } as spl-stake-pool serializes it (tag 12, Epoch 2). */
const setEpochFee = (numerator: bigint, denominator: bigint) =>
  getStructCodec([
    ['instruction', getU8Codec()],
    ['feeType', getU8Codec()],
    ['denominator', getU64Codec()],
    ['numerator', getU64Codec()],
  ]).encode({ instruction: 12, feeType: 2, denominator, numerator }) as Uint8Array;

const transaction = (instructions: ProposalTransactionV2['instructions']): ProposalTransactionV2 => ({
  accountType: 13,
  proposal: address('CTaYLKaPw7gexrjp8gi2aDkG8QJuWzqz6LrySCJoRhyt'),
  optionIndex: 0,
  transactionIndex: 0,
  holdUpTime: 0,
  instructions,
  executedAt: null,
  executionStatus: 0,
  reservedV2: new Uint8Array(8),
});

const setFeeOn = (pool: string, data: Uint8Array) => ({
  programId: address(SPL_STAKE_POOL_PROGRAM),
  accounts: [
    { pubkey: address(pool), isSigner: false, isWritable: true },
    { pubkey: address(MANAGER), isSigner: true, isWritable: false },
  ],
  data,
});

const decode = (instructions: ProposalTransactionV2['instructions']) =>
  decodeProposalTransactions({
    protocol: 'jito',
    transactions: [{ pubkey: 'TxAccount1111111111111111111111111111111111', account: transaction(instructions) }],
    stakePools: JITO_DEPLOYMENT.stakePools,
  });

describe('decodeProposalTransactions', () => {
  it("reads a SetFee(Epoch) on the JitoSOL pool as JitoSOL's reward fee", () => {
    const [change, ...rest] = decode([setFeeOn(JITOSOL_POOL, setEpochFee(5n, 100n))]);
    expect(rest).toEqual([]);
    expect(change).toMatchObject({ protocol: 'jito', asset: 'JitoSOL', parameter: 'rewardFee', to: 0.05, unit: 'fraction', verified: true });
    expect(change!.evidence).toMatch(/SetFee\(Epoch 5\/100\).*TxAccount1111111111111111111111111111111111, instruction 0/);
  });

  it('reads a zero numerator or denominator as a zero fee', () => {
    expect(decode([setFeeOn(JITOSOL_POOL, setEpochFee(0n, 100n))])[0]!.to).toBe(0);
    expect(decode([setFeeOn(JITOSOL_POOL, setEpochFee(5n, 0n))])[0]!.to).toBe(0);
  });

  it('ignores a SetFee on a pool the deployment does not name', () => {
    expect(decode([setFeeOn(MANAGER, setEpochFee(5n, 100n))])).toEqual([]);
  });

  const withFeeType = (feeType: number) => {
    const data = Uint8Array.from(setEpochFee(1n, 1000n));
    data[1] = feeType;
    return data;
  };

  it('reads the stake withdrawal fee (tag 3) and the SOL deposit fee (tag 4) as the fees a holder meets', () => {
    expect(decode([setFeeOn(JITOSOL_POOL, withFeeType(3))])).toMatchObject([{ asset: 'JitoSOL', parameter: 'withdrawalFee', to: 0.001, evidence: expect.stringContaining('SetFee(StakeWithdrawal 1/1000)') }]);
    expect(decode([setFeeOn(JITOSOL_POOL, withFeeType(4))])).toMatchObject([{ parameter: 'depositFee', to: 0.001 }]);
  });

  it('ignores the fee types no holder position reads (referral shares, stake deposit, SOL withdrawal)', () => {
    for (const feeType of [0, 1, 5, 6]) expect(decode([setFeeOn(JITOSOL_POOL, withFeeType(feeType))])).toEqual([]);
  });

  it("ignores instructions of other programs, such as spl-governance's own upgrade vector", () => {
    const upgrade = instructionDataCodec.decode(upgradeInstructionBytes());
    expect(decode([upgrade])).toEqual([]);
  });
});
