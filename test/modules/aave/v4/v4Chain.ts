import { type Abi, getAddress } from 'viem';
import { hubAbi, spokeAbi, spokeOracleAbi } from '../../../../shared/modules/aave/v4/abi.js';
import { spokeAccountData, spokeValue } from '../../../../shared/modules/aave/v4/accountData.js';
import { V4_SPOKES } from '../../../../shared/modules/aave/v4/spokes.js';
import type { SyntheticState } from '../../../exposure/syntheticChain.js';

/*
 * A SYNTHETIC Aave v4 state for the exposure's tests: protocol-exact answers (the address book's
 * real spoke and oracle addresses, ISpoke's own encodings) served by test/exposure/syntheticChain.ts.
 * No v4 account's full state was published, so every reserve, price and holding here is a
 * synthetic test vector; getUserAccountData is derived from them by the spoke's own arithmetic
 * (shared/modules/aave/v4/accountData.ts, itself checked against aave-v4's published vectors).
 */

const WAD = 10n ** 18n;
export const MAIN_SPOKE = V4_SPOKES.find((spoke) => spoke.market === 'aave-v4-ethereum-main')!;
const underlying = (symbol: string) => getAddress(Object.entries(MAIN_SPOKE.symbols).find(([, name]) => name === symbol)![0]);

export interface SyntheticReserve {
  symbol: string;
  decimals: number;
  /** USD, 8 decimals. */
  price: bigint;
  collateralRisk: number;
  /** Collateral factor by dynamic config key (bps); the last key is the reserve's latest. */
  configs: readonly number[];
  /** Its asset on the hub (HUB, assetId = its reserve id), where a test gives one: getAsset's fields and getAddedAssets. */
  hubAsset?: SyntheticHubAsset;
}

export interface SyntheticHubAsset {
  liquidity: bigint;
  swept: bigint;
  addedShares: bigint;
  drawnShares: bigint;
  premiumShares: bigint;
  drawnIndex: bigint;
  /** RAY a year. */
  drawnRate: bigint;
  liquidityFee: number;
  /** getAddedAssets. */
  addedAssets: bigint;
}

/** The hub a reserve with a hub asset sits on: the address book's Ethereum Core hub. */
export const HUB = getAddress('0xCca852Bc40e560adC3b1Cc58CA5b55638ce826c9');

export interface SyntheticHolding {
  supplied: bigint;
  drawn: bigint;
  premium: bigint;
  collateral: boolean;
  key: number;
}

/** The Main spoke's synthetic reserves: WETH (three keys: 78 %, 80 %, 82 %), USDC, wstETH. */
export const MAIN_RESERVES: readonly SyntheticReserve[] = [
  { symbol: 'WETH', decimals: 18, price: 3_000n * 10n ** 8n, collateralRisk: 1500, configs: [7800, 8000, 8200] },
  { symbol: 'USDC', decimals: 6, price: 10n ** 8n, collateralRisk: 1000, configs: [7500] },
  { symbol: 'wstETH', decimals: 18, price: 3_600n * 10n ** 8n, collateralRisk: 2000, configs: [7500] },
];

/** The evm holder's v4 account in the Main spoke: 5 WETH as collateral on key 1 (80 %, the latest is 2), 5,900 USDC drawn and 100 USDC premium. HF 2.0, risk premium 15 %. */
export const V4_HOLDER_POSITIONS: Readonly<Record<number, SyntheticHolding>> = {
  0: { supplied: 5n * WAD, drawn: 0n, premium: 0n, collateral: true, key: 1 },
  1: { supplied: 0n, drawn: 5_900n * 10n ** 6n, premium: 100n * 10n ** 6n, collateral: false, key: 0 },
};

export const V4_ABIS = [spokeAbi, spokeOracleAbi, hubAbi] as unknown as Abi[];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const EMPTY: SyntheticHolding = { supplied: 0n, drawn: 0n, premium: 0n, collateral: false, key: 0 };

/** The account data the spoke computes for `holdings` over `reserves` (its own arithmetic, accountData.ts). */
export function syntheticAccountData(reserves: readonly SyntheticReserve[], holdings: Readonly<Record<number, SyntheticHolding>>) {
  const held = Object.entries(holdings).map(([id, holding]) => ({ reserve: reserves[Number(id)]!, holding }));
  const collateral = held
    .filter(({ holding }) => holding.collateral && holding.supplied > 0n)
    .map(({ reserve, holding }) => ({ value: spokeValue(holding.supplied, reserve.decimals, reserve.price), collateralFactor: reserve.configs[holding.key]!, collateralRisk: reserve.collateralRisk }));
  const debtValueRay = held.reduce((sum, { reserve, holding }) => sum + spokeValue((holding.drawn + holding.premium) * 10n ** 27n, reserve.decimals, reserve.price), 0n);
  const data = spokeAccountData({ collateral, debtValueRay });
  return {
    riskPremium: data.riskPremium,
    avgCollateralFactor: data.avgCollateralFactor,
    healthFactor: data.healthFactor,
    totalCollateralValue: data.totalCollateralValue,
    totalDebtValue: data.totalDebtValue,
    activeCollateralCount: BigInt(collateral.length),
    borrowCount: BigInt(held.filter(({ holding }) => holding.drawn + holding.premium > 0n).length),
  };
}

/**
 * Every v4 spoke's answers (or undefined for a call that is not a spoke's or its oracle's): the
 * Main spoke lists MAIN_RESERVES and `holdings(user)` holds there; every other spoke lists the
 * same reserves and nobody holds anything.
 */
export function v4Answer(target: string, functionName: string, args: readonly unknown[], holdings: (user: string) => Readonly<Record<number, SyntheticHolding>>, reserves: readonly SyntheticReserve[] = MAIN_RESERVES) {
  const spoke = V4_SPOKES.find((entry) => same(entry.spoke, target));
  const oracle = V4_SPOKES.find((entry) => same(entry.oracle, target));
  if (oracle && functionName === 'getReservePrice') return { abi: spokeOracleAbi as unknown as Abi, result: reserves[Number(args[0])]?.price ?? 0n };
  if (same(target, HUB)) return hubAnswer(functionName, reserves[Number(args[0])]?.hubAsset);
  if (!spoke) return undefined;
  const abi = spokeAbi as unknown as Abi;
  const held = (user: unknown) => (spoke === MAIN_SPOKE ? holdings(String(user)) : {});
  const reserve = reserves[Number(args[0])];
  switch (functionName) {
    case 'getUserAccountData':
      return { abi, result: syntheticAccountData(reserves, held(args[0])) };
    case 'getReserveCount':
      return { abi, result: BigInt(reserves.length) };
    case 'getReserve':
      // A reserve without a hub asset names its spoke as its hub: a hub read there reverts, as a read of no hub would.
      return reserve && { abi, result: { underlying: underlying(reserve.symbol), hub: reserve.hubAsset ? HUB : spoke.spoke, assetId: Number(args[0]), decimals: reserve.decimals, dynamicConfigKey: reserve.configs.length - 1, collateralRisk: reserve.collateralRisk, flags: 0 } };
    case 'getUserPosition': {
      const holding = held(args[1])[Number(args[0])] ?? EMPTY;
      return { abi, result: { drawnShares: holding.drawn, premiumShares: holding.premium, premiumOffsetRay: 0n, suppliedShares: holding.supplied, dynamicConfigKey: holding.key } };
    }
    case 'getUserReserveStatus': {
      const holding = held(args[1])[Number(args[0])] ?? EMPTY;
      return { abi, result: [holding.collateral, holding.drawn + holding.premium > 0n] };
    }
    case 'getUserSuppliedAssets':
      return { abi, result: (held(args[1])[Number(args[0])] ?? EMPTY).supplied };
    case 'getUserDebt': {
      const holding = held(args[1])[Number(args[0])] ?? EMPTY;
      return { abi, result: [holding.drawn, holding.premium] };
    }
    case 'getDynamicReserveConfig':
      return reserve && { abi, result: { collateralFactor: reserve.configs[Number(args[1])] ?? 0, maxLiquidationBonus: 10_500, liquidationFee: 1_000 } };
    default:
      return undefined;
  }
}

/** The hub's getAsset and getAddedAssets for a synthetic hub asset (the rest of IHub.Asset zero). */
function hubAnswer(functionName: string, asset: SyntheticHubAsset | undefined) {
  if (!asset) return undefined;
  const abi = hubAbi as unknown as Abi;
  const zero = '0x0000000000000000000000000000000000000000';
  if (functionName === 'getAddedAssets') return { abi, result: asset.addedAssets };
  if (functionName !== 'getAsset') return undefined;
  const { addedAssets: _, ...fields } = asset;
  return { abi, result: { ...fields, realizedFees: 0n, decimals: 18, premiumOffsetRay: 0n, lastUpdateTimestamp: 0, underlying: zero, irStrategy: zero, reinvestmentController: zero, feeReceiver: zero, deficitRay: 0n } };
}

/** A chain where `holder` holds V4_HOLDER_POSITIONS in the Main spoke and nothing else of v4. */
export const v4State = (holder: string, holdings: Readonly<Record<number, SyntheticHolding>> = V4_HOLDER_POSITIONS, reserves: readonly SyntheticReserve[] = MAIN_RESERVES): SyntheticState => ({
  answer: (target, functionName, args) => v4Answer(target, functionName, args, (user) => (same(user, holder) ? holdings : {}), reserves),
});
