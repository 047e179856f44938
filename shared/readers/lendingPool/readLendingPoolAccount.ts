import { type Address, decodeFunctionResult } from 'viem';
import { decodeUint, type EthereumReader, expectSuccess } from '../../upstream/clients/ethereumReader.js';
import type { LendingPoolAccountRead } from './accountRead.js';
import { addressesProviderAbi, poolAbi } from './lendingPoolAbi.js';
import type { LendingPoolMarket, ReserveContracts } from './lendingPoolMarket.js';
import { eModeOf, withEModePrice } from './lendingPoolEMode.js';
import { answersOf, heldReserves, lendingPoolRoundOne, lendingPoolRoundTwo, type MarketShape, v30ReservesOf } from './lendingPoolRounds.js';

/**
 * The market shape each reader last saw, per market. Round two's calls depend on round one only
 * through this shape, which changes only when governance lists a reserve, adds an eMode category
 * or (v3.0) replaces a reserve's strategy; so a scan that finds one sends round two beside round
 * one, and checks the guess against round one's own answers (same block): a wrong guess costs the
 * second round it would have cost anyway, never a stale value.
 */
const shapes = new WeakMap<EthereumReader, Map<string, MarketShape>>();

const sameShape = (a: MarketShape, b: Pick<MarketShape, 'dataProvider' | 'reserves' | 'rateStrategy'>, eModeId: number): boolean =>
  a.dataProvider.toLowerCase() === b.dataProvider.toLowerCase() &&
  a.rateStrategy?.toLowerCase() === b.rateStrategy?.toLowerCase() &&
  a.reserves.length === b.reserves.length &&
  a.reserves.every((asset, index) => asset.toLowerCase() === b.reserves[index]!.toLowerCase()) &&
  (eModeId === 0 || a.eModeIds.includes(eModeId));

const ROUND_ONE_NAMES = ['Multicall3.getBlockNumber', 'Pool.getUserAccountData', 'Pool.getReservesList', 'Pool.getUserEMode', 'PoolAddressesProvider.getPoolDataProvider'];

/**
 * Reads the account at one block: round one at 'latest' (with Multicall3's block number) and, per
 * reserve, round two (lendingPoolRoundTwo says why every reserve). With a market shape from an
 * earlier scan, both go out as one round, one HTTP request; otherwise, or when the shape changed,
 * round two follows at round one's block. A v3.0 market's curves ride in round two for the
 * strategies an earlier scan named or, on a reader's first scan, those the market declares; a
 * reserve whose strategy no round named yet has no rate model until the next scan (a third request
 * would be one more than a scan may spend). Undefined when the wallet holds no reserve.
 *
 * @example
 * const read = await readLendingPoolAccount(market, ethereumReader(services.upstreams.ethereum), user, signal);
 */
export async function readLendingPoolAccount(market: LendingPoolMarket, reader: EthereumReader, user: Address, signal: AbortSignal): Promise<LendingPoolAccountRead | undefined> {
  const markets = shapes.get(reader) ?? new Map<string, MarketShape>();
  shapes.set(reader, markets);
  const known = markets.get(market.market);
  const roundOne = lendingPoolRoundOne(market, user);
  const guessed = known ? lendingPoolRoundTwo(market, { user, ...known }) : undefined;
  const first = await reader.read([...roundOne, ...(guessed?.calls ?? [])], { signal });
  const [blockData, accountData, listData, eModeData, providerData] = first.slice(0, ROUND_ONE_NAMES.length).map((result, index) => expectSuccess(result, ROUND_ONE_NAMES[index]!));
  const blockNumber = decodeUint(blockData!);
  const [totalCollateralBase, totalDebtBase, , , , healthFactor] = decodeFunctionResult({ abi: poolAbi, functionName: 'getUserAccountData', data: accountData! });
  const reserves = decodeFunctionResult({ abi: poolAbi, functionName: 'getReservesList', data: listData! });
  const eModeId = Number(decodeFunctionResult({ abi: poolAbi, functionName: 'getUserEMode', data: eModeData! }));
  const dataProvider = decodeFunctionResult({ abi: addressesProviderAbi, functionName: 'getPoolDataProvider', data: providerData! });
  // A v3.2/3.3 pool has no single strategy: its positions then carry no rate model.
  const strategyResult = market.version === 'v3.2+' ? first[ROUND_ONE_NAMES.length] : undefined;
  const rateStrategy = strategyResult?.success ? decodeFunctionResult({ abi: poolAbi, functionName: 'RESERVE_INTEREST_RATE_STRATEGY', data: strategyResult.returnData }) : undefined;

  // What the chain named to this reader wins over what the market declares (a snapshot of its deployment).
  const reserveContracts = known?.reserveContracts ?? (market.version === 'v3.0' ? market.declaredReserveContracts : undefined);
  const guessHeld = known !== undefined && guessed !== undefined && sameShape(known, { dataProvider, reserves, rateStrategy }, eModeId);
  const shape: MarketShape = guessHeld
    ? known
    : {
        dataProvider,
        reserves,
        eModeIds: eModeId === 0 ? (known?.eModeIds ?? []) : [...new Set([...(known?.eModeIds ?? []), eModeId])],
        ...(rateStrategy && { rateStrategy }),
        ...(reserveContracts && { reserveContracts }),
        ...(known?.eModePriceSources && { eModePriceSources: known.eModePriceSources }),
      };
  markets.set(market.market, shape);
  const plan = guessHeld ? guessed : lendingPoolRoundTwo(market, { user, ...shape });
  const second = guessHeld ? first.slice(roundOne.length) : await reader.read(plan.calls, { blockNumber, signal });
  const answers = answersOf(plan, second);
  const v30 = market.version === 'v3.0' ? v30ReservesOf(reserves, answers) : undefined;
  const eMode = eModeId === 0 ? undefined : eModeOf(market, eModeId, reserves, answers, v30);
  // The strategies, aTokens and the category's price source this round named are what the next
  // scan asks with its round two.
  if (v30) {
    const { [eModeId]: _, ...sources } = shape.eModePriceSources ?? {};
    const eModePriceSources = eMode?.priceSource ? { ...sources, [eModeId]: eMode.priceSource } : sources;
    const learned = Object.fromEntries([...v30].map(([asset, { aToken, strategy }]): [string, ReserveContracts] => [asset, { aToken, strategy }]));
    markets.set(market.market, { ...shape, reserveContracts: learned, eModePriceSources });
  }
  const held = withEModePrice(heldReserves(market, shape, answers, v30), eMode, answers, shape.eModePriceSources?.[eModeId]);
  if (held.length === 0) return undefined;

  return { blockNumber, totalCollateralBase, totalDebtBase, healthFactor, ...(eMode && { eMode }), reserves: held };
}
