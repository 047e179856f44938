import { type Address, decodeFunctionResult, encodeFunctionData } from 'viem';
import type { EvmCall, EvmResult } from '../../../upstream/clients/ethereumReader.js';
import { hubAbi } from './abi.js';
import { v4DrawnUsage, v4SupplyApr, v4SupplyShareOfDrawnRate } from './supplyRate.js';

/** A spoke reserve's asset on its hub: fixed when the spoke adds the reserve (Spoke.addReserve), so once read it holds. */
export interface HubAssetRef {
  hub: Address;
  assetId: bigint;
}

/** The two hub views a supply rate needs: the asset as stored (getAsset) and its added assets now (getAddedAssets). Pure. */
export const hubSupplyCalls = ({ hub, assetId }: HubAssetRef): EvmCall[] => [
  { target: hub, callData: encodeFunctionData({ abi: hubAbi, functionName: 'getAsset', args: [assetId] }) },
  { target: hub, callData: encodeFunctionData({ abi: hubAbi, functionName: 'getAddedAssets', args: [assetId] }) },
];
export const HUB_SUPPLY_CALLS = 2;

/** What a supply to a hub asset earns, and what moves it (supplyRate.ts). */
export interface HubSupply {
  /** The yearly rate a supply earns now, a fraction. */
  apr: number;
  /** The stored drawn rate, a yearly fraction. */
  drawnRate: number;
  /** The supply rate per unit of drawn rate: apr = drawnRate × supplyShare. */
  supplyShare: number;
  /** The usage ratio the stored drawn rate was priced at. */
  usage: number;
  /** bps of the interest the hub keeps (IHub.Asset.liquidityFee): supplyShare is net of it. */
  liquidityFee: number;
  /** The stored index and drawn rate (RAY), for a borrow's rate (supplyRate.ts v4BorrowApr). */
  accrual: { drawnIndex: bigint; drawnRate: bigint };
}

const RAY = 1e27;

/**
 * A hub asset's supply side from hubSupplyCalls' answers, or undefined where either failed or did
 * not decode: a rate not read is left unread, the position itself stands. Pure.
 */
export function hubSupplyOf([assetAnswer, addedAnswer]: readonly (EvmResult | undefined)[]): HubSupply | undefined {
  if (!assetAnswer?.success || !addedAnswer?.success) return undefined;
  try {
    const asset = decodeFunctionResult({ abi: hubAbi, functionName: 'getAsset', data: assetAnswer.returnData });
    const added = decodeFunctionResult({ abi: hubAbi, functionName: 'getAddedAssets', data: addedAnswer.returnData });
    return {
      apr: v4SupplyApr(asset, added),
      drawnRate: Number(asset.drawnRate) / RAY,
      supplyShare: v4SupplyShareOfDrawnRate(asset, added),
      usage: v4DrawnUsage(asset),
      liquidityFee: asset.liquidityFee,
      accrual: { drawnIndex: asset.drawnIndex, drawnRate: asset.drawnRate },
    };
  } catch {
    return undefined;
  }
}
