import { type Abi, getAddress } from 'viem';
import { SKY_ETHEREUM } from '../../../shared/modules/sky/exposure/deployment.js';
import { potAbi, savingsVaultAbi } from '../../../shared/modules/sky/exposure/exposureAbi.js';
import { RAY } from '../../../shared/modules/sky/rates.js';
import type { SyntheticState } from '../../exposure/syntheticChain.js';

/*
 * A SYNTHETIC Sky state on Ethereum for the exposure's tests: protocol-exact answers (the real
 * addresses of sky.json and the ERC-20 / ERC-4626 / SUsds.ssr / Pot.dsr encodings) served by
 * test/exposure/syntheticChain.ts. No wallet's holdings were published, so the balances and both
 * chis are synthetic test vectors; the rates are rays from spells-mainnet src/test/rates.sol
 * @17aee91 (SSR 450 bps, DSR 400 bps), so their yearly rates are known to be 4.5 % and 4 %.
 */

export const SAVER = getAddress('0x5555555555555555555555555555555555555555');
export const RATES_450_BPS = 1_000_000_001_395_766_281_313_196_627n;
export const RATES_400_BPS = 1_000_000_001_243_680_656_318_820_312n;
/** Synthetic chis: sUSDS 1.05, sDAI 1.17 (rays). */
export const SUSDS_CHI = 1_050_000_000_000_000_000_000_000_000n;
export const SDAI_CHI = 1_170_000_000_000_000_000_000_000_000n;

const WAD = 10n ** 18n;
/** The saver's synthetic holdings: 1,250.5 USDS, 300 DAI, 10,000 sUSDS, 2,000 sDAI. */
export const SAVER_BALANCES: Readonly<Record<string, bigint>> = {
  [SKY_ETHEREUM.usds]: 1_250_500_000_000_000_000_000n,
  [SKY_ETHEREUM.dai]: 300n * WAD,
  [SKY_ETHEREUM.sUsds]: 10_000n * WAD,
  [SKY_ETHEREUM.sDai]: 2_000n * WAD,
};

/** What the evm scans' synthetic holder (test/exposure/syntheticEvmWallet.ts) holds of Sky: 10,000 sUSDS. */
export const SKY_HOLDER_BALANCES: Readonly<Record<string, bigint>> = { [SKY_ETHEREUM.sUsds]: 10_000n * WAD };

export const SKY_ABIS = [savingsVaultAbi, potAbi] as unknown as Abi[];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Sky's answers for any holder (`balances` by token; others hold nothing), or undefined for a call that is not Sky's. */
export function skyAnswer(target: string, functionName: string, args: readonly unknown[], balances: (holder: string) => Readonly<Record<string, bigint>>, options: { revert?: string } = {}) {
  const token = Object.values(SKY_ETHEREUM).find((address) => same(address, target));
  if (!token || options.revert === `${token}.${functionName}`) return undefined;
  const abi = savingsVaultAbi as unknown as Abi;
  if (functionName === 'balanceOf') return { abi, result: balances(String(args[0]))[token] ?? 0n };
  if (functionName === 'convertToAssets' && same(token, SKY_ETHEREUM.sUsds)) return { abi, result: ((args[0] as bigint) * SUSDS_CHI) / RAY };
  if (functionName === 'convertToAssets' && same(token, SKY_ETHEREUM.sDai)) return { abi, result: ((args[0] as bigint) * SDAI_CHI) / RAY };
  if (functionName === 'ssr' && same(token, SKY_ETHEREUM.sUsds)) return { abi, result: RATES_450_BPS };
  if (functionName === 'dsr' && same(token, SKY_ETHEREUM.pot)) return { abi: potAbi as unknown as Abi, result: RATES_400_BPS };
  return undefined;
}

/** The saver's chain: SAVER holds SAVER_BALANCES, everyone else nothing; `revert` makes one read revert (`<address>.<function>`). */
export const skyState = (options: { revert?: string } = {}): SyntheticState => ({
  answer: (target, functionName, args) => skyAnswer(target, functionName, args, (holder) => (same(holder, SAVER) ? SAVER_BALANCES : {}), options),
});
