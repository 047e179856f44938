import { AaveV3Ethereum } from '@aave-dao/aave-address-book';
import { encodeAbiParameters, type Hex } from 'viem';
import { mainnet } from 'viem/chains';
import type { LendingAccount } from '../../../../shared/domain/position.js';
import { stewardAsks } from '../../../../shared/modules/aave/stewards/readStewardBounds.js';
import { stewardBoundsMarkets } from '../../../../shared/modules/aave/stewards/stewardBoundsMarkets.js';
import { encodeAggregate3 } from '../../../../shared/upstream/clients/aggregate3Codec.js';
import { type EvmCall, roundCalls } from '../../../../shared/upstream/clients/ethereumReader.js';

/*
 * What Ethereum Core's RiskSteward answers the envelope for one account. The config is PUBLIC: the
 * deployed default of aave-dao/aave-v3-risk-stewards scripts/deploy/DeployStewards.s.sol
 * `_getRiskConfig` @ab499683d120323e70349fbe210f65da08bcff5e (3 days everywhere but Pendle's 2; LT,
 * LTV, bonus 50 bps; eMode LT 10; base and slope 1 100; slope 2 2000; optimal usage 300; caps
 * 100 %; LST price cap 500, stable 50; Pendle discount 0.025e18). The account, its collateral and
 * the last-change times are SYNTHETIC: no public material gives a timelock read at a known time.
 */

/** 2026-11-21T12:00:00Z, the Ethereum stewards recording's head time: the scan's "now". */
export const BOUNDS_NOW = 1_795_262_400;
const DAY = 86_400;
/** SYNTHETIC: WETH's LT moved by the steward one day before now; WBTC's never (0). */
export const WETH_LT_CHANGED_AT = BOUNDS_NOW - DAY;

/** SYNTHETIC account on Ethereum Core: WETH and WBTC supplied as collateral, USDC borrowed, no eMode. */
export const BOUNDS_ACCOUNT: LendingAccount = {
  market: 'aave-v3-ethereum',
  healthFactor: 1.42,
  debtUsd: 10_000,
  collateral: [
    { asset: 'WETH', valueUsd: 12_000, liquidationThreshold: 8300 },
    { asset: 'WBTC', valueUsd: 5_110, liquidationThreshold: 7800 },
  ],
};

/** SYNTHETIC second account on Ethereum Core: USDC alone as collateral, so its views but the market's config are not BOUNDS_ACCOUNT's. */
export const USDC_ACCOUNT: LendingAccount = {
  market: 'aave-v3-ethereum',
  healthFactor: 3.1,
  debtUsd: 1_000,
  collateral: [{ asset: 'USDC', valueUsd: 4_000, liquidationThreshold: 7800 }],
};

const param = { type: 'tuple', components: [{ name: 'minDelay', type: 'uint40' }, { name: 'maxPercentChange', type: 'uint256' }] } as const;
const group = (names: readonly string[]) => ({ type: 'tuple', components: names.map((name) => ({ ...param, name })) }) as const;

/**
 * IRiskSteward.Config of the 3.7 stewards (src/interfaces/IRiskSteward.sol @ab49968): collateral,
 * eMode, rate, cap and price-cap configs of RiskParamConfig {uint40 minDelay, uint256 maxPercentChange}.
 */
export const CONFIG_37 = {
  type: 'tuple',
  components: [
    { ...group(['ltv', 'liquidationThreshold', 'liquidationBonus']), name: 'collateralConfig' },
    { ...group(['ltv', 'liquidationThreshold', 'liquidationBonus']), name: 'eModeConfig' },
    { ...group(['baseVariableBorrowRate', 'variableRateSlope1', 'variableRateSlope2', 'optimalUsageRatio']), name: 'rateConfig' },
    { ...group(['supplyCap', 'borrowCap']), name: 'capConfig' },
    { ...group(['priceCapLst', 'priceCapStable', 'discountRatePendle']), name: 'priceCapConfig' },
  ],
} as const;

const p = (days: number, maxPercentChange: bigint) => ({ minDelay: days * DAY, maxPercentChange });

/** The deploy script's default config, as getRiskConfig() answers it. */
export function deployedConfig(overrides: { liquidationThreshold?: { minDelay: number; maxPercentChange: bigint } } = {}): Hex {
  return encodeAbiParameters([CONFIG_37], [
    {
      collateralConfig: { ltv: p(3, 50n), liquidationThreshold: overrides.liquidationThreshold ?? p(3, 50n), liquidationBonus: p(3, 50n) },
      eModeConfig: { ltv: p(3, 50n), liquidationThreshold: p(3, 10n), liquidationBonus: p(3, 50n) },
      rateConfig: { baseVariableBorrowRate: p(3, 100n), variableRateSlope1: p(3, 100n), variableRateSlope2: p(3, 2000n), optimalUsageRatio: p(3, 300n) },
      capConfig: { supplyCap: p(3, 10_000n), borrowCap: p(3, 10_000n) },
      priceCapConfig: { priceCapLst: p(3, 500n), priceCapStable: p(3, 50n), discountRatePendle: p(2, 25_000_000_000_000_000n) },
    },
  ]);
}

/** IRiskSteward.Debounce of the 3.7 stewards: ten uint40 last updates, no debt ceiling. */
export const DEBOUNCE_37 = ['supplyCap', 'borrowCap', 'ltv', 'liquidationBonus', 'liquidationThreshold', 'baseVariableRate', 'variableRateSlope1', 'variableRateSlope2', 'optimalUsageRatio', 'priceCap'] as const;
export const debounce = (last: Partial<Record<(typeof DEBOUNCE_37)[number], number>>): Hex =>
  encodeAbiParameters(DEBOUNCE_37.map((name) => ({ name: `${name}LastUpdated`, type: 'uint40' })), DEBOUNCE_37.map((name) => last[name] ?? 0));

const FALSE = encodeAbiParameters([{ type: 'bool' }], [false]);

/**
 * The aggregate3 exchange of one round of the shared EVM reader asking every view of `accounts`
 * (each account's asks, as separate scans send them; a view two ask is sent once), in the round's
 * order (roundCalls: by target, then calldata), each inner result as `answerOf` gives it.
 */
export function stewardBoundsAnswer(accounts: readonly LendingAccount[], answerOf: (ask: ReturnType<typeof stewardAsks>[number]) => { success: boolean; returnData: Hex }) {
  const asks = accounts.flatMap((account) => stewardAsks(stewardBoundsMarkets(), [account]));
  const keyOf = (call: EvmCall) => `${call.target.toLowerCase()}:${call.callData.toLowerCase()}`;
  const byCall = new Map(asks.map((ask) => [keyOf(ask.call), ask]));
  const calls = roundCalls([asks.map((ask) => ask.call)]);
  const results = calls.map((call) => answerOf(byCall.get(keyOf(call))!));
  const data = encodeAbiParameters(
    [{ type: 'tuple[]', components: [{ name: 'success', type: 'bool' }, { name: 'returnData', type: 'bytes' }] }],
    [results],
  );
  // The reader sends to the chain's Multicall3 as viem/chains writes it (lower case on mainnet).
  return { request: { method: 'eth_call', params: [{ to: mainnet.contracts.multicall3.address, data: encodeAggregate3(calls) }, 'latest'] }, response: { jsonrpc: '2.0' as const, result: data } };
}

/** Core's RiskSteward for `accounts` (BOUNDS_ACCOUNT alone unless given): the deployed config, WETH's LT changed a day ago, nothing restricted. */
export const coreStewardExchange = (config: Hex = deployedConfig(), accounts: readonly LendingAccount[] = [BOUNDS_ACCOUNT]) =>
  stewardBoundsAnswer(accounts, (ask) => {
    if (ask.kind === 'config') return { success: true, returnData: config };
    if (ask.kind === 'timelock') return { success: true, returnData: debounce(ask.key === 'weth' ? { liquidationThreshold: WETH_LT_CHANGED_AT } : {}) };
    return { success: true, returnData: FALSE };
  });

export const CORE_RISK_STEWARD = AaveV3Ethereum.RISK_STEWARD;
