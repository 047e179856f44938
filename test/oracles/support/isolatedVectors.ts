import fc from 'fast-check';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { maxUint256 } from 'viem';
import { applyToCollateral, jointHealthFactor } from '../../../shared/simulate/lendingEffects.js';
import type { Oracle } from './oracleChain.js';
import { AAVE_V3_ORIGIN_3_7 } from './publishedSources.js';
import { type AccountData, accountOf, applyMoves, changesOf, evaluate, type Evaluation, type Move, moves, ORACLE_MARKETS, type PoolState, poolState, type ReserveState } from './lendingPoolStates.js';

/**
 * Oracle vectors for Aave 3.7's isolated eModes: inputs (a pool state, a proposal's moves, the
 * state after them) and what aave-v3-origin @4fbd744's own GenericLogic computed for them in
 * AaveV37Oracle (each collateral's LTV, the account's totals, average LTV and health factor,
 * before and after). The 3.7 sources are in no npm package, so the outputs are committed
 * (test/fixtures/oracles/aave-v3.7-isolated-vectors.json) and our simulator is checked against
 * them on every run; where the sources are extracted, the harness recomputes every vector.
 */
export const VECTORS_FILE = fileURLToPath(new URL('../../fixtures/oracles/aave-v3.7-isolated-vectors.json', import.meta.url));
export const REGENERATE = 'GOVEX_WRITE_ORACLE_VECTORS=1 npx vitest run test/oracles/aaveV37IsolatedVectors.test.ts';
const FLAVOR = 'aave-v3.7' as const;
const GENERATED = 300;
const SEED = 3_707;

export interface Vector {
  /** Set on Aave's own worded scenarios; generated states have none. */
  name?: string;
  before: PoolState;
  moves: Move[];
  after: PoolState;
  /** What the 3.7 code computed: before/after account data, per-reserve LTV, and the user's balances. */
  pool: Evaluation;
}

export interface VectorFile {
  description: string;
  oracle: { repository: string; commit: string; harness: string; function: string };
  regenerate: string;
  seed: number;
  vectors: Vector[];
}

// Every move the simulator prices on a 3.7 pool: LTV and LT, the category's, membership, ltvzero, isolation.
const MOVES = ['ltv', 'liquidationThreshold', 'eModeLtv', 'eModeLiquidationThreshold', 'eModeCollateral', 'eModeLtvZero', 'eModeIsolated'] as const;

// And a set weighted to isolation: the isolated flag with the moves that decide who is outside the category.
const ISOLATION_MOVES = ['eModeIsolated', 'eModeCollateral', 'ltv', 'liquidationThreshold'] as const;

/** The generated inputs: fixed seeds, most states in category 1, each with one to four moves; all moves, then isolation-weighted ones. */
export function generatedInputs(): Omit<Vector, 'pool'>[] {
  const cases = (kinds: readonly Move['kind'][]) =>
    fc.tuple(poolState(FLAVOR), moves(FLAVOR, kinds)).map(([before, proposed]) => {
      const { state, moves: kept } = applyMoves(FLAVOR, before, proposed);
      return { before, moves: kept, after: state };
    });
  return [...fc.sample(cases(MOVES), { numRuns: GENERATED, seed: SEED }), ...fc.sample(cases(ISOLATION_MOVES), { numRuns: GENERATED, seed: SEED + 1 })];
}

// SYNTHETIC figures for the scenarios of Aave's own 3.7 tests and notes (aave-dao/aave-v3-origin @4fbd744,
// tests/protocol/pool/Pool.EMode.Isolated*.sol, docs/3.7/isolated-emode.md): USDX (6 decimals, $1, a member
// of category 1) and WETH (18 decimals, $2,000, outside it) as collateral, and debt in DAI (18 decimals, $1).
const RAY = 10n ** 27n;
const reserveOf = (ltv: number, liquidationThreshold: number, decimals: number, price: bigint, supplyWhole: bigint, debtWhole: bigint, member: boolean): ReserveState => ({
  ltv,
  liquidationThreshold,
  decimals,
  eModeCategory: member ? 1 : 0,
  price,
  scaledSupply: supplyWhole * 10n ** BigInt(decimals),
  scaledDebt: debtWhole * 10n ** BigInt(decimals),
  liquidityIndex: RAY,
  variableBorrowIndex: RAY,
  collateral: supplyWhole > 0n,
  borrowed: debtWhole > 0n,
});
const scenario = (name: string, options: { usdx?: bigint; weth?: bigint; debt: bigint; isolated: boolean; ltvzero?: boolean }, proposed: Move[]): Omit<Vector, 'pool'> => {
  const before: PoolState = {
    reserves: [
      reserveOf(8_200, 8_600, 6, 10n ** 8n, options.usdx ?? 0n, 0n, true),
      reserveOf(8_000, 8_300, 18, 2_000n * 10n ** 8n, options.weth ?? 0n, 0n, false),
      reserveOf(7_500, 8_000, 18, 10n ** 8n, 0n, options.debt, false),
    ],
    eMode: { id: 1, ltv: 9_000, liquidationThreshold: 9_300, collateralBitmap: 0b001n, ltvzeroBitmap: options.ltvzero ? 0b001n : 0n, isolated: options.isolated },
  };
  const { state, moves: kept } = applyMoves(FLAVOR, before, proposed);
  return { name, before, moves: kept, after: state };
};

/** Aave's own worded 3.7 scenarios, as pool states. */
export function scenarioInputs(): Omit<Vector, 'pool'>[] {
  const isolate = (enabled: boolean): Move => ({ kind: 'eModeIsolated', enabled });
  return [
    scenario('Scenario D (isolated-emode.md): an admin isolates the category; WETH outside it goes to LTV 0, USDX keeps the category LTV', { usdx: 6_000n, weth: 2n, debt: 4_000n, isolated: false }, [isolate(true)]),
    scenario('test_adminToggle_hfNear1_hfUnaffected: isolating does not move the health factor', { usdx: 6_000n, weth: 2n, debt: 12_400n, isolated: false }, [isolate(true)]),
    scenario('test_adminToggle_cannotBorrowAfterIsolationEnabled: only collateral outside the category, no borrowing power once isolated', { weth: 2n, debt: 1_000n, isolated: false }, [isolate(true)]),
    scenario('lifting the isolation gives collateral outside the category its own LTV back', { usdx: 6_000n, weth: 2n, debt: 4_000n, isolated: true }, [isolate(false)]),
    scenario('a member with its ltvzero bit set counts 0 in an isolated category too', { usdx: 6_000n, weth: 2n, debt: 4_000n, isolated: true, ltvzero: true }, [{ kind: 'eModeLtvZero', index: 0, enabled: false }]),
    scenario('removing USDX from an isolated category takes its LTV to 0', { usdx: 6_000n, weth: 2n, debt: 4_000n, isolated: true }, [{ kind: 'eModeCollateral', index: 0, enabled: false }]),
    scenario('adding WETH to an isolated category gives it the category LTV', { usdx: 6_000n, weth: 2n, debt: 4_000n, isolated: true }, [{ kind: 'eModeCollateral', index: 1, enabled: true }]),
    scenario('an LT cut on WETH outside an isolated category moves the health factor, not the borrowing power', { usdx: 6_000n, weth: 2n, debt: 4_000n, isolated: true }, [{ kind: 'liquidationThreshold', index: 1, to: 8_000 }]),
  ];
}

/** Runs the 3.7 harness on each input. */
export async function evaluateAll(chain: Oracle, inputs: readonly Omit<Vector, 'pool'>[]): Promise<Vector[]> {
  const pools = await Promise.all(inputs.map(({ before, after }) => evaluate(chain, before, after)));
  return inputs.map((input, index) => ({ ...input, pool: pools[index]! }));
}

const asJson = (value: unknown) => JSON.stringify(value, (_, entry: unknown) => (typeof entry === 'bigint' ? entry.toString() : entry));

export function writeVectors(vectors: Vector[]): void {
  const file: VectorFile = {
    description:
      'Oracle vectors for Aave 3.7 isolated eModes. States and moves are SYNTHETIC (fast-check, seeds `seed` and `seed` + 1, plus the scenarios of Aave’s own 3.7 tests worded in test/oracles/support/isolatedVectors.ts); every `pool` figure was computed by aave-v3-origin’s own GenericLogic.calculateUserAccountData compiled with solc-js 0.8.27 (AaveV37Oracle.sol) and run on anvil. Integers as decimal strings.',
    oracle: { repository: AAVE_V3_ORIGIN_3_7.repository, commit: AAVE_V3_ORIGIN_3_7.commit, harness: 'test/oracles/solidity/AaveV37Oracle.sol', function: 'GenericLogic.calculateUserAccountData' },
    regenerate: `${REGENERATE} (needs the 3.7 sources extracted: test/oracles/README.md)`,
    seed: SEED,
    vectors,
  };
  // One vector a line: reviewable diffs at a third of the indented size.
  const { vectors: lines, ...header } = file;
  const head = asJson(header).slice(0, -1);
  writeFileSync(VECTORS_FILE, `${head},"vectors":[\n${lines.map(asJson).join(',\n')}\n]}\n`);
}

const big = (value: unknown) => BigInt(value as string);
const reviveReserve = (entry: Record<string, unknown>): ReserveState =>
  ({ ...entry, price: big(entry.price), scaledSupply: big(entry.scaledSupply), scaledDebt: big(entry.scaledDebt), liquidityIndex: big(entry.liquidityIndex), variableBorrowIndex: big(entry.variableBorrowIndex) }) as ReserveState;
const reviveState = (state: { reserves: Record<string, unknown>[]; eMode: Record<string, unknown> }): PoolState => ({
  reserves: state.reserves.map(reviveReserve),
  eMode: { ...state.eMode, collateralBitmap: big(state.eMode.collateralBitmap), ltvzeroBitmap: big(state.eMode.ltvzeroBitmap) } as PoolState['eMode'],
});
const reviveAccount = (data: Record<string, unknown>): AccountData => ({
  totalCollateralBase: big(data.totalCollateralBase),
  totalDebtBase: big(data.totalDebtBase),
  avgLtv: big(data.avgLtv),
  avgLiquidationThreshold: big(data.avgLiquidationThreshold),
  healthFactor: big(data.healthFactor),
  hasZeroLtvCollateral: data.hasZeroLtvCollateral as boolean,
});

export function readVectors(): VectorFile {
  const raw = JSON.parse(readFileSync(VECTORS_FILE, 'utf8'));
  return {
    ...raw,
    vectors: raw.vectors.map((vector: any) => ({
      ...vector,
      before: reviveState(vector.before),
      after: reviveState(vector.after),
      pool: {
        before: reviveAccount(vector.pool.before),
        after: reviveAccount(vector.pool.after),
        ltvsBefore: vector.pool.ltvsBefore.map(big),
        ltvsAfter: vector.pool.ltvsAfter.map(big),
        supplied: vector.pool.supplied.map(big),
        owed: vector.pool.owed.map(big),
      },
    })),
  };
}

/** What one vector reached, for the coverage checks. */
export interface VectorReach {
  collaterals: number;
  /** A collateral with its own LTV and LT, outside an isolated category, that the pool counts at 0. */
  zeroedByIsolation: number;
  /** The isolation move itself took a collateral's LTV to 0 or gave it back. */
  isolationChangedLtv: boolean;
}

/**
 * Our simulator on one vector, against the pool's figures: each collateral's LTV before and after
 * (equal: integers), the borrowing power Σ value × LTV (within the pool's own floor of avgLtv to a bp:
 * collateral / 10,000), and the health factor after (the chain's is read to six decimals: 1e-6).
 */
export function checkVector(vector: Vector): VectorReach {
  const { market } = ORACLE_MARKETS[FLAVOR];
  const { pool } = vector;
  const reach: VectorReach = { collaterals: 0, zeroedByIsolation: 0, isolationChangedLtv: false };
  const account = accountOf(FLAVOR, vector.before, pool);
  const changes = changesOf(market.market, vector.moves, vector.before.eMode.id);
  const failures: string[] = [];
  const label = vector.name ?? JSON.stringify(vector.moves);
  if (account) {
    const applied = applyToCollateral(account, changes);
    const isolation = vector.moves.find((move) => move.kind === 'eModeIsolated');
    for (const { collateral, before, after } of applied) {
      const id = Number(collateral.asset.slice(1));
      const pools = { before: Number(pool.ltvsBefore[id]), after: Number(pool.ltvsAfter[id]) };
      if (before.ltv !== pools.before || after.ltv !== pools.after) failures.push(`${label}: ${collateral.asset} LTV ours ${before.ltv} → ${after.ltv}, pool's ${pools.before} → ${pools.after}`);
      reach.collaterals++;
      const own = vector.before.reserves[id]!;
      const outside = (state: PoolState) => state.eMode.isolated && ((state.eMode.collateralBitmap >> BigInt(id)) & 1n) === 0n;
      if (own.ltv > 0 && own.liquidationThreshold > 0 && ((outside(vector.before) && pools.before === 0) || (outside(vector.after) && pools.after === 0))) reach.zeroedByIsolation++;
      if (isolation && own.ltv > 0 && vector.before.eMode.isolated !== isolation.enabled && (pools.before === 0) !== (pools.after === 0)) reach.isolationChangedLtv = true;
    }
    const ours = applied.reduce((sum, { collateral, after }) => sum + (collateral.valueUsd * after.ltv!) / 10_000, 0);
    const collateralUsd = Number(pool.after.totalCollateralBase) / 1e8;
    const pools = (collateralUsd * Number(pool.after.avgLtv)) / 10_000;
    const slack = 1e-9 * Math.max(1, pools);
    if (ours < pools - slack || ours - pools > collateralUsd / 10_000 + slack) failures.push(`${label}: borrowing power ours ${ours}, pool's ${pools} (collateral ${collateralUsd})`);
  }
  const oursHf = account && jointHealthFactor(account, changes);
  if (pool.after.healthFactor === maxUint256) {
    if (oursHf !== undefined) failures.push(`${label}: health factor ours ${oursHf}, the pool's none (no debt)`);
  } else {
    const poolsHf = Number(pool.after.healthFactor) / 1e18;
    if (oursHf === undefined || !(Math.abs(oursHf - poolsHf) <= 1e-6 + 1e-12 * poolsHf)) failures.push(`${label}: health factor ours ${oursHf}, pool's ${poolsHf}`);
  }
  if (failures.length > 0) throw new Error(failures.join('\n'));
  return reach;
}
