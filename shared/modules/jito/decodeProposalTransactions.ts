import { getStructCodec, getU64Codec, getU8Codec } from '@solana/kit';
import type { ParameterChange } from '../../domain/parameterChange.js';
import type { InstructionData, ProposalTransactionV2 } from './accountLayouts.js';

/** The SPL Stake Pool program behind JitoSOL (jito-omnidocs "Deployed Programs"). */
export const SPL_STAKE_POOL_PROGRAM = 'SPoo1Ku8WFXoNDMHPsrGSTSG1Y47rzgn41SLUNakuHy';

/*
 * StakePoolInstruction is a Borsh enum: SetFee is its 13th variant (tag 12) and carries a FeeType,
 * whose Epoch(Fee) variant is tag 2; Fee is { denominator: u64, numerator: u64 }
 * (solana-labs/solana-program-library stake-pool/program/src/instruction.rs
 * @0181955f9966a072802fca088ddf55c647845036, state.rs `FeeType`, `Fee`).
 */
const SET_FEE = 12;
const FEE_TYPE_EPOCH = 2;
const epochFeeCodec = getStructCodec([
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
 * instructions that move a parameter the simulator knows are decoded: today the stake pool's epoch
 * fee (rewardFee). Anything else (treasury transfers, program upgrades, SetGovernanceConfig,
 * Steward parameters) yields nothing rather than a guess. Pure.
 */
export function decodeProposalTransactions({ protocol, transactions, stakePools }: DecodeProposalTransactionsParameters): ParameterChange[] {
  const byPool = new Map(Object.entries(stakePools).map(([asset, pool]) => [pool, asset]));
  const ordered = [...transactions].sort(
    (a, b) => a.account.optionIndex - b.account.optionIndex || a.account.transactionIndex - b.account.transactionIndex,
  );
  return ordered.flatMap(({ pubkey, account }) =>
    account.instructions.flatMap((instruction, index) => {
      const change = epochFeeChange(instruction, byPool);
      return change ? [{ protocol, ...change, evidence: `${change.evidence} (ProposalTransactionV2 ${pubkey}, instruction ${index})` }] : [];
    }),
  );
}

function epochFeeChange(instruction: InstructionData, byPool: ReadonlyMap<string, string>): Omit<ParameterChange, 'protocol'> | undefined {
  if (instruction.programId !== SPL_STAKE_POOL_PROGRAM) return undefined;
  const data = instruction.data;
  if (data.length < 18 || data[0] !== SET_FEE || data[1] !== FEE_TYPE_EPOCH) return undefined;
  const fee = epochFeeCodec.decode(data);
  // SetFee's account 0 is the stake pool; a pool this deployment does not name is not a known asset.
  const asset = byPool.get(instruction.accounts[0]?.pubkey ?? '');
  if (!asset) return undefined;
  // A zero numerator or denominator is a zero fee (state.rs Fee).
  const to = fee.denominator === 0n || fee.numerator === 0n ? 0 : Number(fee.numerator) / Number(fee.denominator);
  return {
    asset,
    parameter: 'rewardFee',
    to,
    unit: 'fraction',
    // The new epoch fee applies two epoch boundaries after execution (FutureEpoch::Two).
    evidence: `spl-stake-pool SetFee(Epoch ${fee.numerator}/${fee.denominator})`,
    verified: true,
  };
}
