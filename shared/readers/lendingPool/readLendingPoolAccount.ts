import type { Address } from 'viem';
import { addressAt, addressesAt, wordAt } from '../../upstream/clients/abiWords.js';
import { decodeUint, type EthereumReader, expectSuccess } from '../../upstream/clients/ethereumReader.js';
import type { LendingPoolAccountRead } from './accountRead.js';
import type { LendingPoolMarket, ReserveContracts } from './lendingPoolMarket.js';
import { eModeOf, withEModePrice } from './lendingPoolEMode.js';
import { answersOf, heldReserves, holdsNothing, lendingPoolRoundOne, lendingPoolRoundTwo, type MarketShape, userReserveCall, v30ReservesOf } from './lendingPoolRounds.js';
import { heldBefore } from '../heldBefore.js';
import { uiProbeVerdict, uiUserReservesCall } from './uiUserReserves.js';

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

/** Which markets' UI provider answered nothing we can read, per reader: they are read as if it had none. */
const uiUnread = new WeakMap<EthereumReader, Set<string>>();

/**
 * The market's shape from a round one (and the shape known before it, whose eMode categories,
 * v3.0 contracts and price sources it keeps). What the chain named to this reader wins over what
 * the market declares (a snapshot of its deployment). Pure.
 */
function shapeOfRoundOne(market: LendingPoolMarket, read: Pick<MarketShape, 'dataProvider' | 'reserves' | 'rateStrategy'>, eModeId: number, known?: MarketShape): MarketShape {
  const reserveContracts = known?.reserveContracts ?? (market.version === 'v3.0' ? market.declaredReserveContracts : undefined);
  return {
    dataProvider: read.dataProvider,
    reserves: read.reserves,
    eModeIds: eModeId === 0 ? (known?.eModeIds ?? []) : [...new Set([...(known?.eModeIds ?? []), eModeId])],
    ...(read.rateStrategy && { rateStrategy: read.rateStrategy }),
    ...(reserveContracts && { reserveContracts }),
    ...(known?.eModePriceSources && { eModePriceSources: known.eModePriceSources }),
  };
}

const ROUND_ONE_NAMES = ['Multicall3.getBlockNumber', 'Pool.getUserAccountData', 'Pool.getReservesList', 'Pool.getUserEMode', 'PoolAddressesProvider.getPoolDataProvider'];

/**
 * Reads the account at one block: round one at 'latest' (with Multicall3's block number) and, per
 * reserve, round two (lendingPoolRoundTwo says why every reserve). A wallet that held nothing in
 * the market at its last scan on this reader is first asked only the market's UI provider
 * (uiUserReserves.ts: its balances in every listed reserve, one call), beside round one on the
 * reader's first scan of the market, alone after it; a market where it holds nothing is done there.
 * Without a UI provider, round one carries the same probe as one getUserReserveData per reserve of
 * the shape an earlier scan learned. Round two rides with round one too when the
 * wallet held something in the market at its last scan on this reader (heldBefore.ts), one HTTP
 * request; otherwise, or when the shape changed, it follows at round one's block. A v3.0 market's
 * curves ride in round two for the strategies an earlier scan named or, on a reader's first scan,
 * those the market declares; a reserve whose strategy no round named yet has no rate model until
 * the next scan (a third request would be one more than a scan may spend). Undefined when the
 * wallet holds no reserve.
 *
 * @example
 * const read = await readLendingPoolAccount(market, ethereumReader(services.upstreams.ethereum), user, signal);
 */
export async function readLendingPoolAccount(market: LendingPoolMarket, reader: EthereumReader, user: Address, signal: AbortSignal): Promise<LendingPoolAccountRead | undefined> {
  const markets = shapes.get(reader) ?? new Map<string, MarketShape>();
  shapes.set(reader, markets);
  const memory = heldBefore(reader);
  const known = markets.get(market.market);
  const unread = uiUnread.get(reader) ?? new Set<string>();
  uiUnread.set(reader, unread);
  const ui = market.uiPoolDataProvider && !memory.held(user, market.market) && !unread.has(market.market) ? uiUserReservesCall(market.uiPoolDataProvider, market.addressesProvider, user) : undefined;
  let holds = memory.held(user, market.market);
  if (ui && known) {
    // A wallet that held nothing here last time, on a reader that knows the market: one call decides.
    const [answer] = await reader.read([ui], { signal });
    const verdict = uiProbeVerdict(answer);
    if (verdict === 'empty') {
      memory.remember(user, market.market, false);
      return undefined;
    }
    if (verdict === 'unread') unread.add(market.market);
    holds = verdict === 'holds';
  }
  const coldUi = ui && !known ? ui : undefined;
  const roundOne = lendingPoolRoundOne(market, user);
  const probe = known ? known.reserves.map((asset) => userReserveCall(known.dataProvider, asset, user)) : [];
  const guessed = known && holds ? lendingPoolRoundTwo(market, { user, ...known }) : undefined;
  const first = await reader.read([...roundOne, ...probe, ...(guessed?.calls ?? []), ...(coldUi ? [coldUi] : [])], { signal });
  const [blockData, accountData, listData, eModeData, providerData] = first.slice(0, ROUND_ONE_NAMES.length).map((result, index) => expectSuccess(result, ROUND_ONE_NAMES[index]!));
  const blockNumber = decodeUint(blockData!);
  // getUserAccountData: six uint256 (totals, available, threshold, ltv, health factor).
  const [totalCollateralBase, totalDebtBase, healthFactor] = [wordAt(accountData!, 0), wordAt(accountData!, 1), wordAt(accountData!, 5)];
  const reserves = addressesAt(listData!);
  const eModeId = Number(decodeUint(eModeData!));
  const dataProvider = addressAt(providerData!, 0);
  // A v3.2/3.3 pool has no single strategy: its positions then carry no rate model.
  const strategyResult = market.version === 'v3.2+' ? first[ROUND_ONE_NAMES.length] : undefined;
  const rateStrategy = strategyResult?.success ? addressAt(strategyResult.returnData, 0) : undefined;
  const shapeHeld = known !== undefined && sameShape(known, { dataProvider, reserves, rateStrategy }, eModeId);
  // A first scan on this reader asked the UI provider beside round one: empty, the market's shape is
  // learned from round one alone and no round two is sent.
  if (coldUi) {
    const verdict = uiProbeVerdict(first.at(-1));
    if (verdict === 'unread') unread.add(market.market);
    if (verdict === 'empty') {
      markets.set(market.market, shapeOfRoundOne(market, { dataProvider, reserves, ...(rateStrategy && { rateStrategy }) }, eModeId, known));
      memory.remember(user, market.market, false);
      return undefined;
    }
  }
  // The probe covered every reserve the market lists: holding none, the wallet has nothing here.
  if (shapeHeld && totalCollateralBase === 0n && totalDebtBase === 0n) {
    const probed = first.slice(roundOne.length, roundOne.length + probe.length);
    if (probed.every((result, index) => holdsNothing(expectSuccess(result, `PoolDataProvider.getUserReserveData of ${known.reserves[index]}`)))) {
      memory.remember(user, market.market, false);
      return undefined;
    }
  }

  const guessHeld = shapeHeld && guessed !== undefined;
  const shape: MarketShape = guessHeld ? known : shapeOfRoundOne(market, { dataProvider, reserves, ...(rateStrategy && { rateStrategy }) }, eModeId, known);
  markets.set(market.market, shape);
  const plan = guessHeld ? guessed : lendingPoolRoundTwo(market, { user, ...shape });
  const second = guessHeld ? first.slice(roundOne.length + probe.length, roundOne.length + probe.length + guessed!.calls.length) : await reader.read(plan.calls, { blockNumber, signal });
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
  // Anything round one or two found (totals or a reserve) makes the next scan send round two with its probe.
  memory.remember(user, market.market, held.length > 0 || totalCollateralBase > 0n || totalDebtBase > 0n);
  if (held.length === 0) return undefined;

  return { blockNumber, totalCollateralBase, totalDebtBase, healthFactor, ...(eMode && { eMode }), reserves: held };
}
