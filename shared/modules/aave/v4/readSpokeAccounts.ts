import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, zeroAddress } from 'viem';
import { addressAt, addressWord, callData, uintWord, wordAt } from '../../../upstream/clients/abiWords.js';
import { blockNumberCall, decodeUint, type EvmCall, type EvmReader, type EvmResult, expectSuccess } from '../../../upstream/clients/ethereumReader.js';
import { upstreamMalformed } from '../../../upstream/errors.js';
import { spokeAbi, spokeOracleAbi } from './abi.js';
import { HUB_SUPPLY_CALLS, type HubAssetRef, type HubSupply, hubSupplyCalls, hubSupplyOf } from './hubSupplyReads.js';
import type { V4Spoke } from './spokes.js';

/** getUserAccountData as the spoke answers it (ISpoke.UserAccountData): WAD factors, values in USD with 26 decimals. */
export interface SpokeAccountTotals {
  riskPremium: bigint;
  avgCollateralFactor: bigint;
  healthFactor: bigint;
  totalCollateralValue: bigint;
  totalDebtValue: bigint;
  activeCollateralCount: bigint;
  borrowCount: bigint;
}

/** One reserve the wallet holds in a spoke, read at the account's block. */
export interface SpokeReserveRead {
  reserveId: number;
  underlying: Address;
  symbol: string;
  decimals: number;
  /** The spoke's oracle price, USD with 8 decimals. */
  price: bigint;
  suppliedShares: bigint;
  drawnShares: bigint;
  premiumShares: bigint;
  /** getUserSuppliedAssets and getUserDebt (drawn, premium), in the asset's units. */
  supplied: bigint;
  drawn: bigint;
  premium: bigint;
  usingAsCollateral: boolean;
  /** The dynamic config key the position is on, and the reserve's latest: a position refreshes to the latest on borrow, withdraw or collateral changes. */
  dynamicConfigKey: number;
  latestConfigKey: number;
  collateralRisk: number;
  /** The collateral factor of the position's own key, bps; read only for a supply enabled as collateral. */
  collateralFactor?: number;
  /** What a supply earns on the reserve's hub, and its accrual (supplyRate.ts); read for a supply or a debt once the reader knows the reserve's hub asset (Learned.hubs). */
  hubSupply?: HubSupply;
}

export interface SpokeAccountRead {
  spoke: V4Spoke;
  blockNumber: bigint;
  totals: SpokeAccountTotals;
  reserves: SpokeReserveRead[];
}

const call = (target: Address, data: Hex): EvmCall => ({ target, callData: data });
/** Round one's calldata, built by concatenation (abiWords.ts says why): getUserAccountData(user) and getReserveCount(). */
const GET_USER_ACCOUNT_DATA = encodeFunctionData({ abi: spokeAbi, functionName: 'getUserAccountData', args: [zeroAddress] }).slice(0, 10) as Hex;
const GET_RESERVE_COUNT = encodeFunctionData({ abi: spokeAbi, functionName: 'getReserveCount' });

const GET_RESERVE = encodeFunctionData({ abi: spokeAbi, functionName: 'getReserve', args: [0n] }).slice(0, 10) as Hex;

/** Round one on every spoke of a chain: Multicall3's block, then each spoke's getUserAccountData and getReserveCount. Pure. */
export const v4RoundOne = (spokes: readonly V4Spoke[], user: Address): EvmCall[] => {
  const wallet = addressWord(user);
  return [blockNumberCall, ...spokes.flatMap((spoke) => [call(spoke.spoke, callData(GET_USER_ACCOUNT_DATA, wallet)), call(spoke.spoke, GET_RESERVE_COUNT)])];
};

/** getReserve of the reserves the book prices on each spoke (ids 0 to pricedReserves − 1): round one's guess on a process's first read. Pure. */
const hubSeedCalls = (spokes: readonly V4Spoke[]): { spoke: V4Spoke; id: number; call: EvmCall }[] =>
  spokes.flatMap((spoke) => Array.from({ length: spoke.pricedReserves }, (_, id) => ({ spoke, id, call: call(spoke.spoke, callData(GET_RESERVE, uintWord(id))) })));

/**
 * A reserve's hub asset from a getReserve answer (ISpoke.Reserve is static: underlying, hub,
 * assetId, … one word each), or undefined where it failed or is short: a guess that missed costs
 * only the rate it would have read. Pure.
 */
function hubAssetOf(result: EvmResult | undefined): HubAssetRef | undefined {
  if (!result?.success || result.returnData.length < 2 + 64 * 7) return undefined;
  return { hub: addressAt(result.returnData, 1), assetId: wordAt(result.returnData, 2) };
}

/**
 * Whether a getUserAccountData answer has an active collateral or a borrow: UserAccountData is seven
 * static words, activeCollateralCount and borrowCount the last two. Read without decoding the rest,
 * since an empty wallet's scan asks it of every spoke. Pure.
 */
const activeIn = (data: Hex): boolean => wordAt(data, 5) > 0n || wordAt(data, 6) > 0n;

/** How many dynamic config keys round two asks per reserve, ending at the latest an earlier read saw (a reader's first read: keys 0 to 3). */
export const CONFIG_KEYS_GUESSED = 4;

/**
 * What a reader learned of the spokes: each reserve's latest dynamic config key, and the spokes a
 * user was active in with their reserve counts, so that the next scan of the same wallet sends its
 * rounds two and three with round one and checks them against round one's answers (same block):
 * one HTTP request on a warm process; a wrong guess costs the rounds it would have cost anyway.
 */
interface Learned {
  latestKeys: Map<string, number>;
  /** `<spoke>:<user>` → reserve count and the keys the user's positions were on; the newest USERS_KEPT only. */
  active: Map<string, { count: number; keys: ReadonlyMap<number, number> }>;
  /** `<spoke>:<reserveId>` → its hub asset (getReserve's hub and assetId, fixed for the reserve's life): round two then asks the hub's supply views with the rest. */
  hubs: Map<string, HubAssetRef>;
  /**
   * The spokes whose priced reserves round one has asked getReserve of (once a process): so a
   * wallet's first scan reads its rates in round two, as a later one does. A reserve the book does
   * not price yet is learned from round two, as before.
   */
  seeded: Set<string>;
}
const learnedBy = new WeakMap<EvmReader, Learned>();
export const USERS_KEPT = 1_000;

/** The newest keys up to the latest an earlier read saw, and the key the user's position was on when last read. */
const keysToAsk = (learned: Learned, spoke: V4Spoke, id: number, userKey: number | undefined): number[] => {
  const latest = learned.latestKeys.get(`${spoke.spoke}:${id}`) ?? CONFIG_KEYS_GUESSED - 1;
  const from = Math.max(0, latest - CONFIG_KEYS_GUESSED + 1);
  const newest = Array.from({ length: latest - from + 1 }, (_, index) => from + index);
  return userKey === undefined || newest.includes(userKey) ? newest : [userKey, ...newest];
};

/** Round two on one spoke, for every reserve: its struct, the user's position, status, supplied assets and debt, the oracle's price, and the collateral factors of the keys a position is likeliest on. Pure but for `learned`. */
function roundTwo(spoke: V4Spoke, count: number, user: Address, learned: Learned): { calls: EvmCall[]; keys: number[][]; hubs: (HubAssetRef | undefined)[] } {
  const userKeys = learned.active.get(`${spoke.spoke}:${user.toLowerCase()}`)?.keys;
  const keys = Array.from({ length: count }, (_, id) => keysToAsk(learned, spoke, id, userKeys?.get(id)));
  // The hub's supply views of the reserves the wallet held when last read (of every reserve for a wallet not seen yet).
  const hubs = keys.map((_, id) => (userKeys?.size && !userKeys.has(id) ? undefined : learned.hubs.get(`${spoke.spoke}:${id}`)));
  const calls = keys.flatMap((asked, id) => {
    const reserveId = BigInt(id);
    const at = (functionName: string, args: readonly unknown[]) => call(spoke.spoke, encodeFunctionData({ abi: spokeAbi, functionName, args } as never));
    return [
      at('getReserve', [reserveId]),
      at('getUserPosition', [reserveId, user]),
      at('getUserReserveStatus', [reserveId, user]),
      at('getUserSuppliedAssets', [reserveId, user]),
      at('getUserDebt', [reserveId, user]),
      call(spoke.oracle, encodeFunctionData({ abi: spokeOracleAbi, functionName: 'getReservePrice', args: [reserveId] })),
      ...asked.map((key) => at('getDynamicReserveConfig', [reserveId, key])),
      ...(hubs[id] ? hubSupplyCalls(hubs[id]) : []),
    ];
  });
  return { calls, keys, hubs };
}
const PER_RESERVE = 6;

const decode = <T>(functionName: string, result: EvmResult | undefined, what: string, spoke: V4Spoke, abi: unknown = spokeAbi): T => {
  const data = expectSuccess(result, `${spoke.market} ${what}`, spoke.chain);
  try {
    return decodeFunctionResult({ abi, functionName, data } as never) as T;
  } catch (error) {
    throw upstreamMalformed(spoke.chain, error);
  }
};

interface Planned {
  spoke: V4Spoke;
  count: number;
  plan: { calls: EvmCall[]; keys: number[][]; hubs: (HubAssetRef | undefined)[] };
}

/**
 * The wallet's accounts in every v4 spoke of one chain, at one block. Round one (getUserAccountData,
 * getReserveCount; on a process's first read, also getReserve of each reserve the book prices, for
 * its hub asset) rides the chain's first aggregate3 beside the v3 pools'; a spoke where the
 * account has no active collateral and no borrow is left there. For the others, round two reads
 * every reserve (struct, UserPosition, status, supplied assets, debt, oracle price, and the
 * collateral factors of the likeliest keys: the newest ones and the key an earlier read found the
 * position on, and, for a reserve whose hub asset round one or an earlier read found, the hub's
 * getAsset and getAddedAssets for its rates), at round one's block; round three only a collateral's key round two did not ask. A wallet in no spoke costs no request of its own; a holder, one more
 * (two when its key was not guessed), and none more once the reader has seen it (Learned). A supply
 * not enabled as collateral leaves the totals at zero and is not seen (a limit of the one-round
 * probe). Rejects (malformed, reverted or failed upstream) rather than guessing.
 *
 * @example const accounts = await readSpokeAccounts(v4SpokesOn('ethereum'), evmReader(upstreams.ethereum, mainnet), user, signal);
 */
export async function readSpokeAccounts(spokes: readonly V4Spoke[], reader: EvmReader, user: Address, signal: AbortSignal): Promise<SpokeAccountRead[]> {
  if (spokes.length === 0) return [];
  const learned = learnedBy.get(reader) ?? { latestKeys: new Map(), active: new Map(), hubs: new Map(), seeded: new Set<string>() };
  learnedBy.set(reader, learned);
  const activeKey = (spoke: V4Spoke) => `${spoke.spoke}:${user.toLowerCase()}`;
  const guessed: Planned[] = spokes.flatMap((spoke) => {
    const count = learned.active.get(activeKey(spoke))?.count;
    return count === undefined ? [] : [{ spoke, count, plan: roundTwo(spoke, count, user, learned) }];
  });
  const seeds = hubSeedCalls(spokes.filter((spoke) => !learned.seeded.has(spoke.spoke)));
  const roundOne = [...v4RoundOne(spokes, user), ...seeds.map((seed) => seed.call)];
  const first = await reader.read([...roundOne, ...guessed.flatMap((entry) => entry.plan.calls)], { signal });
  const blockNumber = decodeUint(expectSuccess(first[0], 'Multicall3.getBlockNumber', spokes[0]!.chain));
  // The seeds follow the spokes' two calls each; round two, planned below, asks the hubs they name.
  seeds.forEach(({ spoke, id }, index) => {
    const hub = hubAssetOf(first[1 + 2 * spokes.length + index]);
    if (hub) learned.hubs.set(`${spoke.spoke}:${id}`, hub);
    learned.seeded.add(spoke.spoke);
  });
  const active = spokes.flatMap((spoke, index) => {
    const accountData = expectSuccess(first[1 + 2 * index], `${spoke.market} getUserAccountData`, spoke.chain);
    // An answer shorter than a UserAccountData is refused, as viem's decoder refused it.
    if (accountData.length < 2 + 64 * 7) throw upstreamMalformed(spoke.chain, new Error(`${spoke.market} getUserAccountData: ${(accountData.length - 2) / 2} bytes`));
    const keys = learned.active.get(activeKey(spoke))?.keys ?? new Map<number, number>();
    learned.active.delete(activeKey(spoke));
    if (!activeIn(accountData)) return [];
    const totals = decode<SpokeAccountTotals>('getUserAccountData', first[1 + 2 * index], 'getUserAccountData', spoke);
    const count = Number(decode<bigint>('getReserveCount', first[2 + 2 * index], 'getReserveCount', spoke));
    learned.active.set(activeKey(spoke), { count, keys });
    return [{ spoke, totals, count }];
  });
  while (learned.active.size > USERS_KEPT) learned.active.delete(learned.active.keys().next().value!);
  if (active.length === 0) return [];

  // A guess holds when the spoke is still active with the same reserves; its answers are then at round one's block.
  let offset = roundOne.length;
  const guessedAnswers = new Map<V4Spoke, { planned: Planned; answers: EvmResult[] }>();
  for (const planned of guessed) {
    guessedAnswers.set(planned.spoke, { planned, answers: first.slice(offset, offset + planned.plan.calls.length) });
    offset += planned.plan.calls.length;
  }
  const held = (entry: { spoke: V4Spoke; count: number }) => {
    const hit = guessedAnswers.get(entry.spoke);
    return hit && hit.planned.count === entry.count ? hit : undefined;
  };
  const missing: Planned[] = active.filter((entry) => !held(entry)).map(({ spoke, count }) => ({ spoke, count, plan: roundTwo(spoke, count, user, learned) }));
  const second = await reader.read(
    missing.flatMap((entry) => entry.plan.calls),
    { blockNumber, signal },
  );
  offset = 0;
  const answered = new Map<V4Spoke, { planned: Planned; answers: EvmResult[] }>();
  for (const planned of missing) {
    answered.set(planned.spoke, { planned, answers: second.slice(offset, offset + planned.plan.calls.length) });
    offset += planned.plan.calls.length;
  }

  const reads = active.map(({ spoke, totals }) => {
    const { planned, answers } = held({ spoke, count: active.find((entry) => entry.spoke === spoke)!.count }) ?? answered.get(spoke)!;
    let at = 0;
    const reserves = planned.plan.keys.flatMap((keys, id) => {
      const hub = planned.plan.hubs[id];
      const slice = answers.slice(at, at + PER_RESERVE + keys.length + (hub ? HUB_SUPPLY_CALLS : 0));
      at += slice.length;
      const { reserve, hub: reserveHub } = reserveOf(spoke, id, slice);
      learned.latestKeys.set(`${spoke.spoke}:${id}`, reserve.latestConfigKey);
      learned.hubs.set(`${spoke.spoke}:${id}`, reserveHub);
      // The hub asset asked is the reserve's (it never changes; checked all the same): its supply rate.
      if (hub && (reserve.supplied > 0n || reserve.drawn + reserve.premium > 0n) && hub.hub.toLowerCase() === reserveHub.hub.toLowerCase() && hub.assetId === reserveHub.assetId) {
        const hubSupply = hubSupplyOf(slice.slice(PER_RESERVE + keys.length));
        if (hubSupply) reserve.hubSupply = hubSupply;
      }
      const asked = keys.indexOf(reserve.dynamicConfigKey);
      if (asked >= 0) reserve.collateralFactor = decode<{ collateralFactor: number }>('getDynamicReserveConfig', slice[PER_RESERVE + asked], `getDynamicReserveConfig(${id})`, spoke).collateralFactor;
      return reserve.supplied > 0n || reserve.drawn + reserve.premium > 0n ? [reserve] : [];
    });
    return { spoke, blockNumber, totals, reserves };
  });

  // Round three: a collateral on a key round two did not ask.
  const unasked = reads.flatMap(({ spoke, reserves }) => reserves.filter((reserve) => reserve.usingAsCollateral && reserve.supplied > 0n && reserve.collateralFactor === undefined).map((reserve) => ({ spoke, reserve })));
  const third = await reader.read(
    unasked.map(({ spoke, reserve }) => call(spoke.spoke, encodeFunctionData({ abi: spokeAbi, functionName: 'getDynamicReserveConfig', args: [BigInt(reserve.reserveId), reserve.dynamicConfigKey] }))),
    { blockNumber, signal },
  );
  unasked.forEach(({ spoke, reserve }, index) => {
    reserve.collateralFactor = decode<{ collateralFactor: number }>('getDynamicReserveConfig', third[index], `getDynamicReserveConfig(${reserve.reserveId})`, spoke).collateralFactor;
  });
  // The keys this wallet's positions are on: the next scan asks them in round two.
  for (const { spoke, reserves } of reads) {
    const entry = learned.active.get(activeKey(spoke));
    if (entry) learned.active.set(activeKey(spoke), { count: entry.count, keys: new Map(reserves.map((reserve) => [reserve.reserveId, reserve.dynamicConfigKey])) });
  }
  return reads;
}

function reserveOf(spoke: V4Spoke, id: number, answers: readonly EvmResult[]): { reserve: SpokeReserveRead; hub: HubAssetRef } {
  const [reserveData, positionData, statusData, suppliedData, debtData, priceData] = answers;
  const reserve = decode<{ underlying: Address; hub: Address; assetId: number; decimals: number; dynamicConfigKey: number; collateralRisk: number }>('getReserve', reserveData, `getReserve(${id})`, spoke);
  const position = decode<{ drawnShares: bigint; premiumShares: bigint; suppliedShares: bigint; dynamicConfigKey: number }>('getUserPosition', positionData, `getUserPosition(${id})`, spoke);
  const [usingAsCollateral] = decode<readonly [boolean, boolean]>('getUserReserveStatus', statusData, `getUserReserveStatus(${id})`, spoke);
  const supplied = decode<bigint>('getUserSuppliedAssets', suppliedData, `getUserSuppliedAssets(${id})`, spoke);
  const [drawn, premium] = decode<readonly [bigint, bigint]>('getUserDebt', debtData, `getUserDebt(${id})`, spoke);
  const price = decode<bigint>('getReservePrice', priceData, `getReservePrice(${id})`, spoke, spokeOracleAbi);
  const read: SpokeReserveRead = {
    reserveId: id,
    underlying: reserve.underlying,
    // The address book names every asset its spokes list; one it does not yet know keeps its address.
    symbol: spoke.symbols[reserve.underlying.toLowerCase()] ?? reserve.underlying,
    decimals: reserve.decimals,
    price,
    suppliedShares: position.suppliedShares,
    drawnShares: position.drawnShares,
    premiumShares: position.premiumShares,
    supplied,
    drawn,
    premium,
    usingAsCollateral,
    dynamicConfigKey: position.dynamicConfigKey,
    latestConfigKey: reserve.dynamicConfigKey,
    collateralRisk: reserve.collateralRisk,
  };
  return { reserve: read, hub: { hub: reserve.hub, assetId: BigInt(reserve.assetId) } };
}
