import { getAddressCodec, getStructCodec, getU64Codec } from '@solana/kit';

/*
 * The head of an SPL Token `Account` (solana-labs/solana-program-library token/program/src/state.rs,
 * `impl Pack for Account`, LEN 165): mint @0, owner @32, amount u64 @64, then delegate, state,
 * is_native, delegated_amount and close_authority, which the exposure does not need.
 */
export const TOKEN_ACCOUNT_LENGTH = 165;

export const tokenAccountHeadCodec = getStructCodec([
  ['mint', getAddressCodec()],
  ['owner', getAddressCodec()],
  ['amount', getU64Codec()],
]);
