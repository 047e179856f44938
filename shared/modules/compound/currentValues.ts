import { type Address, decodeFunctionResult, encodeFunctionData, formatUnits, getAddress, parseAbi } from 'viem';
import type { ChainReading } from '../../domain/chainReading.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { ethereumReader, type EvmCall, type EvmResult } from '../../upstream/clients/ethereumReader.js';
import type { ComponentContext, CurrentValueReader } from '../types.js';
import { COMPTROLLER, CTOKENS, V2_MARKET } from './addresses.js';
import { cometsOn } from './exposure/markets.js';
import { TOKENS } from './tokens.js';

/*
 * The views a change's current value is read from, as compound-finance declares them:
 * compound-protocol @a3214f67 ComptrollerStorage.sol (`markets`, `borrowCaps` auto-getters) and
 * comet CometMainInterface.sol (`getAssetInfoByAddress`, AssetInfo in CometCore.sol).
 */
const comptrollerAbi = parseAbi([
  'function markets(address cToken) view returns (bool isListed, uint256 collateralFactorMantissa, bool isComped)',
  'function borrowCaps(address cToken) view returns (uint256)',
]);
const cometAssetAbi = parseAbi([
  'struct AssetInfo { uint8 offset; address asset; address priceFeed; uint64 scale; uint64 borrowCollateralFactor; uint64 liquidateCollateralFactor; uint64 liquidationFactor; uint128 supplyCap; }',
  'function getAssetInfoByAddress(address asset) view returns (AssetInfo)',
]);

/** A 1e18 factor as basis points, as decodeActions states the changes. */
const bps = (factor: bigint): number => Number(formatUnits(factor, 14));

/** One change's read: its calls, and how their answers become the change's value; or why it is not read. */
/** `results` holds one answer per call of the plan, in order. */
type Plan = { calls: EvmCall[]; value: (results: [EvmResult, ...EvmResult[]]) => ChainReading } | { notRead: string };

const reverted: ChainReading = { notRead: 'the contract refused the read' };

function v2Plan(change: ParameterChange): Plan {
  const markets = Object.entries(CTOKENS).filter(([, market]) => market.symbol.toLowerCase() === change.asset?.toLowerCase());
  if (markets.length !== 1) return { notRead: markets.length === 0 ? 'no Compound v2 market lends this asset' : 'two Compound v2 markets lend this asset' };
  const [address, market] = markets[0]!;
  const cToken = getAddress(address);
  switch (change.parameter) {
    case 'ltv':
    case 'liquidationThreshold':
      // In v2 one collateral factor is both the borrowing limit and the liquidation line.
      return {
        calls: [{ target: COMPTROLLER, callData: encodeFunctionData({ abi: comptrollerAbi, functionName: 'markets', args: [cToken] }) }],
        value: ([{ success, returnData }]) => (success ? { value: bps(decodeFunctionResult({ abi: comptrollerAbi, functionName: 'markets', data: returnData })[1]) } : reverted),
      };
    case 'borrowCap':
      return {
        calls: [{ target: COMPTROLLER, callData: encodeFunctionData({ abi: comptrollerAbi, functionName: 'borrowCaps', args: [cToken] }) }],
        value: ([{ success, returnData }]) => {
          if (!success) return reverted;
          const cap = decodeFunctionResult({ abi: comptrollerAbi, functionName: 'borrowCaps', data: returnData });
          // Comptroller.borrowAllowed: a cap of 0 means no cap at all, not a cap of nothing.
          return cap === 0n ? { value: 'no cap' } : { value: Number(formatUnits(cap, market.decimals)) };
        },
      };
    default:
      return { notRead: 'this parameter is not read on chain yet' };
  }
}

const COMET_FIELDS = ['ltv', 'liquidationThreshold', 'liquidationBonus', 'supplyCap'] as const;

function cometPlan(change: ParameterChange, comet: Address): Plan {
  if (!(COMET_FIELDS as readonly string[]).includes(change.parameter)) return { notRead: 'this parameter is not read on chain yet' };
  // TOKENS holds every chain's tokens (UNI on Ethereum and on Unichain): each address of the symbol
  // is asked, and the one the Comet lists answers (it reverts BadAsset for the others).
  const candidates = Object.keys(TOKENS).filter((address) => TOKENS[address]!.symbol.toLowerCase() === change.asset?.toLowerCase());
  if (candidates.length === 0) return { notRead: 'its asset’s address is not known here' };
  return {
    calls: candidates.map((address) => ({ target: comet, callData: encodeFunctionData({ abi: cometAssetAbi, functionName: 'getAssetInfoByAddress', args: [getAddress(address)] }) })),
    value: (results) => {
      const listed = results.find((result) => result.success);
      // Every candidate refused: the Comet does not list the asset, so a listing's old value is that it has none.
      if (!listed) return { notRead: 'this market does not list the asset' };
      const returnData = listed.returnData;
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
          return { value: Number(info.supplyCap) / Number(info.scale) };
      }
    },
  };
}

/** How each change is read on Ethereum: v2 through the Comptroller, a Comet's asset through the Comet. Pure. */
export function currentValuePlans(changes: readonly ParameterChange[]): Plan[] {
  const comets = new Map(cometsOn('ethereum').map((comet) => [comet.market, comet.comet]));
  return changes.map((change) => {
    if (change.market === V2_MARKET) return v2Plan(change);
    const comet = change.market ? comets.get(change.market) : undefined;
    if (comet) return cometPlan(change, comet);
    return { notRead: change.market ? 'only Ethereum’s markets are read on chain yet' : 'it names no market' };
  });
}

/**
 * Compound's current values: every readable change of the feed's open proposals in one aggregated
 * read on Ethereum (one eth_call), each answer in the change's unit.
 */
export const compoundCurrentValues = (): CurrentValueReader => ({
  async readCurrentValues(changes: readonly ParameterChange[], context: ComponentContext): Promise<ChainReading[]> {
    const plans = currentValuePlans(changes);
    const calls = plans.flatMap((plan) => ('calls' in plan ? plan.calls : []));
    const results = calls.length > 0 ? await ethereumReader(context.upstreams.ethereum).read(calls, { signal: context.signal }) : [];
    let next = 0;
    return plans.map((plan) => {
      if (!('calls' in plan)) return { notRead: plan.notRead };
      const own = results.slice(next, (next += plan.calls.length));
      return plan.value(own as [EvmResult, ...EvmResult[]]);
    });
  },
});
