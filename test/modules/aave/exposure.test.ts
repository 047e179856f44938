import { type Abi, type Address, getAddress, maxUint256 } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { aaveExposure } from '../../../shared/modules/aave/exposure/aaveExposure.js';
import { CORE_ONLY } from '../../../shared/modules/aave/exposure/markets.js';
import { positionsFromAave } from '../../../shared/modules/aave/exposure/positionsFromAave.js';
import { effectiveLiquidationThreshold } from '../../../shared/readers/lendingPool/positionsFromLendingPool.js';
import { aprToApy, rayToApr } from '../../../shared/readers/lendingPool/rates.js';
import { addressesProviderAbi, dataProviderAbi, oracleAbi, poolAbi, rateStrategyAbi } from '../../../shared/readers/lendingPool/lendingPoolAbi.js';
import { type AaveAccountRead, type AaveReserveRead, aaveRoundTwo } from '../../../shared/modules/aave/exposure/readAaveAccount.js';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { jointHealthFactor } from '../../../shared/simulate/lendingEffects.js';
import { itRejectsOnEthereumFaults } from '../../exposure/evmFaults.js';
import { syntheticChain, type SyntheticState } from '../../exposure/syntheticChain.js';
import { TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';

const replay = useReplay();
const wallet: Wallet = { kind: 'evm', address: '0x2f0EA53F92252167d658963f334a91de0824e322' };
const WETH = getAddress('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2');
const USDC = getAddress('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
const WSTETH = getAddress('0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0');

// Synthetic vectors (test/exposure/syntheticChain.ts): they test which reserves are read, not a chain.
const RESERVES: Address[] = [WETH, WSTETH, getAddress('0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599'), USDC];
const DATA_PROVIDER = getAddress('0x0a16f2FCC0D44FaE41cc54e079281D84A363bECD');
const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
const ABIS = [poolAbi, addressesProviderAbi, dataProviderAbi, oracleAbi, rateStrategyAbi] as unknown as Abi[];
const RATE_STRATEGY = getAddress('0x9ec6F08190DeA04A54f8Afc53Db96134e5E3FdFB');

/** An account whose user balances per reserve are `balances` ([aToken, variable debt, as collateral]). */
function aaveChain(balances: Record<string, [bigint, bigint, boolean]>, account: { collateralBase: bigint; debtBase: bigint; healthFactor: bigint }): SyntheticState {
  const result = (abi: readonly unknown[], value: unknown) => ({ abi: abi as Abi, result: value });
  return {
    answer(_target, functionName, args) {
      switch (functionName) {
        case 'getBlockNumber':
          return result(multicall3Abi, 21_000_000n);
        case 'getUserAccountData':
          return result(poolAbi, [account.collateralBase, account.debtBase, 0n, 0n, 0n, account.healthFactor]);
        case 'getReservesList':
          return result(poolAbi, RESERVES);
        case 'getUserEMode':
          return result(poolAbi, 0n);
        case 'getPoolDataProvider':
          return result(addressesProviderAbi, DATA_PROVIDER);
        case 'getUserReserveData': {
          const [aToken, debt, collateral] = Object.entries(balances).find(([asset]) => same(args[0], asset))?.[1] ?? [0n, 0n, false];
          return result(dataProviderAbi, [aToken, 0n, debt, 0n, 0n, 0n, 0n, 0, collateral]);
        }
        case 'getReserveConfigurationData':
          return result(dataProviderAbi, [same(args[0], USDC) ? 6n : 18n, 7500n, 7800n, 10450n, 1000n, true, true, false, true, false]);
        case 'getReserveData':
          return result(dataProviderAbi, [0n, 0n, 0n, 0n, 0n, 2n * 10n ** 25n, 5n * 10n ** 25n, 0n, 0n, 10n ** 27n, 10n ** 27n, 0]);
        case 'getAssetsPrices':
          return result(oracleAbi, (args[0] as Address[]).map((asset) => (same(asset, USDC) ? 10n ** 8n : 3000n * 10n ** 8n)));
        case 'RESERVE_INTEREST_RATE_STRATEGY':
          return result(poolAbi, RATE_STRATEGY);
        case 'getVirtualUnderlyingBalance':
          return result(poolAbi, 0n);
        case 'getInterestRateDataBps':
          return result(rateStrategyAbi, { optimalUsageRatio: 9000, baseVariableBorrowRate: 0, variableRateSlope1: 500, variableRateSlope2: 6000 });
        default:
          return undefined;
      }
    },
  };
}

/** `state` with some answers replaced, by function name: a value to encode with `abi`, or undefined to revert. */
const withAnswers = (state: SyntheticState, answers: Record<string, [readonly unknown[], unknown] | undefined>): SyntheticState => ({
  answer(target, functionName, args, block) {
    if (!(functionName in answers)) return state.answer(target, functionName, args, block);
    const answer = answers[functionName];
    return answer && { abi: answer[0] as Abi, result: answer[1] };
  },
});

const readOn = (state: SyntheticState) => {
  const chain = syntheticChain(ABIS, state);
  const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: TEST_POLICY, env: {} });
  return aaveExposure({ markets: CORE_ONLY }).readPositions(wallet, { signal: new AbortController().signal, now: new Date('2026-11-22T12:00:00Z'), upstreams });
};

describe('aave exposure on a synthetic chain (every reserve read in round two)', () => {
  // Such a supply sets no bit in Pool.getUserConfiguration and counts in no total of getUserAccountData.
  it('gives a supply not used as collateral, with no collateral field and no health factor, when it is the only position', async () => {
    const positions = await readOn(aaveChain({ [WSTETH]: [2n * 10n ** 18n, 0n, false] }, { collateralBase: 0n, debtBase: 0n, healthFactor: maxUint256 }));
    expect(positions.map(({ position }) => position.id)).toEqual(['aave-v3-ethereum-wsteth-supply']);
    const [supply] = positions;
    expect(supply!.position).toMatchObject({ asset: 'wstETH', amount: '2', valueUsd: 6_000 });
    expect(supply!.position.collateral).toBeUndefined();
    expect(supply!.position.healthFactor).toBeUndefined();
    expect(supply!.inputs.account).toBeUndefined();
  });

  it('keeps a supply not used as collateral out of the account of a wallet that borrows', async () => {
    const positions = await readOn(
      aaveChain(
        { [WETH]: [10n * 10n ** 18n, 0n, true], [WSTETH]: [2n * 10n ** 18n, 0n, false], [USDC]: [0n, 20_000n * 10n ** 6n, false] },
        { collateralBase: 30_000n * 10n ** 8n, debtBase: 20_000n * 10n ** 8n, healthFactor: 1_170_000_000_000_000_000n },
      ),
    );
    expect(positions.map(({ position }) => position.id)).toEqual(['aave-v3-ethereum-weth-supply', 'aave-v3-ethereum-wsteth-supply', 'aave-v3-ethereum-usdc-borrow']);
    const wsteth = positions[1]!;
    expect(wsteth.position.collateral).toBeUndefined();
    expect(wsteth.position.healthFactor).toBe(1.17);
    expect(wsteth.inputs.account!.collateral.map((entry) => entry.asset)).toEqual(['WETH']);
  });

  it('gives no position to a wallet that holds no reserve', async () => {
    expect(await readOn(aaveChain({}, { collateralBase: 0n, debtBase: 0n, healthFactor: maxUint256 }))).toEqual([]);
  });
});

describe('the simulator’s inputs, read in the same two rounds (synthetic chain)', () => {
  const noDebt = { collateralBase: 30_000n * 10n ** 8n, debtBase: 0n, healthFactor: maxUint256 };
  const borrowing = { collateralBase: 30_000n * 10n ** 8n, debtBase: 6_000n * 10n ** 8n, healthFactor: 3_900_000_000_000_000_000n };

  it('keeps the account of a wallet with collateral and no debt, with each collateral’s own LTV and no health factor', async () => {
    const [supply] = await readOn(aaveChain({ [WETH]: [10n * 10n ** 18n, 0n, true] }, noDebt));
    expect(supply!.inputs.account).toEqual({ market: 'aave-v3-ethereum', debtUsd: 0, collateral: [{ asset: 'WETH', valueUsd: 30_000, liquidationThreshold: 7800, ltv: 7500 }] });
    expect(supply!.position.healthFactor).toBeUndefined();
  });

  it('gives the account its eMode category’s label, LTV and LT, and flags the collateral the category covers', async () => {
    // Category 1 covers reserve id 1 (wstETH) only: bitmap 0b10.
    const eMode = withAnswers(aaveChain({ [WETH]: [10n ** 18n, 0n, true], [WSTETH]: [10n ** 18n, 0n, true] }, noDebt), {
      getUserEMode: [poolAbi, 1n],
      getEModeCategoryCollateralConfig: [poolAbi, { ltv: 9300, liquidationThreshold: 9500, liquidationBonus: 10100 }],
      getEModeCategoryCollateralBitmap: [poolAbi, 0b10n],
      getEModeCategoryLabel: [poolAbi, 'ETH correlated'],
    });
    const [weth] = await readOn(eMode);
    expect(weth!.inputs.account!.eMode).toEqual({ id: 1, label: 'ETH correlated', ltv: 9300, liquidationThreshold: 9500 });
    expect(weth!.inputs.account!.collateral.map(({ asset, inEMode }) => [asset, inEMode ?? false])).toEqual([
      ['WETH', false],
      ['wstETH', true],
    ]);
  });

  it('gives each position its reserve’s rate model, whose curve at the read utilization is the chain’s variable borrow rate', async () => {
    // 6,000 USDC borrowed against 4,000 of virtual balance: U = 6,000 / (4,000 + 6,000) = 0.6 (the
    // aToken supply, 10,500, is not the denominator). Below the 80 % kink the chain's rate is
    // base + slope1 × U / kink = 0.01 + 0.04 × 0.6 / 0.8 = 0.04, i.e. 4e25 in ray.
    const chain = withAnswers(aaveChain({ [WETH]: [10n * 10n ** 18n, 0n, true], [USDC]: [0n, 6_000n * 10n ** 6n, false] }, borrowing), {
      getReserveData: [dataProviderAbi, [0n, 0n, 10_500n * 10n ** 6n, 0n, 6_000n * 10n ** 6n, 18n * 10n ** 24n, 4n * 10n ** 25n, 0n, 0n, 10n ** 27n, 10n ** 27n, 0]],
      getVirtualUnderlyingBalance: [poolAbi, 4_000n * 10n ** 6n],
      getInterestRateDataBps: [rateStrategyAbi, { optimalUsageRatio: 8000, baseVariableBorrowRate: 100, variableRateSlope1: 400, variableRateSlope2: 6000 }],
    });
    const borrow = (await readOn(chain)).find(({ position }) => position.id === 'aave-v3-ethereum-usdc-borrow')!;
    const model = borrow.inputs.rateModel!;
    expect(model).toEqual({ utilization: 0.6, borrow: { kink: 0.8, base: 0.01, slopeLow: 0.04, slopeHigh: 0.6 }, reserveFactor: 0.1 });
    expect(model.borrow.base + (model.borrow.slopeLow * model.utilization) / model.borrow.kink).toBeCloseTo(borrow.inputs.apr!, 15);
  });

  it('leaves the rate model out, and the positions in, when the pool names no single rate strategy (before v3.4)', async () => {
    const chain = withAnswers(aaveChain({ [WETH]: [10n ** 18n, 0n, true] }, noDebt), { RESERVE_INTEREST_RATE_STRATEGY: undefined });
    const [supply] = await readOn(chain);
    expect(supply!.position.id).toBe('aave-v3-ethereum-weth-supply');
    expect(supply!.inputs.rateModel).toBeUndefined();
  });

  it('asks five reads per reserve with a rate strategy, then the prices, the unknown symbols and five reads per eMode category', () => {
    const calls = aaveRoundTwo({ user: getAddress(wallet.address), dataProvider: DATA_PROVIDER, reserves: RESERVES, eModeIds: [1, 2], rateStrategy: RATE_STRATEGY });
    // Every reserve of RESERVES has a known symbol. Per category: config, bitmap, label, (3.6) the ltvzero bitmap and (3.7) the isolated flag.
    expect(calls).toHaveLength(5 * RESERVES.length + 1 + 5 * 2);
  });
});

describe('rates (positions.md §1.6)', () => {
  it('reads a ray APR as a fraction', () => {
    expect(rayToApr(42_100_000_000_000_000_000_000_000n)).toBeCloseTo(0.0421, 12);
  });

  it('compounds per second: APY = (1 + APR/31,536,000)^31,536,000 − 1, close to e^APR − 1', () => {
    expect(aprToApy(0.0421)).toBeCloseTo(Math.exp(0.0421) - 1, 8);
    expect(aprToApy(0)).toBe(0);
  });
});

const reserve = (overrides: Partial<AaveReserveRead>): AaveReserveRead => ({
  asset: WETH,
  id: 0,
  symbol: 'WETH',
  decimals: 18,
  ltv: 8050,
  liquidationThreshold: 8300,
  reserveFactor: 1500,
  aTokenBalance: 0n,
  variableDebt: 0n,
  usageAsCollateral: false,
  liquidityRate: 0n,
  variableBorrowRate: 0n,
  price: 0n,
  totalVariableDebt: 0n,
  ...overrides,
});

describe('positionsFromAave', () => {
  // positions.md §1.3's example: 10 WETH at $3,000 with LT 8300 and $20,000 of debt: HF 1.245.
  const weth = reserve({ aTokenBalance: 10n * 10n ** 18n, usageAsCollateral: true, price: 3000n * 10n ** 8n, liquidityRate: 2n * 10n ** 25n });
  const usdc = reserve({ asset: USDC, id: 3, symbol: 'USDC', decimals: 6, liquidationThreshold: 7800, reserveFactor: 1000, variableDebt: 20_000n * 10n ** 6n, price: 10n ** 8n, variableBorrowRate: 5n * 10n ** 25n });
  const read: AaveAccountRead = {
    blockNumber: 1n,
    totalCollateralBase: 30_000n * 10n ** 8n,
    totalDebtBase: 20_000n * 10n ** 8n,
    healthFactor: 1_245_000_000_000_000_000n,
    reserves: [weth, usdc],
  };

  it('gives one supply and one borrow, with the account the simulator moves', () => {
    const positions = positionsFromAave(read, wallet);
    expect(positions.map(({ position }) => position.id)).toEqual(['aave-v3-ethereum-weth-supply', 'aave-v3-ethereum-usdc-borrow']);
    const [supply, borrow] = positions;
    expect(supply!.position).toMatchObject({ protocol: 'aave', asset: 'WETH', amount: '10', collateral: '10', valueUsd: 30_000, healthFactor: 1.245 });
    expect(borrow!.position).toMatchObject({ asset: 'USDC', amount: '20000', debt: '20000', valueUsd: 20_000 });
    expect(supply!.inputs).toMatchObject({ market: 'aave-v3-ethereum', role: 'supply', apr: 0.02, reserveFactor: 1500 });
    expect(borrow!.inputs).toMatchObject({ role: 'borrow', apr: 0.05, reserveFactor: 1000 });
    expect(supply!.inputs.account).toEqual({
      market: 'aave-v3-ethereum',
      healthFactor: 1.245,
      debtUsd: 20_000,
      collateral: [{ asset: 'WETH', valueUsd: 30_000, liquidationThreshold: 8300, ltv: 8050 }],
    });
    // And the simulator's §1.3 example follows from it: LT 8300 → 8000 gives HF 1.20.
    expect(jointHealthFactor(supply!.inputs.account!, [ltChange('WETH', 8000)])).toBeCloseTo(1.2, 10);
  });

  it('uses the eMode LT for a collateral in the category bitmap, the reserve LT otherwise', () => {
    const eMode = { id: 1, ltv: 9300, liquidationThreshold: 9500, collateralBitmap: 1n << 1n };
    expect(effectiveLiquidationThreshold(reserve({ id: 1, liquidationThreshold: 8100 }), eMode)).toBe(9500);
    expect(effectiveLiquidationThreshold(reserve({ id: 0, liquidationThreshold: 8300 }), eMode)).toBe(8300);
    expect(effectiveLiquidationThreshold(reserve({ id: 1, liquidationThreshold: 8100 }), undefined)).toBe(8100);
  });

  it('has no health factor and no account without debt, and no collateral field for a supply not used as collateral', () => {
    const idle = reserve({ aTokenBalance: 10n ** 18n, price: 3000n * 10n ** 8n });
    const [only, ...rest] = positionsFromAave({ ...read, totalDebtBase: 0n, healthFactor: maxUint256, reserves: [idle] }, wallet);
    expect(rest).toEqual([]);
    expect(only!.position.healthFactor).toBeUndefined();
    expect(only!.position.collateral).toBeUndefined();
    expect(only!.inputs.account).toBeUndefined();
  });
});

describe('aave exposure on the replay server', () => {
  itRejectsOnEthereumFaults(replay, () => aaveExposure({ markets: CORE_ONLY }), wallet);
});

/** A verified liquidation-threshold change of one asset, in bps. */
function ltChange(asset: string, to: number) {
  return { protocol: 'test', asset, parameter: 'liquidationThreshold' as const, to, unit: 'bps' as const, evidence: 'test', verified: true };
}
