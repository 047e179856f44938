import type { AddressKind } from '../address/types.js';

export interface ExampleWallet {
  kind: AddressKind | 'ens';
  address: string;
  note: string;
}

/**
 * Real public accounts to try a live scan on (mode live, unlike the demo wallets). Each one's
 * upstream answers are recorded under test/fixtures/upstream, so `UPSTREAM=recorded npm start`
 * finds their positions offline; the tests check that. Only accounts whose state was published
 * in full are listed (test/fixtures/README.md says which kinds have none yet, and why).
 */
export const EXAMPLE_WALLETS: readonly ExampleWallet[] = [
  {
    kind: 'solana',
    address: 'GTs7cG77B7ovhFSVrvdheomf6jSBnmZEiNuKkNkD8tA3',
    note: 'Holds JitoSOL (a Stakedex fee account, as published in igneous-labs/S test fixtures).',
  },
  {
    kind: 'xrpl',
    address: 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59',
    note: 'XRP and issued-currency trust lines (the XRP Ledger documentation’s example account).',
  },
];
