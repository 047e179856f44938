import { getStructCodec, getU64Codec, getU8Codec } from '@solana/kit';
import type { ParameterChange, ParameterName } from '../../domain/parameterChange.js';
import type { InstructionData, ProposalTransactionV2 } from './accountLayouts.js';

/** The SPL Stake Pool program behind JitoSOL (jito-omnidocs "Deployed Programs"). */
export const SPL_STAKE_POOL_PROGRAM = 'SPoo1Ku8WFXoNDMHPsrGSTSG1Y47rzgn41SLUNakuHy';

/*
 * StakePoolInstruction is a Borsh enum: SetFee is its 13th variant (tag 12) and carries a FeeType:
 * SolReferral(u8) 0, StakeReferral(u8) 1, Epoch(Fee) 2, StakeWithdrawal(Fee) 3, SolDeposit(Fee) 4,
 * StakeDeposit(Fee) 5, SolWithdrawal(Fee) 6; Fee is { denominator: u64, numerator: u64 }
 * (solana-labs/solana-program-library stake-pool/program/src/instruction.rs
 * @0181955f9966a072802fca088ddf55c647845036, state.rs `FeeType`, `Fee`).
 */
const SET_FEE = 12;
/**
 * The fees a holder meets, by FeeType tag: the epoch fee on rewards, the stake withdrawal fee (the
 * way out open to every holder, the one the exposure reads as withdrawalFee) and the SOL deposit
 * fee. Referral shares, the stake deposit fee and the SOL withdrawal fee move nothing the exposure reads.
 */
const FEES: Readonly<Record<number, { parameter: ParameterName; name: string }>> = {
  2: { parameter: 'rewardFee', name: 'Epoch' },
  3: { parameter: 'withdrawalFee', name: 'StakeWithdrawal' },
  4: { parameter: 'depositFee', name: 'SolDeposit' },
};
const setFeeCodec = getStructCodec([
  ['instruction', getU8Codec()],
  ['feeType', getU8Codec()],
  ['denominator', getU64Codec()],
  ['numerator', getU64Codec()],
]);

export interface DecodeProposalTransactionsParameters {
  protocol: string;
  /** The proposal's transactions, with their account addresses (for the evidence). */
  transactions: readonly { pubkey: string; account: ProposalTransactionV2 }[];
  /** Stake pool accounts by the asset their pool token is (e.g. JitoSOL). */
  stakePools: Readonly<Record<string, string>>;
}

/**
 * The parameter changes a proposal's transactions make, read from their instructions. Only the
 * instructions that move a parameter the simulator knows are decoded: the stake pool's epoch fee
 * (rewardFee), stake withdrawal fee and SOL deposit fee. Anything else (treasury transfers, program upgrades, SetGovernanceConfig,
 * Steward parameters) yields nothing rather than a guess. Pure.
 */
export function decodeProposalTransactions({ protocol, transactions, stakePools }: DecodeProposalTransactionsParameters): ParameterChange[] {
  const byPool = new Map(Object.entries(stakePools).map(([asset, pool]) => [pool, asset]));
  const ordered = [...transactions].sort(
    (a, b) => a.account.optionIndex - b.account.optionIndex || a.account.transactionIndex - b.account.transactionIndex,
  );
  return ordered.flatMap(({ pubkey, account }) =>
    account.instructions.flatMap((instruction, index) => {
      const change = feeChange(instruction, byPool);
      return change ? [{ protocol, ...change, evidence: `${change.evidence} (ProposalTransactionV2 ${pubkey}, instruction ${index})` }] : [];
    }),
  );
}

function feeChange(instruction: InstructionData, byPool: ReadonlyMap<string, string>): Omit<ParameterChange, 'protocol'> | undefined {
  if (instruction.programId !== SPL_STAKE_POOL_PROGRAM) return undefined;
  const data = instruction.data;
  const kind = FEES[data[1] ?? -1];
  if (data.length < 18 || data[0] !== SET_FEE || !kind) return undefined;
  const fee = setFeeCodec.decode(data);
  // SetFee's account 0 is the stake pool; a pool this deployment does not name is not a known asset.
  const asset = byPool.get(instruction.accounts[0]?.pubkey ?? '');
  if (!asset) return undefined;
  // A zero numerator or denominator is a zero fee (state.rs Fee).
  const to = fee.denominator === 0n || fee.numerator === 0n ? 0 : Number(fee.numerator) / Number(fee.denominator);
  return {
    asset,
    parameter: kind.parameter,
    to,
    unit: 'fraction',
    // A new fee applies two epoch boundaries after execution (FutureEpoch::Two).
    evidence: `spl-stake-pool SetFee(${kind.name} ${fee.numerator}/${fee.denominator})`,
    verified: true,
  };
}
