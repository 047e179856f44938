import { type Abi, type Address, decodeFunctionData, getAddress, type Hex, maxUint256, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { AAVE_V3_ETHEREUM_MARKET } from '../../../shared/modules/aave/exposure/deployment.js';
import { SPARKLEND_ETHEREUM, SPARKLEND_ETHEREUM_MARKET } from '../../../shared/modules/spark/exposure/deployment.js';
import type { LendingPoolAccountRead } from '../../../shared/readers/lendingPool/accountRead.js';
import { lendingPoolExposure } from '../../../shared/readers/lendingPool/lendingPoolExposure.js';
import { lendingPoolRoundOne, lendingPoolRoundTwo } from '../../../shared/readers/lendingPool/lendingPoolRounds.js';
import { positionsFromLendingPool } from '../../../shared/readers/lendingPool/positionsFromLendingPool.js';
import { oracleAbi, poolV30Abi } from '../../../shared/readers/lendingPool/lendingPoolAbi.js';
import { rayToApr } from '../../../shared/readers/lendingPool/rates.js';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import { createUpstreams, type Upstreams } from '../../../shared/upstream/upstreams.js';
import { ABIS as AAVE_AND_OTHERS_ABIS, HOLDER } from '../../exposure/syntheticEvmWallet.js';
import { syntheticChain, type SyntheticState } from '../../exposure/syntheticChain.js';
import { COUNTING_POLICY } from '../../upstream/replayHarness.js';
import { BORROWER, EMODE_BORROWER, NOBODY, RESERVES, SPARK_ABIS, sparkLendState, STRATEGIES, totalsOf, USD_EMODE, USDC, USDT, WETH, withAaveHolder } from './sparkLendChain.js';

/*
 * The shared lending-pool reader (shared/readers/lendingPool/) on a v3.0 market (SparkLend, on
 * the synthetic chain of sparkLendChain.ts) and on Aave's v3.2+ Core market (the synthetic holder
 * of test/exposure/syntheticEvmWallet.ts), alone and on one reader.
 */

const wallet: Wallet = { kind: 'evm', address: '0x3333333333333333333333333333333333333333' };
const user = getAddress(wallet.address);
const context = (upstreams: Upstreams) => ({ signal: new AbortController().signal, now: new Date('2026-11-22T12:00:00Z'), upstreams });

function onChain(state: SyntheticState, abis = SPARK_ABIS) {
  const chain = syntheticChain(abis, state);
  const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: COUNTING_POLICY, env: {} });
  const spark = lendingPoolExposure(SPARKLEND_ETHEREUM_MARKET);
  const aave = lendingPoolExposure(AAVE_V3_ETHEREUM_MARKET);
  const requests = () => upstreams.counter.snapshot().ethereum.requests;
  /** The inner calls' function names of every aggregate3 the chain answered. */
  const innerCalls = () =>
    chain.exchanges
      .filter((exchange) => exchange.request.method === 'eth_call')
      .flatMap((exchange) => {
        const [tx] = exchange.request.params as [{ data: Hex }];
        const { args } = decodeFunctionData({ abi: multicall3Abi, data: tx.data });
        return (args[0] as readonly { target: Address; callData: Hex }[]).map(({ target, callData }) => ({ target, selector: callData.slice(0, 10) }));
      });
  return { upstreams, spark, aave, requests, innerCalls };
}

const idsOf = (positions: { position: { id: string } }[]) => positions.map(({ position }) => position.id);

describe('the shared lending-pool reader on a v3.0 market (SparkLend)', () => {
  it('reads a supply and a borrow with the account, from v3.0 views only', async () => {
    const chain = onChain(sparkLendState(BORROWER));
    const positions = await chain.spark.readPositions(wallet, context(chain.upstreams));

    expect(idsOf(positions)).toEqual(['sparklend-ethereum-weth-supply', 'sparklend-ethereum-usdt-borrow']);
    const [supply, borrow] = positions;
    expect(supply!.position).toMatchObject({ protocol: 'spark', asset: 'WETH', amount: '10', collateral: '10', valueUsd: 30_000, healthFactor: 2.15 });
    expect(borrow!.position).toMatchObject({ protocol: 'spark', asset: 'USDT', amount: '12000', debt: '12000', valueUsd: 12_000 });
    expect(supply!.inputs.account).toEqual({
      market: 'sparklend-ethereum',
      healthFactor: 2.15,
      debtUsd: 12_000,
      collateral: [{ asset: 'WETH', valueUsd: 30_000, liquidationThreshold: 8600, ltv: 8500 }],
    });
    // No 3.2+ view was asked: a v3.0 pool has no single strategy, virtual balance or eMode bitmap.
    const asked = new Set(chain.innerCalls().map((call) => call.selector));
    for (const view of ['RESERVE_INTEREST_RATE_STRATEGY()', 'getVirtualUnderlyingBalance(address)', 'getEModeCategoryCollateralConfig(uint8)', 'getInterestRateDataBps(address)']) {
      expect(asked.has(toFunctionSelector(view))).toBe(false);
    }
    expect(asked.has(toFunctionSelector('getEModeCategoryData(uint8)'))).toBe(false);
  });

  it('takes the eMode category from each reserve’s configuration (bits 168–175) and its LTV, LT and label from getEModeCategoryData', async () => {
    const chain = onChain(sparkLendState(EMODE_BORROWER));
    const [weth, usdc] = await chain.spark.readPositions(wallet, context(chain.upstreams));
    expect(weth!.position.id).toBe('sparklend-ethereum-weth-supply');
    expect(usdc!.position.id).toBe('sparklend-ethereum-usdc-supply');
    const account = usdc!.inputs.account!;
    expect(account.eMode).toEqual({ id: 2, label: USD_EMODE.label, ltv: USD_EMODE.ltv, liquidationThreshold: USD_EMODE.liquidationThreshold });
    // USDC's configuration names category 2, WETH's none.
    expect(account.collateral.map(({ asset, inEMode }) => [asset, inEMode ?? false])).toEqual([
      ['WETH', false],
      ['USDC', true],
    ]);
  });

  it('reads the declared strategies’ curves with round two on a reader’s first scan (two requests), and every curve with round one on the next (one request)', async () => {
    const chain = onChain(sparkLendState(BORROWER));
    const cold = await chain.spark.readPositions(wallet, context(chain.upstreams));
    expect(chain.requests()).toBe(2);
    expect(cold.every(({ inputs }) => inputs.rateModel !== undefined)).toBe(true);

    const warm = await chain.spark.readPositions(wallet, context(chain.upstreams));
    expect(chain.requests()).toBe(3);
    const borrow = warm.find(({ position }) => position.id === 'sparklend-ethereum-usdt-borrow')!;
    const { debt, cash } = totalsOf(USDT);
    const usage = Number(debt) / Number(debt + cash);
    const model = borrow.inputs.rateModel!;
    expect(model).toMatchObject({ utilization: usage, borrow: { kink: 0.95, base: 0, slopeHigh: 0.15 }, reserveFactor: 0.1 });
    // USDT's IRM 0x4E49…: slope1 41813973144203954141840000 ray, all its digits kept.
    expect(model.borrow.slopeLow).toBeCloseTo(0.04181397314420395, 16);
    // The curve at the read utilization is the rate the chain reports (below the kink: slope1 × U / kink), to rayToApr's nine digits.
    expect(model.borrow.base + (model.borrow.slopeLow * model.utilization) / model.borrow.kink).toBeCloseTo(borrow.inputs.apr!, 9);
    expect(warm.find(({ position }) => position.id === 'sparklend-ethereum-weth-supply')!.inputs.rateModel!.borrow.slopeHigh).toBe(0.75);
  });

  it('drops a reserve’s rate model, never answering from the old curve, when a spell replaced its strategy since the last scan', async () => {
    // The 2026-04-23 spell's WETH IRM change, between two scans.
    let wethStrategy = STRATEGIES.wethBefore;
    const state = sparkLendState(BORROWER, (asset) => (asset === WETH ? wethStrategy : asset === USDT ? STRATEGIES.usdt : STRATEGIES.usdc));
    const chain = onChain(state);
    await chain.spark.readPositions(wallet, context(chain.upstreams));
    const before = await chain.spark.readPositions(wallet, context(chain.upstreams));
    expect(before[0]!.inputs.rateModel!.borrow.slopeHigh).toBe(1.2);

    wethStrategy = STRATEGIES.weth;
    const during = await chain.spark.readPositions(wallet, context(chain.upstreams));
    expect(chain.requests()).toBe(4);
    expect(during[0]!.inputs.rateModel).toBeUndefined();
    expect(during[1]!.inputs.rateModel).toBeDefined();

    const after = await chain.spark.readPositions(wallet, context(chain.upstreams));
    expect(after[0]!.inputs.rateModel!.borrow).toMatchObject({ kink: 0.9, base: 0, slopeHigh: 0.75 });
    expect(after[0]!.inputs.rateModel!.borrow.slopeLow).toBeCloseTo(0.02309056441413821, 16);
    expect(chain.requests()).toBe(5);
  });

  it('prices the user’s eMode category by its own price source from the next scan on, collateral and debt alike, and never by a source the category no longer names', async () => {
    // Synthetic: SparkLend's categories have no price source today (README.md); v3.0 lets one be set.
    const SOURCE = getAddress('0x7777777777777777777777777777777777777777');
    let source = SOURCE;
    const base = sparkLendState(EMODE_BORROWER);
    const withSource: SyntheticState = {
      answer(target, functionName, args, block) {
        if (functionName === 'getEModeCategoryData') return { abi: poolV30Abi as unknown as Abi, result: { ...USD_EMODE, priceSource: source } };
        if (functionName === 'getAssetPrice') return target.toLowerCase() === SPARKLEND_ETHEREUM.oracle.toLowerCase() && args[0] === SOURCE ? { abi: oracleAbi as unknown as Abi, result: 99_000_000n } : undefined;
        return base.answer(target, functionName, args, block);
      },
    };
    const chain = onChain(withSource);
    const valueOf = (positions: { position: { id: string; valueUsd?: number } }[], id: string) => positions.find(({ position }) => position.id === `sparklend-ethereum-${id}`)!.position.valueUsd;

    const first = await chain.spark.readPositions(wallet, context(chain.upstreams));
    expect(valueOf(first, 'usdc-supply')).toBe(50_000);
    const second = await chain.spark.readPositions(wallet, context(chain.upstreams));
    expect(valueOf(second, 'usdc-supply')).toBe(49_500);
    expect(valueOf(second, 'usdt-borrow')).toBe(39_600);
    expect(valueOf(second, 'weth-supply')).toBe(3_000);
    expect(second[0]!.inputs.account!.collateral.find((entry) => entry.asset === 'USDC')!.valueUsd).toBe(49_500);

    source = getAddress('0x8888888888888888888888888888888888888888');
    const changed = await chain.spark.readPositions(wallet, context(chain.upstreams));
    expect(valueOf(changed, 'usdc-supply')).toBe(50_000);
  });

  it('gives no position to a wallet that holds no reserve', async () => {
    const chain = onChain(sparkLendState(NOBODY));
    expect(await chain.spark.readPositions(wallet, context(chain.upstreams))).toEqual([]);
  });

  it('asks round one without RESERVE_INTEREST_RATE_STRATEGY on v3.0, with it on v3.2+', () => {
    expect(lendingPoolRoundOne(SPARKLEND_ETHEREUM_MARKET, user)).toHaveLength(5);
    expect(lendingPoolRoundOne(AAVE_V3_ETHEREUM_MARKET, user)).toHaveLength(6);
  });

  it('asks four reads per reserve, the prices, five per known strategy and one per eMode category in a v3.0 round two', () => {
    const known = Object.fromEntries(RESERVES.slice(0, 2).map((asset) => [asset.toLowerCase(), { aToken: asset, strategy: STRATEGIES.weth.address }]));
    const plan = lendingPoolRoundTwo(SPARKLEND_ETHEREUM_MARKET, { user, dataProvider: SPARKLEND_ETHEREUM.dataProvider, reserves: RESERVES, eModeIds: [1, 2], reserveContracts: known });
    expect(plan.calls).toHaveLength(4 * RESERVES.length + 1 + 5 * 2 + 2);
    expect(new Set(plan.keys).size).toBe(plan.keys.length);
  });
});

describe('a v3.0 stable-rate debt (positionsFromLendingPool, synthetic read)', () => {
  const read: LendingPoolAccountRead = {
    blockNumber: 1n,
    totalCollateralBase: 30_000n * 10n ** 8n,
    totalDebtBase: 1_000n * 10n ** 8n,
    healthFactor: 25n * 10n ** 18n,
    reserves: [
      {
        asset: USDC,
        id: 2,
        symbol: 'USDC',
        decimals: 6,
        ltv: 0,
        liquidationThreshold: 0,
        reserveFactor: 100,
        aTokenBalance: 0n,
        variableDebt: 0n,
        stableDebt: 1_000n * 10n ** 6n,
        stableBorrowRate: 5n * 10n ** 25n,
        usageAsCollateral: false,
        liquidityRate: 0n,
        variableBorrowRate: 4n * 10n ** 25n,
        price: 10n ** 8n,
        totalVariableDebt: 0n,
      },
    ],
  };

  it('is a borrow of its own at the user’s stable rate, with no rate model (the curve moves the variable rate only)', () => {
    const [stable] = positionsFromLendingPool(SPARKLEND_ETHEREUM_MARKET, read, wallet);
    expect(stable!.position).toMatchObject({ id: 'sparklend-ethereum-usdc-borrow-stable', debt: '1000', valueUsd: 1_000 });
    expect(stable!.inputs).toMatchObject({ role: 'borrow', apr: rayToApr(5n * 10n ** 25n) });
    expect(stable!.inputs.rateModel).toBeUndefined();
  });
});

describe('both markets on one reader', () => {
  it('keeps each market’s shape apart: both read in two requests cold and one warm, each with its own positions', async () => {
    const chain = onChain(withAaveHolder(sparkLendState(BORROWER)), [...SPARK_ABIS, ...AAVE_AND_OTHERS_ABIS]);
    const holder: Wallet = { kind: 'evm', address: HOLDER };
    const scan = () => Promise.all([chain.spark.readPositions(holder, context(chain.upstreams)), chain.aave.readPositions(holder, context(chain.upstreams))]);
    const [spark, aave] = await scan();
    expect(chain.requests()).toBe(2);
    expect(idsOf(spark)).toEqual(['sparklend-ethereum-weth-supply', 'sparklend-ethereum-usdt-borrow']);
    expect(idsOf(aave)).toEqual(['aave-v3-ethereum-weth-supply', 'aave-v3-ethereum-usdc-borrow']);
    expect(aave.every(({ inputs }) => inputs.rateModel !== undefined)).toBe(true);

    const [sparkWarm, aaveWarm] = await scan();
    expect(chain.requests()).toBe(3);
    expect(aaveWarm).toEqual(aave);
    expect(sparkWarm.every(({ inputs }) => inputs.rateModel !== undefined)).toBe(true);
  });

  it('has no health factor for an account with no debt (max uint256 from the pool)', async () => {
    const noDebt = { ...BORROWER, balances: { [WETH]: BORROWER.balances[WETH]! }, account: { collateralBase: 30_000n * 10n ** 8n, debtBase: 0n, healthFactor: maxUint256 } };
    const chain = onChain(sparkLendState(noDebt));
    const [supply] = await chain.spark.readPositions(wallet, context(chain.upstreams));
    expect(supply!.position.healthFactor).toBeUndefined();
    expect(supply!.inputs.account).toEqual({ market: 'sparklend-ethereum', debtUsd: 0, collateral: [{ asset: 'WETH', valueUsd: 30_000, liquidationThreshold: 8600, ltv: 8500 }] });
  });
});
