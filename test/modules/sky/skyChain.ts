import { type Abi, getAddress, type Hex, hexToString, stringToHex, zeroAddress } from 'viem';
import { SKY_ETHEREUM } from '../../../shared/modules/sky/exposure/deployment.js';
import { potAbi, savingsVaultAbi } from '../../../shared/modules/sky/exposure/exposureAbi.js';
import { getCdpsAbi, jugAbi, lockstakeEngineAbi, proxyRegistryAbi, spotAbi, vatAbi } from '../../../shared/modules/sky/exposure/vaultAbi.js';
import { SKY_VAULTS } from '../../../shared/modules/sky/exposure/vaultDeployment.js';
import { MULTICALL3, multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import { spBeamViewsAbi } from '../../../shared/modules/sky/spBeamAbi.js';
import { SP_BEAM, SP_BEAM_IDS } from '../../../shared/modules/sky/spBeamLimits.js';
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

export const SKY_ABIS = [savingsVaultAbi, potAbi, vatAbi, spotAbi, jugAbi, getCdpsAbi, proxyRegistryAbi, lockstakeEngineAbi, spBeamViewsAbi] as unknown as Abi[];

/**
 * SP-BEAM as the exposure's first round reads it (cfgs, tau, toc, bad, and Multicall3's block time):
 * SYNTHETIC answers with the 2026-05-07 config's values (SSR 2-30 %, DSR 0-30 %, the SP-BEAM ilks
 * 2-30 % or 0-30 %, steps of 4 points, tau 16 hours), the chain's time 2026-11-22 12:00 UTC and the
 * last set() 8 hours before it, so the first move may come 8 hours on.
 */
export const SP_BEAM_CHAIN = {
  time: Date.parse('2026-11-22T12:00:00Z') / 1000,
  tau: 57_600,
  toc: Date.parse('2026-11-22T04:00:00Z') / 1000,
  bad: 0,
  cfg: (id: string): [number, number, number] => (id === 'DSR' || id.startsWith('ALLOCATOR-') ? [0, 3000, 400] : SP_BEAM_IDS.includes(id) ? [200, 3000, 400] : [0, 0, 0]),
};

/** SP-BEAM's and the block time's answers, or undefined for any other call; `halted` answers bad = 1. */
export function spBeamAnswer(target: string, functionName: string, args: readonly unknown[], options: { halted?: boolean } = {}) {
  if (same(target, MULTICALL3) && functionName === 'getCurrentBlockTimestamp') return { abi: multicall3Abi as unknown as Abi, result: BigInt(SP_BEAM_CHAIN.time) };
  if (!same(target, SP_BEAM)) return undefined;
  const abi = spBeamViewsAbi as unknown as Abi;
  if (functionName === 'cfgs') return { abi, result: SP_BEAM_CHAIN.cfg(ilkOf(args[0])) };
  if (functionName === 'tau') return { abi, result: BigInt(SP_BEAM_CHAIN.tau) };
  if (functionName === 'toc') return { abi, result: BigInt(SP_BEAM_CHAIN.toc) };
  if (functionName === 'bad') return { abi, result: options.halted ? 1 : SP_BEAM_CHAIN.bad };
  return undefined;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/*
 * A SYNTHETIC borrower (no real account's vaults were captured): through its DSProxy it owns CDP
 * #31337, an ETH-A vault of 10 ETH at $3,000 (Spotter mat 1.45, so spot = 3,000 / 1.45) whose art
 * 10,000 at rate 1.2 is 12,000 DAI of debt: the vault. Jug duty is rates.sol's 500 bps ray.
 * It also holds a staking-engine urn of LSEV2-SKY-A: 1,000,000 SKY at $0.06 (mat 1.45) with 20,000
 * USDS of debt (art 20,000 at rate 1), duty rates.sol's 1,200 bps ray. Everyone else has no DSProxy,
 * no vault and no urn.
 */
export const BORROWER = getAddress('0x7777777777777777777777777777777777777777');
export const BORROWER_PROXY = getAddress('0x8888888888888888888888888888888888888888');
export const ETH_A_URN = getAddress('0x9999999999999999999999999999999999999999');
export const LSE_URN = getAddress('0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa');
export const LSE_ILK = 'LSEV2-SKY-A';
export const RATES_500_BPS = 1_000_000_001_547_125_957_863_212_448n;
export const RATES_1200_BPS = 1_000_000_003_593_629_043_335_673_582n;
const WAD_ = 10n ** 18n;
/** Per ilk: rate, mat and price (rays), duty. */
export const ILKS: Readonly<Record<string, { rate: bigint; mat: bigint; price: bigint; duty: bigint }>> = {
  'ETH-A': { rate: (12n * RAY) / 10n, mat: (145n * RAY) / 100n, price: 3_000n * RAY, duty: RATES_500_BPS },
  // mat 1.45: LSEV2-SKY-A's before the 2025-12-11 spell lowered it to 1.2 (test/fixtures/sky-spells/).
  [LSE_ILK]: { rate: RAY, mat: (145n * RAY) / 100n, price: (6n * RAY) / 100n, duty: RATES_1200_BPS },
};
/** Per urn: ink and art (wads). */
export const URNS: Readonly<Record<string, { ilk: string; ink: bigint; art: bigint }>> = {
  [ETH_A_URN]: { ilk: 'ETH-A', ink: 10n * WAD_, art: 10_000n * WAD_ },
  [LSE_URN]: { ilk: LSE_ILK, ink: 1_000_000n * WAD_, art: 20_000n * WAD_ },
};
const spotOf = (ilk: string) => (ILKS[ilk]!.price * RAY) / ILKS[ilk]!.mat;
const ilkOf = (bytes: unknown) => hexToString(bytes as Hex, { size: 32 }).replace(/\0+$/, '');

/** The vault contracts' answers (Vat, Spotter, Jug, GetCdps, ProxyRegistry, LockstakeEngine), or undefined for a call that is not theirs. */
export function skyVaultAnswer(target: string, functionName: string, args: readonly unknown[]) {
  const at = (abi: readonly unknown[], result: unknown) => ({ abi: abi as Abi, result });
  if (same(target, SKY_VAULTS.proxyRegistry)) return at(proxyRegistryAbi, same(String(args[0]), BORROWER) ? BORROWER_PROXY : zeroAddress);
  if (same(target, SKY_VAULTS.getCdps)) return at(getCdpsAbi, same(String(args[1]), BORROWER_PROXY) ? [[31_337n], [ETH_A_URN], [stringToHex('ETH-A', { size: 32 })]] : [[], [], []]);
  if (same(target, SKY_VAULTS.lockstakeEngine)) {
    if (functionName === 'ilk') return at(lockstakeEngineAbi, stringToHex(LSE_ILK, { size: 32 }));
    if (functionName === 'ownerUrnsCount') return at(lockstakeEngineAbi, same(String(args[0]), BORROWER) ? 1n : 0n);
    if (functionName === 'ownerUrns' && same(String(args[0]), BORROWER) && args[1] === 0n) return at(lockstakeEngineAbi, LSE_URN);
    return undefined;
  }
  if (same(target, SKY_VAULTS.jug)) return functionName === 'base' ? at(jugAbi, 0n) : at(jugAbi, [ILKS[ilkOf(args[0])]?.duty ?? 0n, 1_700_000_000n]);
  if (same(target, SKY_VAULTS.spot)) return at(spotAbi, [zeroAddress, ILKS[ilkOf(args[0])]?.mat ?? 0n]);
  if (same(target, SKY_VAULTS.vat)) {
    const ilk = ilkOf(args[0]);
    if (functionName === 'ilks') return at(vatAbi, [0n, ILKS[ilk]?.rate ?? 0n, ILKS[ilk] ? spotOf(ilk) : 0n, 0n, 0n]);
    const urn = Object.entries(URNS).find(([address]) => same(address, String(args[1])))?.[1];
    return at(vatAbi, urn && urn.ilk === ilk ? [urn.ink, urn.art] : [0n, 0n]);
  }
  return undefined;
}

/** Sky's answers for any holder (`balances` by token; others hold nothing), or undefined for a call that is not Sky's. */
export function skyAnswer(target: string, functionName: string, args: readonly unknown[], balances: (holder: string) => Readonly<Record<string, bigint>>, options: { revert?: string; halted?: boolean } = {}) {
  if (options.revert !== `${target}.${functionName}`) {
    const spBeam = spBeamAnswer(target, functionName, args, options);
    if (spBeam) return spBeam;
  }
  const vaults = options.revert === `${target}.${functionName}` ? undefined : skyVaultAnswer(target, functionName, args);
  if (vaults) return vaults;
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
export const skyState = (options: { revert?: string; halted?: boolean } = {}): SyntheticState => ({
  answer: (target, functionName, args) =>
    functionName === 'getBlockNumber' ? { abi: multicall3Abi as unknown as Abi, result: 24_000_000n } : skyAnswer(target, functionName, args, (holder) => (same(holder, SAVER) ? SAVER_BALANCES : {}), options),
});
