import {
  type Codec,
  getAddressCodec,
  getDiscriminatedUnionCodec,
  getI64Codec,
  getNullableCodec,
  getStructCodec,
  getU64Codec,
  getU8Codec,
  getUnitCodec,
} from '@solana/kit';

/*
 * Borsh layout of the SPL Stake Pool `StakePool` account, field for field, from the program's own
 * source: solana-program/stake-pool program/src/state.rs @0e562954cc280185fcc87ef01d7bbc78859fdae9
 * (the JitoSOL pool runs this program, SPoo1Ku8WFXoNDMHPsrGSTSG1Y47rzgn41SLUNakuHy). Borsh: enums
 * and Option are a u8 tag, integers little-endian; `Lockup` is (i64 unix_timestamp, u64 epoch,
 * Pubkey custodian) from the stake program.
 */

/** AccountType (state.rs): Uninitialized, StakePool, ValidatorList. */
export const STAKE_POOL_ACCOUNT_TYPE = 1;

const u8 = getU8Codec();
const u64 = getU64Codec();
const address = getAddressCodec();
const option = <T>(item: Codec<T>) => getNullableCodec(item, { prefix: u8 });

/** Fee { denominator: u64, numerator: u64 }: a ratio, zero when either part is zero. */
const fee = getStructCodec([
  ['denominator', u64],
  ['numerator', u64],
]);
export type StakePoolFee = ReturnType<typeof fee.decode>;

/**
 * FutureEpoch<Fee>: None | One(Fee) | Two(Fee), "Borsh-compatible with the native Option" for its
 * first two variants; a fee set by SetFee sits in Two until two epoch boundaries pass.
 */
const futureFee = getDiscriminatedUnionCodec(
  [
    ['None', getUnitCodec()],
    ['One', getStructCodec([['fee', fee]])],
    ['Two', getStructCodec([['fee', fee]])],
  ],
  { size: u8 },
);

const lockup = getStructCodec([
  ['unixTimestamp', getI64Codec()],
  ['epoch', u64],
  ['custodian', address],
]);

/** StakePool (state.rs). */
export const stakePoolCodec = getStructCodec([
  ['accountType', u8],
  ['manager', address],
  ['staker', address],
  ['stakeDepositAuthority', address],
  ['stakeWithdrawBumpSeed', u8],
  ['validatorList', address],
  ['reserveStake', address],
  ['poolMint', address],
  ['managerFeeAccount', address],
  ['tokenProgramId', address],
  /** Total stake under management; exact only when lastUpdateEpoch is the current epoch. */
  ['totalLamports', u64],
  ['poolTokenSupply', u64],
  ['lastUpdateEpoch', u64],
  ['lockup', lockup],
  /** The share of each epoch's rewards minted to the manager: what a SetFee(Epoch) vote moves. */
  ['epochFee', fee],
  ['nextEpochFee', futureFee],
  ['preferredDepositValidatorVoteAddress', option(address)],
  ['preferredWithdrawValidatorVoteAddress', option(address)],
  ['stakeDepositFee', fee],
  ['stakeWithdrawalFee', fee],
  ['nextStakeWithdrawalFee', futureFee],
  ['stakeReferralFee', u8],
  ['solDepositAuthority', option(address)],
  ['solDepositFee', fee],
  ['solReferralFee', u8],
  ['solWithdrawAuthority', option(address)],
  ['solWithdrawalFee', fee],
  ['nextSolWithdrawalFee', futureFee],
  /** Last epoch's supply and lamports, kept by the program "only for APR estimation". */
  ['lastEpochPoolTokenSupply', u64],
  ['lastEpochTotalLamports', u64],
]);
export type StakePool = ReturnType<typeof stakePoolCodec.decode>;
export type StakePoolInput = Parameters<typeof stakePoolCodec.encode>[0];
