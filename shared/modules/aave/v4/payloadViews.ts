import { type Address, BaseError, decodeFunctionResult, encodeFunctionData, ExecutionRevertedError, type Hex, parseAbi, type PublicClient } from 'viem';
import { hubAbi } from './abi.js';

/*
 * The views an Aave v4 governance payload states its work in (aave-helpers' AaveV4Payload, whose
 * structs are IAaveV4ConfigEngine's in aave-address-book's AaveV4.sol, the version
 * aave-proposals-v3's v4 payloads build against; aave-v4's own src/config-engine, merged after
 * v0.5.11 in #1287): the reserves it lists on spokes, the spokes' liquidation configs, the spokes
 * it registers on hub assets with their caps, and the hub assets' config updates (fee, rate
 * strategy and curve, reinvestment controller, fee receiver; EngineFlags' KEEP_CURRENT sentinels
 * for what it leaves). A payload contract's views are pure: they say exactly what its execute()
 * hands the config engine.
 */
export const v4PayloadAbi = parseAbi([
  'struct ReserveConfig { uint24 collateralRisk; bool paused; bool frozen; bool borrowable; bool receiveSharesEnabled; }',
  'struct DynamicReserveConfig { uint16 collateralFactor; uint32 maxLiquidationBonus; uint16 liquidationFee; }',
  'struct ReserveListing { address spokeConfigurator; address spoke; address hub; address underlying; address priceSource; ReserveConfig config; DynamicReserveConfig dynamicConfig; }',
  'struct LiquidationConfigUpdate { address spokeConfigurator; address spoke; uint256 targetHealthFactor; uint256 healthFactorForMaxBonus; uint256 liquidationBonusFactor; }',
  'struct SpokeConfig { uint40 addCap; uint40 drawCap; uint24 riskPremiumThreshold; bool active; bool halted; }',
  'struct SpokeAssetConfig { address underlying; SpokeConfig config; }',
  'struct SpokeToAssetsAddition { address hubConfigurator; address hub; address spoke; SpokeAssetConfig[] assets; }',
  'function spokeReserveListings() view returns (ReserveListing[])',
  'function spokeLiquidationConfigUpdates() view returns (LiquidationConfigUpdate[])',
  'function hubSpokeToAssetsAdditions() view returns (SpokeToAssetsAddition[])',
  'struct InterestRateData { uint16 optimalUsageRatio; uint32 baseDrawnRate; uint32 rateGrowthBeforeOptimal; uint32 rateGrowthAfterOptimal; }',
  'struct AssetConfigUpdate { address hubConfigurator; address hub; address underlying; uint256 liquidityFee; address feeReceiver; address irStrategy; InterestRateData irData; address reinvestmentController; }',
  'function hubAssetConfigUpdates() view returns (AssetConfigUpdate[])',
]);

export const V4_PAYLOAD_VIEWS = ['spokeReserveListings', 'spokeLiquidationConfigUpdates', 'hubSpokeToAssetsAdditions', 'hubAssetConfigUpdates'] as const;

export interface V4ReserveListing {
  spoke: Address;
  hub: Address;
  underlying: Address;
  config: { collateralRisk: number; paused: boolean; frozen: boolean; borrowable: boolean };
  dynamicConfig: { collateralFactor: number; maxLiquidationBonus: number; liquidationFee: number };
}
export interface V4LiquidationConfigUpdate {
  spoke: Address;
  targetHealthFactor: bigint;
  healthFactorForMaxBonus: bigint;
  liquidationBonusFactor: bigint;
}
export interface V4SpokeToAssetsAddition {
  hub: Address;
  spoke: Address;
  assets: readonly { underlying: Address; config: { addCap: bigint; drawCap: bigint; riskPremiumThreshold: number; active: boolean; halted: boolean } }[];
}

/** IAaveV4ConfigEngine.AssetConfigUpdate (sentinels as the payload states them), with the spokes the hub lists on the asset now. */
export interface V4AssetConfigUpdate {
  hub: Address;
  underlying: Address;
  liquidityFee: bigint;
  feeReceiver: Address;
  irStrategy: Address;
  irData: { optimalUsageRatio: number; baseDrawnRate: number; rateGrowthBeforeOptimal: number; rateGrowthAfterOptimal: number };
  reinvestmentController: Address;
  /** The hub's spokes on the asset (getSpokeCount, getSpokeAddress): a hub asset's config reaches every one. */
  spokes: readonly Address[];
}

/** What a v4 payload's views say; a view its base lacks (reverted) is empty. */
export interface V4PayloadViews {
  spokeReserveListings: readonly V4ReserveListing[];
  spokeLiquidationConfigUpdates: readonly V4LiquidationConfigUpdate[];
  hubSpokeToAssetsAdditions: readonly V4SpokeToAssetsAddition[];
  hubAssetConfigUpdates: readonly V4AssetConfigUpdate[];
}

type Answer = { data: Hex } | { reverted: true } | undefined;

const reverted = (error: unknown) => error instanceof BaseError && error.walk((cause) => cause instanceof ExecutionRevertedError) !== null;

async function answer(client: PublicClient, to: string, data: Hex): Promise<Answer> {
  try {
    const result = await client.call({ to: to as Address, data });
    return { data: result.data ?? '0x' };
  } catch (error) {
    return reverted(error) ? { reverted: true } : undefined;
  }
}

/**
 * The spokes a hub lists on an underlying now: getAssetId, then getSpokeCount, then each
 * getSpokeAddress (three rounds, asked only for a payload that updates a hub asset). None where the
 * hub does not list it (a revert); undefined where the node failed.
 */
async function spokesOfHubAsset(client: PublicClient, hub: Address, underlying: Address): Promise<readonly Address[] | undefined> {
  try {
    const assetId = await client.readContract({ address: hub, abi: hubAbi, functionName: 'getAssetId', args: [underlying] });
    const count = await client.readContract({ address: hub, abi: hubAbi, functionName: 'getSpokeCount', args: [assetId] });
    return await Promise.all(Array.from({ length: Number(count) }, (_, index) => client.readContract({ address: hub, abi: hubAbi, functionName: 'getSpokeAddress', args: [assetId, BigInt(index)] })));
  } catch (error) {
    return reverted(error) ? [] : undefined;
  }
}

/**
 * A payload contract's v4 views, by eth_call in one tick (a batched client sends them in one
 * request), and for each hub asset it updates, the spokes listing it (three more rounds, only
 * then). Null when every view reverts or an answer fits no layout here (no v4 payload, or a
 * newer engine); undefined when the node failed a call (not a revert: asked again next build).
 *
 * @example const views = await readV4PayloadViews(client, '0x8580FDC29c1ea91bC6683cB615D55fB11D8E154D');
 */
export async function readV4PayloadViews(client: PublicClient, target: string): Promise<V4PayloadViews | null | undefined> {
  const answers = await Promise.all(V4_PAYLOAD_VIEWS.map((functionName) => answer(client, target, encodeFunctionData({ abi: v4PayloadAbi, functionName }))));
  if (answers.some((found) => found === undefined)) return undefined;
  if (answers.every((found) => !('data' in found!))) return null;
  let views: Omit<V4PayloadViews, 'hubAssetConfigUpdates'> & { hubAssetConfigUpdates: readonly Omit<V4AssetConfigUpdate, 'spokes'>[] };
  try {
    const decoded = V4_PAYLOAD_VIEWS.map((functionName, index) => {
      const found = answers[index]!;
      return 'data' in found ? (decodeFunctionResult({ abi: v4PayloadAbi, functionName, data: found.data }) as readonly unknown[]) : [];
    });
    views = {
      spokeReserveListings: decoded[0] as readonly V4ReserveListing[],
      spokeLiquidationConfigUpdates: decoded[1] as readonly V4LiquidationConfigUpdate[],
      hubSpokeToAssetsAdditions: decoded[2] as readonly V4SpokeToAssetsAddition[],
      hubAssetConfigUpdates: decoded[3] as readonly Omit<V4AssetConfigUpdate, 'spokes'>[],
    };
  } catch {
    return null;
  }
  const spokes = await Promise.all(views.hubAssetConfigUpdates.map((update) => spokesOfHubAsset(client, update.hub, update.underlying)));
  if (spokes.some((found) => found === undefined)) return undefined;
  return { ...views, hubAssetConfigUpdates: views.hubAssetConfigUpdates.map((update, index) => ({ ...update, spokes: spokes[index]! })) };
}
