/** The wallet kinds the contract accepts; an ens name resolves to an evm wallet. */
export const ADDRESS_KINDS = ['evm', 'solana', 'cosmos', 'xrpl'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/** A wallet address in its canonical form (evm checksummed, cosmos lower-case, others verbatim). */
export interface Wallet {
  kind: AddressKind;
  address: string;
}

/** What a caller typed where a wallet is taken: a wallet, or an ens name still to resolve. */
export type WalletInput = Wallet | { kind: 'ens'; name: string };
