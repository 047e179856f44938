import type { Wallet } from '../address/types.js';

/**
 * The demo wallets (mode mock): one per address kind. Each is a well-formed address made from the
 * bytes de 30 00 … 01, which nobody holds a key for, so it can never be mistaken for a real account.
 */
export const DEMO_WALLETS: readonly Wallet[] = [
  { kind: 'evm', address: '0xde30000000000000000000000000000000000001' },
  { kind: 'solana', address: 'FxKxhc6NaLd8St6MH3z8z5Qyp6v1d5wW7fGzH98BTZeG' },
  { kind: 'cosmos', address: 'cosmos1mccqqqqqqqqqqqqqqqqqqqqqqqqqqqqp743rfk' },
  { kind: 'xrpl', address: 'rMEFWg5j1DMSPPjtQEZey6MTSyd2VBapqz' },
];

export const isDemoWallet = (wallet: Wallet): boolean =>
  DEMO_WALLETS.some((demo) => demo.kind === wallet.kind && demo.address === wallet.address);

export const demoWallet = (kind: Wallet['kind']): Wallet => {
  const wallet = DEMO_WALLETS.find((demo) => demo.kind === kind);
  if (!wallet) throw new Error(`no demo wallet of kind ${kind}`);
  return wallet;
};
