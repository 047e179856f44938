import { type Abi, type Address, BaseError, createWalletClient, encodeAbiParameters, encodeFunctionData, ExecutionRevertedError, formatUnits, getAddress, type Hex, http, parseUnits, publicActions, testActions, zeroAddress } from 'viem';
import { foundry, optimism } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../shared/domain/parameterChange.js';
import { readingOf } from '../../shared/readers/currentValuePlans.js';
import { changeReadings, currentValuePlans } from '../../shared/modules/compound/currentValues.js';
import { cometRateInputs, cometRatesAfter, curveFromYearly, yearlyField } from '../../shared/modules/compound/cometCurve.js';
import { configuratorAbi } from '../../shared/modules/compound/abi.js';
import { COMET_CONFIGURATOR } from '../../shared/modules/compound/addresses.js';
import { decodeActions } from '../../shared/modules/compound/decodeActions.js';
import { COMET_MARKETS, type CometMarket } from '../../shared/modules/compound/exposure/markets.js';
import { readCometAccounts } from '../../shared/modules/compound/exposure/readCometAccounts.js';
import { blockNumberCall, type EvmReader } from '../../shared/upstream/clients/ethereumReader.js';
import type { EvmCall, EvmResult } from '../../shared/upstream/clients/evmCall.js';
import type { CompiledContract } from './support/compileOracles.js';
import { buildOracles } from './support/compiledArtifacts.js';
import { cometUsdc, type CometUsdcFolder } from './support/cometUsdcConfigurations.js';
import { COMET_TARGETS } from './support/oracleTargets.js';
import { anvilBinary, type RunningAnvil, startAnvil } from './support/startAnvil.js';
import { assetInfoOf, loadCometConfigurations, percentage, stringToBigInt } from '../fixtures/raw/compound/cometAssetInfo.js';

/*
 * Compound III's current values and exposure reads against a compiled Comet: compound-finance/comet
 * @d5a30b0aaeff7755f1431e87f818990902237b03 (contracts/Comet.sol, CometExt.sol, CometCore.sol,
 * CometConfiguration.sol, CometStorage.sol, CometMath.sol, CometMainInterface.sol,
 * CometExtInterface.sol, IERC20NonStandard.sol, IPriceFeed.sol), compiled by solc-js 0.8.15 as its
 * hardhat.config pins (optimizer on at 200 runs like the other harnesses, where comet ships 1 run and
 * custom Yul steps: the same semantics), through test/oracles/solidity/CometOracle.sol, which adds nothing.
 *
 * First, three Comets built from their extracted deployments/<chain>/usdc/configuration.json at that
 * commit (Ethereum, Optimism, Arbitrum), every factor and yearly rate exactly as its decimal text
 * says (×1e18), a supply cap "N e d" as N·10^d, with its tokens and feeds at the configuration's
 * own addresses (stubs: Comet's constructor asks each token's decimals and each feed's, which must
 * be 8) and the Comet at its roots.json address, where our plans call it. Our plans' calls are sent
 * to it as they are (one eth_call each, no Multicall3 on anvil: the aggregate3 layer is tested on
 * its own) and decoded by our code: the values must be the configured ones, exactly. The exposure's
 * reader (readCometAccounts) reads a borrower there. Then every one of the 26 deployments from the
 * committed transcription (last describe), converted as comet's deploy script converts it.
 *
 * Then CometWithExtendedAssetList (test/oracles/solidity/CometExtendedOracle.sol, via IR as comet
 * builds it: stack too deep without) with a SYNTHETIC listing of 20, for the `_reserved` flags.
 *
 * Size: built this way Comet's runtime is 21,822 bytes and the extended one's 19,293, under EIP-170's
 * 24,576, so both deploy on a plain node (startAnvil.ts lifts the limit anyway). Cold compiles
 * measured here (solc-js 0.8.15, a loaded two-core machine): Comet 13.6 s alone; the extended Comet
 * through IR 79 s alone; both side by side in worker threads 92.7 s. Then the per-machine cache
 * (compileOracles.ts) answers in milliseconds.
 * The sources are in no npm package (publishedSources.ts extracts them): without them (a clean clone, CI)
 * both Comets come from their committed compiled artifacts and the three configurations from their
 * committed data (test/oracles/compiled/, compiledArtifacts.ts, cometUsdcConfigurations.ts); a stale
 * artifact fails the test, saying to regenerate it.
 * Last, a rate-curve proposal (decoded by decodeActions) priced by cometRatesAfter against a Comet
 * before and one after it, at 64 utilizations.
 * Measured: with the liquidation penalty decoded as the factor itself, the first test fails (9300 for 700);
 * with curveAfter rounding the per-second rate up, the curve test fails at utilization 0 (one unit off);
 * with offsetsInUse ignoring `_reserved`, the extended-list test fails.
 * Not read by our code, so not proven here: baseBorrowMin, storeFrontPriceFactor, targetReserves
 * (they are configured, and so checked by the constructor, but no reader of ours asks them).
 */

const BINARY = anvilBinary();
const SKIP = !BINARY ? 'no anvil build for this platform' : undefined;
if (SKIP) console.warn(`SKIPPED Comet current values: ${SKIP}`);

const SECONDS_PER_YEAR = 31_536_000n;

interface PublishedAsset {
  address: string;
  priceFeed: string;
  decimals: string;
  borrowCF: number;
  liquidateCF: number;
  liquidationFactor: number;
  supplyCap: string;
}
interface PublishedConfiguration {
  baseTokenAddress: string;
  baseTokenPriceFeed: string;
  borrowMin: string;
  storeFrontPriceFactor: number;
  targetReserves: string;
  rates: Record<'supplyKink' | 'supplySlopeLow' | 'supplySlopeHigh' | 'supplyBase' | 'borrowKink' | 'borrowSlopeLow' | 'borrowSlopeHigh' | 'borrowBase', number>;
  tracking: { indexScale: string; baseSupplySpeed: string; baseBorrowSpeed: string; baseMinForRewards: string };
  assets: Record<string, PublishedAsset>;
}

/** A factor or yearly rate of configuration.json (a decimal number) as Comet's 1e18 integer. */
const factor = (value: number): bigint => parseUnits(String(value), 18);
/** An amount of configuration.json, "700000e18" or "57_870_370_370e0", as an integer. */
const amount = (text: string): bigint => {
  const [mantissa, exponent] = text.replaceAll('_', '').split('e');
  return parseUnits(mantissa!, Number(exponent ?? 0));
};

/** The deployments proven, by comet's folder, with the upstream our markets read them on. */
const DEPLOYMENTS = [
  { folder: 'mainnet', chain: 'ethereum' },
  { folder: 'optimism', chain: 'optimism' },
  { folder: 'arbitrum', chain: 'arbitrum' },
] as const;

interface Deployed {
  folder: string;
  configuration: PublishedConfiguration;
  market: CometMarket;
}

const USDC_DECIMALS = 6;
/** Stub prices, 8 decimals: the base at $1, each collateral at $2,000. */
const BASE_PRICE = 100_000_000n;
const ASSET_PRICE = 200_000_000_000n;

let anvil: RunningAnvil | undefined;
let client: ReturnType<typeof walletClient>;
const deployed: Deployed[] = [];
let compileMs = 0;
let builtFrom = '';
let contracts: Record<string, CompiledContract> = {};
let runtimeBytes = 0;
/** Gas per transaction: anvil runs with no block gas limit (startAnvil.ts). */
const GAS = 30_000_000n;

// Calls batched into few HTTP requests, and a generous timeout: hundreds of calls at once on a loaded two-core machine must not turn into failures.
const walletClient = (url: string) => createWalletClient({ chain: foundry, transport: http(url, { timeout: 60_000, batch: { batchSize: 64 } }) }).extend(publicActions).extend(testActions({ mode: 'anvil' }));

async function deploy(contract: CompiledContract, args: readonly unknown[]): Promise<Address> {
  const [account] = await client.getAddresses();
  // A fixed gas limit: estimating it would run Comet's constructor once more per deployment.
  const hash = await client.deployContract({ account: account!, abi: contract.abi, bytecode: contract.bytecode, args, gas: GAS });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 5 });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('deploy failed');
  return receipt.contractAddress;
}

/** Runtime code by contract and constructor arguments: a stub's code is the same wherever it is placed. */
const runtimes = new Map<string, Hex>();

/** A contract's runtime code placed at `at` (its immutables travel with the code). */
async function place(contract: CompiledContract, args: readonly unknown[], at: string): Promise<void> {
  const key = `${contract.bytecode.length}:${contract.bytecode.slice(-64)}:${JSON.stringify(args, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value))}`;
  let code = runtimes.get(key);
  if (!code) {
    code = (await client.getCode({ address: await deploy(contract, args) }))!;
    // A Comet's code holds its listing: only stubs are kept.
    if (contract !== contracts.CometOracle) runtimes.set(key, code);
  }
  await client.setCode({ address: getAddress(at), bytecode: code });
}

async function send(address: Address, abi: Abi, functionName: string, args: readonly unknown[], from?: Address): Promise<void> {
  const [first] = await client.getAddresses();
  const hash = await client.writeContract({ account: from ?? first!, chain: foundry, address, abi, functionName, args, gas: GAS });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 5 });
  if (receipt.status !== 'success') throw new Error(`${functionName} reverted`);
}

/** A Comet's asset as its Configuration takes it (CometConfiguration.sol AssetConfig). */
interface AssetConfig {
  asset: string;
  priceFeed: string;
  decimals: number;
  borrowCollateralFactor: bigint;
  liquidateCollateralFactor: bigint;
  liquidationFactor: bigint;
  supplyCap: bigint;
}

/** Token and feed stubs already placed, by address: one address is one token on every chain here, with one decimals. */
const placedTokens = new Map<string, number>();
const placedFeeds = new Set<string>();
let extension: Address | undefined;

async function placeToken(address: string, decimals: number): Promise<void> {
  const known = placedTokens.get(address.toLowerCase());
  if (known !== undefined && known !== decimals) throw new Error(`${address} placed with ${known} decimals, asked for ${decimals}`);
  if (known === undefined) await place(contracts.CometTokenStub!, [decimals], address);
  placedTokens.set(address.toLowerCase(), decimals);
}

async function placeFeed(address: string, price: bigint): Promise<void> {
  if (!placedFeeds.has(address.toLowerCase())) await place(contracts.CometFeedStub!, [price], address);
  placedFeeds.add(address.toLowerCase());
}

/** Comet's constructor Configuration for a published configuration.json (the deploy scripts' conversion), with the parts a test places itself. */
function cometConfiguration(configuration: PublishedConfiguration, own: { governor: Address; baseToken: string; extension: Address; assetConfigs: readonly unknown[] }) {
  const { rates, tracking } = configuration;
  return {
    governor: own.governor,
    pauseGuardian: own.governor,
    baseToken: getAddress(own.baseToken),
    baseTokenPriceFeed: getAddress(configuration.baseTokenPriceFeed),
    extensionDelegate: own.extension,
    supplyKink: factor(rates.supplyKink),
    supplyPerYearInterestRateSlopeLow: factor(rates.supplySlopeLow),
    supplyPerYearInterestRateSlopeHigh: factor(rates.supplySlopeHigh),
    supplyPerYearInterestRateBase: factor(rates.supplyBase),
    borrowKink: factor(rates.borrowKink),
    borrowPerYearInterestRateSlopeLow: factor(rates.borrowSlopeLow),
    borrowPerYearInterestRateSlopeHigh: factor(rates.borrowSlopeHigh),
    borrowPerYearInterestRateBase: factor(rates.borrowBase),
    storeFrontPriceFactor: factor(configuration.storeFrontPriceFactor),
    trackingIndexScale: amount(tracking.indexScale),
    baseTrackingSupplySpeed: amount(tracking.baseSupplySpeed),
    baseTrackingBorrowSpeed: amount(tracking.baseBorrowSpeed),
    baseMinForRewards: amount(tracking.baseMinForRewards),
    baseBorrowMin: amount(configuration.borrowMin),
    targetReserves: amount(configuration.targetReserves),
    assetConfigs: own.assetConfigs,
  };
}

/**
 * A Comet built from `configuration`'s rates, tracking and base (its published values), listing
 * `assets`, with its tokens and feeds at their own addresses, placed at `comet` and initialized as
 * its proxy would be. Returns its runtime size.
 */
async function placeComet(comet: string, configuration: PublishedConfiguration, base: { address: string; decimals: number }, assets: readonly AssetConfig[]): Promise<number> {
  const [governor] = await client.getAddresses();
  await placeToken(base.address, base.decimals);
  await placeFeed(configuration.baseTokenPriceFeed, BASE_PRICE);
  for (const asset of assets) {
    await placeToken(asset.asset, asset.decimals);
    await placeFeed(asset.priceFeed, ASSET_PRICE);
  }
  // One extension delegate serves every Comet here: none of our reads goes through it.
  extension ??= await deploy(contracts.CometExtOracle!, [{ name32: `0x${'00'.repeat(32)}`, symbol32: `0x${'00'.repeat(32)}` }]);
  const config = cometConfiguration(configuration, { governor: governor!, baseToken: base.address, extension, assetConfigs: assets.map((asset) => ({ ...asset, asset: getAddress(asset.asset), priceFeed: getAddress(asset.priceFeed) })) });
  await place(contracts.CometOracle!, [config], comet);
  // What the proxy's initializer does (Comet.initializeStorage): the indices a supply needs. Where a
  // Comet was placed at this address before (two chains share a proxy address), its storage stays
  // and initializing again reverts AlreadyInitialized: a listing lives in the code alone.
  const initialize = { to: getAddress(comet), data: encodeFunctionData({ abi: contracts.CometOracle!.abi, functionName: 'initializeStorage' }) };
  if (await client.call(initialize).then(() => true, () => false)) await send(getAddress(comet), contracts.CometOracle!.abi, 'initializeStorage', []);
  return ((await client.getCode({ address: getAddress(comet) }))!.length - 2) / 2;
}

const readConfiguration = (folder: CometUsdcFolder) => {
  const { configuration, comet } = cometUsdc(folder);
  return { configuration: configuration as PublishedConfiguration, comet };
};

beforeAll(async () => {
  if (SKIP) return;
  const started = performance.now();
  // Side by side in worker threads when neither is cached (compileOracles.ts); from the committed artifacts without the sources.
  const builds = await buildOracles(COMET_TARGETS);
  compileMs = Math.round(performance.now() - started);
  contracts = Object.assign(
    {},
    ...builds.map((build) => {
      if ('contracts' in build) return build.contracts;
      throw new Error('failed' in build ? build.failed : build.unavailable);
    }),
  ) as Record<string, CompiledContract>;
  builtFrom = [...new Set(builds.map((build) => ('from' in build ? build.from : '')))].join(' and ');
  anvil = await startAnvil(BINARY!);
  client = walletClient(anvil.url);
  for (const { folder, chain } of DEPLOYMENTS) {
    const { configuration, comet } = readConfiguration(folder);
    // Each factor and rate exactly as its decimal text says (as governance's Configurator calls give them).
    const assets = Object.values(configuration.assets).map((asset) => ({
      asset: asset.address,
      priceFeed: asset.priceFeed,
      decimals: Number(asset.decimals),
      borrowCollateralFactor: factor(asset.borrowCF),
      liquidateCollateralFactor: factor(asset.liquidateCF),
      liquidationFactor: factor(asset.liquidationFactor),
      supplyCap: amount(asset.supplyCap),
    }));
    runtimeBytes = await placeComet(comet, configuration, { address: configuration.baseTokenAddress, decimals: USDC_DECIMALS }, assets);
    const market = COMET_MARKETS.find((candidate) => candidate.chain === chain && candidate.comet.toLowerCase() === comet.toLowerCase());
    if (!market) throw new Error(`our markets have no Comet ${comet} on ${chain}`);
    deployed.push({ folder, configuration, market });
  }
}, 300_000);

afterAll(async () => {
  if (!SKIP) console.log(`Comet oracle: built in ${compileMs} ms (${builtFrom}); Comet's runtime ${runtimeBytes} bytes (EIP-170: 24,576)`);
  await anvil?.stop();
});

/** One call sent to the node as the plan encodes it: its answer, or that it reverted (any other failure, a slow node's timeout included, throws). */
async function ethCall(call: EvmCall, blockNumber?: bigint): Promise<EvmResult> {
  try {
    const { data } = await client.call({ to: call.target, data: call.callData, ...(blockNumber !== undefined && { blockNumber }) });
    return { success: true, returnData: data ?? '0x' };
  } catch (error) {
    const reverted = error instanceof BaseError && error.walk((cause) => cause instanceof ExecutionRevertedError || (cause as { code?: unknown }).code === 3);
    if (!reverted) throw error;
    return { success: false, returnData: '0x' };
  }
}

/** Our current-value reader's path without aggregate3: plans, each read's calls sent, each answer decoded by the plan, the change's reading chosen as the module chooses it. */
async function readOnAnvil(changes: readonly ParameterChange[]) {
  const plans = currentValuePlans(changes);
  const reads = plans.flatMap((plan) => ('reads' in plan ? plan.reads : []));
  const readings = await Promise.all(
    reads.map(async (read) => ('plan' in read && 'calls' in read.plan ? readingOf(read.plan, await Promise.all(read.plan.calls.map((call) => ethCall(call)))) : { notRead: 'no calls' })),
  );
  return changeReadings(plans, readings);
}

const change = (market: string, asset: string, parameter: string): ParameterChange => ({ protocol: 'compound', market, asset, parameter, to: 0, unit: parameter === 'supplyCap' ? 'tokens' : 'bps', evidence: 'oracle', verified: true });

describe.skipIf(SKIP)('Compound III current values against a compiled Comet (comet @d5a30b0, published USDC configurations)', () => {
  it('decodes every listed asset’s factors and cap to the configured values, exactly', async () => {
    for (const { folder, configuration, market } of deployed) {
      const assets = Object.entries(configuration.assets);
      const parameters = ['ltv', 'liquidationThreshold', 'liquidationBonus', 'supplyCap'] as const;
      const changes = assets.flatMap(([symbol]) => parameters.map((parameter) => change(market.market, symbol, parameter)));
      const readings = await readOnAnvil(changes);
      const expected = assets.flatMap(([, asset]) => [
        { value: Number(factor(asset.borrowCF) / 10n ** 14n) },
        { value: Number(factor(asset.liquidateCF) / 10n ** 14n) },
        // The penalty decodeActions states: 1 − liquidationFactor, in bps.
        { value: Number((10n ** 18n - factor(asset.liquidationFactor)) / 10n ** 14n) },
        { value: Number(amount(asset.supplyCap) / 10n ** BigInt(asset.decimals)) },
      ]);
      expect(readings, `${folder}/usdc`).toEqual(expected);
    }
    // The figures, spelled out for one deployment (deployments/optimism/usdc/configuration.json).
    const optimism = deployed.find((entry) => entry.folder === 'optimism')!;
    expect(await readOnAnvil([change(optimism.market.market, 'WETH', 'ltv'), change(optimism.market.market, 'WETH', 'supplyCap'), change(optimism.market.market, 'WBTC', 'supplyCap'), change(optimism.market.market, 'OP', 'liquidationBonus')])).toEqual([
      { value: 8300 },
      { value: 1600 },
      { value: 60 },
      { value: 2000 },
    ]);
  });

  it('says the market does not list an asset the Comet refuses', async () => {
    const optimism = deployed.find((entry) => entry.folder === 'optimism')!;
    // wstETH has an Optimism address (listed by Optimism's WETH Comet), which the USDC Comet does not list: getAssetInfoByAddress reverts BadAsset.
    expect(await readOnAnvil([change(optimism.market.market, 'wstETH', 'ltv')])).toEqual([{ notRead: 'this market does not list the asset' }]);
  });
});

/**
 * The exposure's reader over anvil: each call an eth_call at the round's block, Multicall3's
 * getBlockNumber (not deployed on anvil) answered by the node's block number.
 */
const anvilReader = (): EvmReader => ({
  async read(calls, options) {
    const blockNumber = options?.blockNumber ?? (await client.getBlockNumber({ cacheTime: 0 }));
    return Promise.all(
      calls.map((call) =>
        call.target === blockNumberCall.target && call.callData === blockNumberCall.callData
          ? { success: true, returnData: encodeAbiParameters([{ type: 'uint256' }], [blockNumber]) }
          : ethCall(call, blockNumber),
      ),
    );
  },
  logs: () => Promise.reject(new Error('no logs here')),
});

describe.skipIf(SKIP)('Compound III exposure reads against a compiled Comet', () => {
  it('reads a borrower’s collateral factors, curves, utilization and rates as Comet holds them', async () => {
    const { configuration, market } = deployed.find((entry) => entry.folder === 'optimism')!;
    const { CometTokenStub, CometOracle } = contracts;
    const [lender, borrower] = await client.getAddresses();
    const base = getAddress(configuration.baseTokenAddress);
    const weth = getAddress(configuration.assets.WETH!.address);
    // A lender supplies 100,000 USDC; the borrower supplies 10 WETH ($20,000) and borrows 5,000 USDC.
    await send(base, CometTokenStub!.abi, 'mint', [lender, 100_000n * 10n ** 6n]);
    await send(base, CometTokenStub!.abi, 'approve', [market.comet, 2n ** 255n], lender);
    await send(market.comet, CometOracle!.abi, 'supply', [base, 100_000n * 10n ** 6n], lender);
    await send(weth, CometTokenStub!.abi, 'mint', [borrower, 10n * 10n ** 18n]);
    await send(weth, CometTokenStub!.abi, 'approve', [market.comet, 2n ** 255n], borrower);
    await send(market.comet, CometOracle!.abi, 'supply', [weth, 10n * 10n ** 18n], borrower);
    await send(market.comet, CometOracle!.abi, 'withdraw', [base, 5_000n * 10n ** 6n], borrower);

    const [account] = await readCometAccounts(anvilReader(), borrower!, new AbortController().signal, [market], 'optimism');
    expect(account).toBeDefined();
    const { rates } = configuration;
    const cometView = async (functionName: string, args: readonly unknown[] = []) => client.readContract({ address: market.comet, abi: CometOracle!.abi, functionName, args }) as Promise<bigint>;

    expect(account!.baseToken).toBe(base);
    expect(account!.baseDecimals).toBe(USDC_DECIMALS);
    expect(account!.borrowed).toBe(await cometView('borrowBalanceOf', [borrower]));
    expect(account!.collateral).toEqual([
      { asset: weth, symbol: 'WETH', scale: 10n ** 18n, balance: 10n * 10n ** 18n, price: ASSET_PRICE, liquidateCollateralFactor: factor(0.9), borrowCollateralFactor: factor(0.83) },
    ]);
    // The curves: kinks as configured, each per-year rate divided by SECONDS_PER_YEAR as the constructor does.
    expect(account!.rateModel).toEqual({
      supply: curveFromYearly({ kink: rates.supplyKink, base: rates.supplyBase, slopeLow: rates.supplySlopeLow, slopeHigh: rates.supplySlopeHigh }),
      borrow: curveFromYearly({ kink: rates.borrowKink, base: rates.borrowBase, slopeLow: rates.borrowSlopeLow, slopeHigh: rates.borrowSlopeHigh }),
    });
    expect(account!.rateModel.borrow.slopeLow).toBe(factor(rates.borrowSlopeLow) / SECONDS_PER_YEAR);
    // Per year as our code shows them: within one per-second unit a year (3.2e-11) of the configuration.
    for (const [field, configured] of [['kink', rates.borrowKink], ['base', rates.borrowBase], ['slopeLow', rates.borrowSlopeLow], ['slopeHigh', rates.borrowSlopeHigh]] as const) {
      expect(Math.abs(yearlyField(account!.rateModel.borrow, field) - configured), field).toBeLessThanOrEqual(Number(SECONDS_PER_YEAR) / 1e18);
    }
    // Utilization and the rates we work out from the curve equal Comet's own at the same block.
    const utilization = await cometView('getUtilization');
    expect(utilization).toBeGreaterThan(0n);
    expect(account!.utilization).toBe(utilization);
    expect(account!.supplyRate).toBe(await cometView('getSupplyRate', [utilization]));
    expect(account!.borrowRate).toBe(await cometView('getBorrowRate', [utilization]));
  });

  it('finds nothing for a wallet that holds nothing', async () => {
    const { market } = deployed.find((entry) => entry.folder === 'optimism')!;
    expect(await readCometAccounts(anvilReader(), zeroAddress, new AbortController().signal, [market], 'optimism')).toEqual([]);
  });
});

/** Each base token's decimals (its ERC-20's decimals()), by the symbol the transcription gives it. */
const BASE_DECIMALS: Readonly<Record<string, number>> = { USDC: 6, 'USDC.e': 6, USDbC: 6, USDT: 6, USDe: 18, USDS: 18, AERO: 18, WETH: 18, wstETH: 18, WBTC: 8 };

/*
 * Every Comet deployment our markets name (26), from the committed transcription of their
 * configuration.json (test/fixtures/raw/compound/comet-configurations-d5a30b0.json, which the L2
 * current-value tests answer from through cometAssetInfo.ts): each listing converted as comet's deploy
 * script does (NetworkConfiguration.ts percentage(): a double times 1e18, floored), with the
 * Optimism USDC Comet's published rates and tracking (a listing's reads do not depend on them). A
 * feed no published file names is a stub at an address of its own. Comet's own answers must be what
 * cometAssetInfo.ts works out, and our reader must decode them to the configured figures.
 */
describe.skipIf(SKIP)('every published Comet listing (26 deployments, 86 collaterals) against a compiled Comet', () => {
  let snapshot: Hex | undefined;
  let placed: { tokens: Map<string, number>; feeds: Set<string> } | undefined;
  beforeAll(async () => {
    snapshot = await client.snapshot();
    placed = { tokens: new Map(placedTokens), feeds: new Set(placedFeeds) };
  });
  afterAll(async () => {
    // The USDC Comets above are placed back as they were, whatever ran here.
    if (snapshot) await client.revert({ id: snapshot });
    placedTokens.clear();
    placedFeeds.clear();
    for (const [address, decimals] of placed?.tokens ?? []) placedTokens.set(address, decimals);
    for (const address of placed?.feeds ?? []) placedFeeds.add(address);
  });

  it('the transcription is the extracted configuration.json, asset for asset, where both are here', () => {
    const transcribed = loadCometConfigurations().deployments;
    for (const { folder, market, configuration } of deployed) {
      const ours = transcribed[market.market]!;
      expect(ours.baseTokenAddress?.toLowerCase(), folder).toBe(configuration.baseTokenAddress.toLowerCase());
      expect(ours.assets.map(({ symbol, ...asset }) => [symbol, { ...asset, address: asset.address.toLowerCase(), decimals: String(asset.decimals) }])).toEqual(
        Object.entries(configuration.assets).map(([symbol, asset]) => [symbol, { ...asset, address: asset.address.toLowerCase(), decimals: String(asset.decimals) }]),
      );
    }
  });

  it('answers getAssetInfo as cometAssetInfo.ts works it out, and our reader decodes every factor and cap', async () => {
    const { configuration: optimismUsdc } = readConfiguration('optimism');
    const deployments = Object.entries(loadCometConfigurations().deployments);
    expect(deployments).toHaveLength(26);
    let collaterals = 0;
    for (const [name, deployment] of deployments) {
      const market = COMET_MARKETS.find((candidate) => candidate.market === name)!;
      expect(market, name).toBeDefined();
      const assets: AssetConfig[] = [];
      for (const asset of deployment.assets) {
        const priceFeed = asset.priceFeed ?? (await deploy(contracts.CometFeedStub!, [ASSET_PRICE]));
        if (asset.priceFeed) await placeFeed(asset.priceFeed, ASSET_PRICE);
        const decimals = Number(asset.decimals);
        assets.push({ asset: asset.address, priceFeed, decimals, borrowCollateralFactor: percentage(asset.borrowCF), liquidateCollateralFactor: percentage(asset.liquidateCF), liquidationFactor: percentage(asset.liquidationFactor), supplyCap: stringToBigInt(asset.supplyCap) });
      }
      const baseDecimals = BASE_DECIMALS[deployment.baseToken];
      expect(baseDecimals, deployment.baseToken).toBeDefined();
      await placeComet(deployment.comet, optimismUsdc, { address: deployment.baseTokenAddress!, decimals: baseDecimals! }, assets);

      const infos = await Promise.all(deployment.assets.map((_, offset) => client.readContract({ address: getAddress(deployment.comet), abi: contracts.CometOracle!.abi, functionName: 'getAssetInfo', args: [offset] })));
      const expected = deployment.assets.map((asset, offset) => ({ ...assetInfoOf(asset, offset), priceFeed: getAddress(assets[offset]!.priceFeed) }));
      expect(infos, name).toEqual(expected);

      const parameters = ['ltv', 'liquidationThreshold', 'liquidationBonus', 'supplyCap'] as const;
      const readings = await readOnAnvil(deployment.assets.flatMap((asset) => parameters.map((parameter) => change(name, asset.symbol, parameter))));
      expect(readings, name).toEqual(
        expected.flatMap((info) => [
          { value: Number(info.borrowCollateralFactor / 10n ** 14n) },
          { value: Number(info.liquidateCollateralFactor / 10n ** 14n) },
          { value: Number((10n ** 18n - info.liquidationFactor) / 10n ** 14n) },
          { value: Number(info.supplyCap / info.scale) },
        ]),
      );
      collaterals += deployment.assets.length;
    }
    expect(collaterals).toBe(86);
  }, 120_000);
});

/*
 * A rate-curve proposal priced by our calculator's integers against two compiled Comets: one built
 * from Optimism's published USDC configuration (before), one from the same with the proposal's new
 * yearly values (after, as the Configurator's next deploy would build it). The changes come from
 * decodeActions reading the encoded Configurator calls; cometRatesAfter must give, at every
 * utilization, exactly what the two Comets' getSupplyRate/getBorrowRate return.
 */
describe.skipIf(SKIP)('a rate-curve change priced against compiled Comets before and after it', () => {
  const BEFORE = '0x00000000000000000000000000000000000c0e01';
  const AFTER = '0x00000000000000000000000000000000000c0e02';
  /** The proposal's calls: realistic values, and one of 15 significant digits (the most a decoded double keeps exactly). */
  const CALLS = [
    ['setSupplyKink', 850_000_000_000_000_000n],
    ['setSupplyPerYearInterestRateSlopeHigh', 3_500_000_000_000_000_000n],
    ['setBorrowPerYearInterestRateSlopeLow', 41_234_567_890_123_400n],
    ['setBorrowPerYearInterestRateBase', 20_000_000_000_000_000n],
    ['setBorrowKink', 870_000_000_000_000_000n],
  ] as const;

  it('gives each side’s per-second rate before and after, at 64 utilizations, exactly as the Comets do', async () => {
    const { configuration } = readConfiguration('optimism');
    const assets = Object.values(configuration.assets).map((asset) => ({ asset: asset.address, priceFeed: asset.priceFeed, decimals: Number(asset.decimals), borrowCollateralFactor: factor(asset.borrowCF), liquidateCollateralFactor: factor(asset.liquidateCF), liquidationFactor: factor(asset.liquidationFactor), supplyCap: amount(asset.supplyCap) }));
    const yearly = (value: bigint) => Number(formatUnits(value, 18));
    const moved = Object.fromEntries(CALLS.map(([name, value]) => [name, yearly(value)]));
    const after: PublishedConfiguration = {
      ...configuration,
      rates: {
        ...configuration.rates,
        supplyKink: moved.setSupplyKink!,
        supplySlopeHigh: moved.setSupplyPerYearInterestRateSlopeHigh!,
        borrowSlopeLow: moved.setBorrowPerYearInterestRateSlopeLow!,
        borrowBase: moved.setBorrowPerYearInterestRateBase!,
        borrowKink: moved.setBorrowKink!,
      },
    };
    const base = { address: configuration.baseTokenAddress, decimals: USDC_DECIMALS };
    await placeComet(BEFORE, configuration, base, assets);
    await placeComet(AFTER, after, base, assets);
    // The after-Comet holds the calls' integers exactly (factor() of their decimal text): so its rates are the proposal's.
    expect(await client.readContract({ address: getAddress(AFTER), abi: contracts.CometOracle!.abi, functionName: 'borrowPerSecondInterestRateSlopeLow' })).toBe(CALLS[2][1] / SECONDS_PER_YEAR);

    const changes = decodeActions(CALLS.map(([functionName, value]) => ({ target: COMET_CONFIGURATOR, value: 0n, signature: '', calldata: encodeFunctionData({ abi: configuratorAbi, functionName, args: [deployed[0]!.market.comet, value] }) })));
    expect(changes.map((one) => [one.parameter, one.side, one.to])).toEqual([
      ['kink', 'supply', 0.85],
      ['interestRateSlopeHigh', 'supply', 3.5],
      ['interestRateSlopeLow', 'borrow', 0.0412345678901234],
      ['interestRateBase', 'borrow', 0.02],
      ['kink', 'borrow', 0.87],
    ]);

    const view = (address: string, functionName: string, args: readonly unknown[] = []) => client.readContract({ address: getAddress(address), abi: contracts.CometOracle!.abi, functionName, args }) as Promise<bigint>;
    const getters = ['supplyKink', 'supplyPerSecondInterestRateBase', 'supplyPerSecondInterestRateSlopeLow', 'supplyPerSecondInterestRateSlopeHigh', 'borrowKink', 'borrowPerSecondInterestRateBase', 'borrowPerSecondInterestRateSlopeLow', 'borrowPerSecondInterestRateSlopeHigh'];
    const [sk, sb, sl, sh, bk, bb, bl, bh] = await Promise.all(getters.map((getter) => view(BEFORE, getter)));
    const model = { supply: { kink: sk!, base: sb!, slopeLow: sl!, slopeHigh: sh! }, borrow: { kink: bk!, base: bb!, slopeLow: bl!, slopeHigh: bh! } };

    // The kinks and their neighbours, full and over-full utilization, and 52 spread by a fixed LCG.
    let seed = 22n;
    const spread = Array.from({ length: 52 }, () => (seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n) % (15n * 10n ** 17n));
    const kinks = [sk!, bk!, 85n * 10n ** 16n, 87n * 10n ** 16n].flatMap((kink) => [kink - 1n, kink, kink + 1n]);
    const utilizations = [0n, ...kinks, 10n ** 18n, ...spread].slice(0, 64);
    expect(utilizations).toHaveLength(64);
    for (const utilization of utilizations) {
      const inputs = cometRateInputs(model, utilization);
      for (const side of ['supply', 'borrow'] as const) {
        const rate = side === 'supply' ? 'getSupplyRate' : 'getBorrowRate';
        expect(cometRatesAfter(inputs, changes, side), `${side} at ${utilization}`).toEqual({ before: await view(BEFORE, rate, [utilization]), after: await view(AFTER, rate, [utilization]) });
      }
    }
  });
});

/*
 * CometWithExtendedAssetList (comet's Comet of up to 24 collaterals, its AssetList deployed by the
 * factory its extension names), compiled through the IR pipeline as comet builds it. Its listing
 * here is SYNTHETIC (20 stub tokens, made-up factors and caps): no published configuration lists
 * more than six. Two wallets hold collateral past offset 15, which Comet flags in userBasic's
 * `_reserved` byte (offsets 16–23), not in `assetsIn`: our reader must find it, the second wallet
 * through the userBasic probe alone (the reader already knows the listing).
 */
describe.skipIf(SKIP)('a Comet with an extended asset list (SYNTHETIC listing of 20 collaterals)', () => {
  it('finds collateral flagged in `_reserved` (offsets 16–23) with its factors, read in full and through the probe', async () => {
    const [deployer, , first, second] = await client.getAddresses();
    const { configuration } = readConfiguration('optimism');
    const factory = await deploy(contracts.CometAssetListFactoryOracle!, []);
    const extension = await deploy(contracts.CometExtAssetListOracle!, [{ name32: `0x${'00'.repeat(32)}`, symbol32: `0x${'00'.repeat(32)}` }, factory]);
    const feed = await deploy(contracts.CometFeedStub!, [ASSET_PRICE]);
    const decimalsOf = (offset: number) => [18, 8, 6][offset % 3]!;
    const tokens: Address[] = [];
    for (let offset = 0; offset < 20; offset++) tokens.push(getAddress(await deploy(contracts.CometTokenStub!, [decimalsOf(offset)])));
    const borrowCF = (offset: number) => BigInt(40 + offset) * 10n ** 16n;
    const comet = await deploy(contracts.CometExtendedOracle!, [
      cometConfiguration(configuration, {
        governor: deployer!,
        baseToken: configuration.baseTokenAddress,
        extension,
        assetConfigs: tokens.map((asset, offset) => ({
          asset,
          priceFeed: feed,
          decimals: decimalsOf(offset),
          borrowCollateralFactor: borrowCF(offset),
          liquidateCollateralFactor: borrowCF(offset) + 5n * 10n ** 16n,
          liquidationFactor: 9n * 10n ** 17n,
          supplyCap: 1_000_000n * 10n ** BigInt(decimalsOf(offset)),
        })),
      }),
    ]);
    await send(comet, contracts.CometExtendedOracle!.abi, 'initializeStorage', []);
    const market: CometMarket = { market: 'comet-synthetic-extended', comet: getAddress(comet), chain: 'optimism', viemChain: optimism, folderSymbol: 'USDC' };

    const supply = async (wallet: Address, offsets: readonly number[]) => {
      for (const offset of offsets) {
        const amount = 3n * 10n ** BigInt(decimalsOf(offset));
        await send(tokens[offset]!, contracts.CometTokenStub!.abi, 'mint', [wallet, amount]);
        await send(tokens[offset]!, contracts.CometTokenStub!.abi, 'approve', [comet, amount], wallet);
        await send(comet, contracts.CometExtendedOracle!.abi, 'supply', [tokens[offset]!, amount], wallet);
      }
    };
    await supply(first!, [2, 16, 19]);
    await supply(second!, [17, 19]);
    // The second wallet's flags live in `_reserved` alone: offsets 17 and 19 are its bits 1 and 3.
    const basic = (await client.readContract({ address: comet, abi: contracts.CometExtendedOracle!.abi, functionName: 'userBasic', args: [second] })) as readonly [bigint, bigint, bigint, number, number];
    expect([basic[3], basic[4]]).toEqual([0, 0b1010]);

    const collateralOf = (offsets: readonly number[]) =>
      offsets.map((offset) => ({
        asset: tokens[offset]!,
        // The stubs have no symbol(): the reader names them by their address.
        symbol: tokens[offset]!,
        scale: 10n ** BigInt(decimalsOf(offset)),
        balance: 3n * 10n ** BigInt(decimalsOf(offset)),
        price: ASSET_PRICE,
        liquidateCollateralFactor: borrowCF(offset) + 5n * 10n ** 16n,
        borrowCollateralFactor: borrowCF(offset),
      }));
    const reader = anvilReader();
    const [full] = await readCometAccounts(reader, first!, new AbortController().signal, [market], 'optimism');
    expect(full!.collateral).toEqual(collateralOf([2, 16, 19]));
    // The same reader knows the listing now: the second wallet is probed with userBasic alone, then read.
    const [probed] = await readCometAccounts(reader, second!, new AbortController().signal, [market], 'optimism');
    expect(probed!.collateral).toEqual(collateralOf([17, 19]));
  });
});
