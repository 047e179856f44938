import { decodeFunctionResult, encodeFunctionData, formatUnits, getAddress, parseAbi } from 'viem';
import { mainnet } from 'viem/chains';
import { type ChainReading, wasRead } from '../../domain/chainReading.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { REFUSED } from '../../readers/currentValuePlans.js';
import { type ChainPlan, readCurrentValuePlansByChain } from '../../readers/currentValuePlansByChain.js';
import type { EvmCall, EvmResult } from '../../upstream/clients/evmCall.js';
import type { ComponentContext, CurrentValueReader } from '../types.js';
import { COMPTROLLER, CTOKENS, V2_MARKET } from './addresses.js';
import { COMET_MARKETS, type CometMarket, UNREAD_COMETS } from './exposure/markets.js';
import { comptrollerViewsAbi } from './exposure/v2Abi.js';
import { tokenAddressesOn } from './tokens.js';
import type { CometChain } from './cometMarketNames.js';

/*
 * The views a change's current value is read from, as compound-finance declares them:
 * compound-protocol @a3214f67 ComptrollerStorage.sol (the `borrowCaps` auto-getter; `markets` is
 * v2Abi.ts's) and comet CometMainInterface.sol (`getAssetInfoByAddress`, AssetInfo in
 * CometCore.sol); test/modules/compound/currentValues.test.ts checks them against those sources.
 */
export const borrowCapsAbi = parseAbi(['function borrowCaps(address cToken) view returns (uint256)']);
export const cometAssetAbi = parseAbi([
  'struct AssetInfo { uint8 offset; address asset; address priceFeed; uint64 scale; uint64 borrowCollateralFactor; uint64 liquidateCollateralFactor; uint64 liquidationFactor; uint128 supplyCap; }',
  'function getAssetInfoByAddress(address asset) view returns (AssetInfo)',
]);

/** A 1e18 factor as basis points, as decodeActions states the changes. */
const bps = (factor: bigint): number => Number(formatUnits(factor, 14));

/**
 * How one change is read: the reads that may answer it, each a plan on its chain, the first that
 * reads a value giving the change's; `unlisted`, what every read being refused means (a Comet
 * refuses an asset it does not list). Or why it is not read.
 */
export type CompoundPlan = { reads: ChainPlan[]; unlisted?: string } | { notRead: string };

const onEthereum = (call: EvmCall, value: (answer: EvmResult) => ChainReading): ChainPlan => ({ upstream: 'ethereum', chain: mainnet, plan: { calls: [call], value: ([answer]) => value(answer!) } });

function v2Plan(change: ParameterChange): CompoundPlan {
  const markets = Object.entries(CTOKENS).filter(([, market]) => market.symbol.toLowerCase() === change.asset?.toLowerCase());
  if (markets.length !== 1) return { notRead: markets.length === 0 ? 'no Compound v2 market lends this asset' : 'two Compound v2 markets lend this asset' };
  const [address, market] = markets[0]!;
  const cToken = getAddress(address);
  switch (change.parameter) {
    case 'ltv':
    case 'liquidationThreshold': {
      // In v2 one collateral factor is both the borrowing limit and the liquidation line.
      const call = { target: COMPTROLLER, callData: encodeFunctionData({ abi: comptrollerViewsAbi, functionName: 'markets', args: [cToken] }) };
      return { reads: [onEthereum(call, ({ returnData }) => ({ value: bps(decodeFunctionResult({ abi: comptrollerViewsAbi, functionName: 'markets', data: returnData })[1]) }))] };
    }
    case 'borrowCap': {
      const call = { target: COMPTROLLER, callData: encodeFunctionData({ abi: borrowCapsAbi, functionName: 'borrowCaps', args: [cToken] }) };
      return {
        reads: [
          onEthereum(call, ({ returnData }) => {
            const cap = decodeFunctionResult({ abi: borrowCapsAbi, functionName: 'borrowCaps', data: returnData });
            // Comptroller.borrowAllowed: a cap of 0 means no cap at all, not a cap of nothing.
            return cap === 0n ? { value: 'no cap' } : { value: Number(formatUnits(cap, market.decimals)) };
          }),
        ],
      };
    }
    default:
      return { notRead: 'this parameter is not read on chain yet' };
  }
}

const COMET_FIELDS = ['ltv', 'liquidationThreshold', 'liquidationBonus', 'supplyCap'] as const;

/**
 * A Comet amount in tokens, by its scale (10^decimals, Comet.sol getAssetInfo), as an exact decimal:
 * dividing the two as doubles read a 50,000 WETH cap as 49,999.99999999999. A scale that is not a
 * power of ten is not Comet's: it throws, and the change says its answer could not be decoded.
 */
function tokens(amount: bigint, scale: bigint): number {
  const decimals = scale.toString().length - 1;
  if (10n ** BigInt(decimals) !== scale) throw new Error(`a scale of ${scale} is not 10^decimals`);
  return Number(formatUnits(amount, decimals));
}

/** An asset decodeActions could not name (TOKENS does not list it on the Comet's chain) is carried as its address: that address is the one to ask. */
const isAddress = (asset: string): boolean => /^0x[0-9a-fA-F]{40}$/.test(asset);

function cometPlan(change: ParameterChange, comet: CometMarket): CompoundPlan {
  if (!(COMET_FIELDS as readonly string[]).includes(change.parameter)) return { notRead: 'this parameter is not read on chain yet' };
  // The symbol's address on the Comet's own chain (tokens.ts: WETH has seven addresses, one per
  // chain or chain family), never another chain's: asked there, it means nothing. Where the Comet
  // does not list it, getAssetInfoByAddress reverts BadAsset (comet Comet.sol).
  const asset = change.asset ?? '';
  // A CometMarket's upstream is its deployment's CometChain (exposure/markets.ts toMarket).
  const candidates = isAddress(asset) ? [asset] : tokenAddressesOn(comet.chain as CometChain, asset);
  if (candidates.length === 0) return { notRead: 'its asset’s address is not known here' };
  const value = ({ returnData }: EvmResult): ChainReading => {
    const info = decodeFunctionResult({ abi: cometAssetAbi, functionName: 'getAssetInfoByAddress', data: returnData });
    switch (change.parameter as (typeof COMET_FIELDS)[number]) {
      case 'ltv':
        return { value: bps(info.borrowCollateralFactor) };
      case 'liquidationThreshold':
        return { value: bps(info.liquidateCollateralFactor) };
      case 'liquidationBonus':
        // decodeActions carries the liquidation factor as its penalty, 1 − factor (Comet.sol absorbInternal).
        return { value: bps(10n ** 18n - info.liquidationFactor) };
      case 'supplyCap':
        return { value: tokens(info.supplyCap, info.scale) };
    }
  };
  return {
    reads: candidates.map((address) => ({
      upstream: comet.chain,
      chain: comet.viemChain,
      plan: { calls: [{ target: comet.comet, callData: encodeFunctionData({ abi: cometAssetAbi, functionName: 'getAssetInfoByAddress', args: [getAddress(address)] }) }], value: ([answer]) => value(answer!) },
    })),
    // Every candidate refused: the Comet does not list the asset, so a listing's old value is that it has none.
    unlisted: 'this market does not list the asset',
  };
}

/**
 * Every Comet an upstream serves, by the market name its changes carry (cometMarketNames.ts: a name
 * is unique across chains, `comet-usdc` on Ethereum and `comet-usdc-arbitrum` on Arbitrum, though
 * two chains share a proxy address), so a change is read on its own Comet's chain.
 */
const COMETS: ReadonlyMap<string, CometMarket> = new Map(COMET_MARKETS.map((comet) => [comet.market, comet]));
const UNREAD: ReadonlySet<string> = new Set(UNREAD_COMETS);

/** How each change is read: v2 through the Comptroller on Ethereum, a Comet's asset through the Comet on its own chain. Pure. */
export function currentValuePlans(changes: readonly ParameterChange[]): CompoundPlan[] {
  return changes.map((change) => {
    if (change.market === V2_MARKET) return v2Plan(change);
    const comet = change.market ? COMETS.get(change.market) : undefined;
    if (comet) return cometPlan(change, comet);
    if (!change.market) return { notRead: 'it names no market' };
    // A published Comet on a chain no upstream serves (UNREAD_COMETS, exposure/markets.ts): named, but not read.
    return { notRead: UNREAD.has(change.market) ? 'no upstream reads this market’s chain yet' : 'this build does not know this market' };
  });
}

/** A change's reading from its reads': the first value; else `unlisted` when every read was refused; else why the first unrefused one failed. Pure. */
function firstRead(readings: readonly ChainReading[], unlisted: string | undefined): ChainReading {
  const read = readings.find(wasRead);
  if (read) return read;
  const failed = readings.find((reading) => !wasRead(reading) && reading.notRead !== REFUSED.notRead);
  return failed ?? (unlisted ? { notRead: unlisted } : REFUSED);
}

/** Each change's reading from its plan and the readings of every plan's reads, in plan order (as readCurrentValuePlansByChain returns them). Pure. */
export function changeReadings(plans: readonly CompoundPlan[], readings: readonly ChainReading[]): ChainReading[] {
  let next = 0;
  return plans.map((plan) => ('reads' in plan ? firstRead(readings.slice(next, (next += plan.reads.length)), plan.unlisted) : { notRead: plan.notRead }));
}

/**
 * Compound's current values: every readable change of the feed's open proposals, read on the chain
 * of its market (v2 and Ethereum's Comets on Ethereum, an L2 Comet's on its L2), one aggregate3 of
 * its own per chain, chains at once (no other module's reads join it, so a recorded feed build asks
 * the same at every run), each answer in the change's unit. A failure is said in words and costs
 * only the changes it touches (a chain that fails, only the changes planned on it); never throws.
 */
export const compoundCurrentValues = (): CurrentValueReader => ({
  async readCurrentValues(changes: readonly ParameterChange[], context: ComponentContext): Promise<ChainReading[]> {
    const plans = currentValuePlans(changes);
    const readings = await readCurrentValuePlansByChain(context.upstreams, plans.flatMap((plan) => ('reads' in plan ? plan.reads : [])), context.signal);
    return changeReadings(plans, readings);
  },
});
