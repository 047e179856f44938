import { address, getAddressDecoder, getBase64Decoder, getBase64Encoder } from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { jitoExposure } from '../../../shared/modules/jito/exposure/jitoExposure.js';
import { EPOCHS_PER_YEAR, JITOSOL } from '../../../shared/modules/jito/exposure/jitoSolPool.js';
import { decimalAmount, epochRate, feeFraction, positionsFromJitoSol, withdrawalFeeOf } from '../../../shared/modules/jito/exposure/positionsFromJitoSol.js';
import { type StakePoolInput, stakePoolCodec } from '../../../shared/modules/jito/exposure/stakePoolLayout.js';
import { TOKEN_ACCOUNT_LENGTH, tokenAccountHeadCodec } from '../../../shared/modules/jito/exposure/tokenAccountLayout.js';
import { type FixtureFile, loadFixtures } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../../../shared/upstream/upstreams.js';
import { COUNTING_POLICY, recorded, TEST_POLICY, timed, useReplay } from '../../upstream/replayHarness.js';

/*
 * Real data: test/fixtures/upstream/solana/jito-exposure-*.json serve a mainnet clone of the JitoSOL
 * stake pool account (pool epoch 537) and of one JitoSOL token account (stakedex's fee account),
 * both published by igneous-labs/S test-fixtures (see jito-exposure.md). A wallet with no JitoSOL,
 * and pool accounts that are not the JitoSOL pool, have no published answer: those cases run on
 * SYNTHETIC, test-only values served by a replay server started in this file and never written to
 * test/fixtures/upstream.
 */

/** The recorded holder: the owner field of the published token account. */
const RECORDED_HOLDER: Wallet = { kind: 'solana', address: 'GTs7cG77B7ovhFSVrvdheomf6jSBnmZEiNuKkNkD8tA3' };

const addressOf = (byte: number) => getAddressDecoder().decode(new Uint8Array(32).fill(byte));
const base64 = getBase64Decoder();
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

/** Synthetic wallets and token accounts: addresses of repeated bytes, plainly not anyone's. */
const HOLDER: Wallet = { kind: 'solana', address: addressOf(7) };
const NON_HOLDER: Wallet = { kind: 'solana', address: addressOf(8) };
const HOLDER_TOKEN_ACCOUNTS = [
  { pubkey: addressOf(9), amount: 200_000_000_000n },
  { pubkey: addressOf(10), amount: 50_500_000_000n },
];

const noFee = { denominator: 0n, numerator: 0n };
/** A synthetic pool state with the real mint and the published 4 % epoch fee. */
const SYNTHETIC_POOL: StakePoolInput = {
  accountType: 1,
  manager: addressOf(1),
  staker: addressOf(2),
  stakeDepositAuthority: addressOf(3),
  stakeWithdrawBumpSeed: 255,
  validatorList: addressOf(4),
  reserveStake: addressOf(5),
  poolMint: address(JITOSOL.mint),
  managerFeeAccount: addressOf(6),
  tokenProgramId: address(TOKEN_PROGRAM),
  totalLamports: 1_270_000_000_000n,
  poolTokenSupply: 1_000_000_000_000n,
  lastUpdateEpoch: 800n,
  lockup: { unixTimestamp: 0n, epoch: 0n, custodian: addressOf(0) },
  epochFee: { denominator: 100n, numerator: 4n },
  // A SetFee(Epoch) to 5 % waiting two epoch boundaries: the tag-2 variant Option has not.
  nextEpochFee: { __kind: 'Two', fee: { denominator: 100n, numerator: 5n } },
  preferredDepositValidatorVoteAddress: null,
  preferredWithdrawValidatorVoteAddress: addressOf(11),
  stakeDepositFee: noFee,
  stakeWithdrawalFee: { denominator: 1000n, numerator: 1n },
  nextStakeWithdrawalFee: { __kind: 'None' },
  stakeReferralFee: 0,
  solDepositAuthority: null,
  solDepositFee: noFee,
  solReferralFee: 0,
  solWithdrawAuthority: null,
  solWithdrawalFee: { denominator: 1000n, numerator: 1n },
  nextSolWithdrawalFee: { __kind: 'None' },
  lastEpochPoolTokenSupply: 999_000_000_000n,
  lastEpochTotalLamports: 1_268_230_000_000n,
};

/** The pool account as getAccountInfo base64 answers it, padded as an allocated account is. */
function poolAccountData(pool: StakePoolInput, allocated = 640): string {
  const encoded = stakePoolCodec.encode(pool);
  const data = new Uint8Array(Math.max(allocated, encoded.length));
  data.set(encoded);
  return base64.decode(data);
}

/** A synthetic SPL Token account (165 bytes: mint, owner, amount, then state Initialized @108). */
const tokenAccount = (owner: string, pubkey: string, amount: bigint) => {
  const data = new Uint8Array(TOKEN_ACCOUNT_LENGTH);
  data.set(tokenAccountHeadCodec.encode({ mint: address(JITOSOL.mint), owner: address(owner), amount }));
  data[108] = 1;
  return { pubkey, account: { data: [base64.decode(data), 'base64'], executable: false, lamports: 2_039_280, owner: TOKEN_PROGRAM, rentEpoch: 0, space: 165 } };
};

/** The requests the exposure makes, as @solana/kit sends them (its default commitment added). */
const tokenAccountsRequest = (owner: string) => ({
  method: 'getTokenAccountsByOwner',
  params: [owner, { mint: JITOSOL.mint }, { encoding: 'base64', commitment: 'confirmed' }],
});
const POOL_REQUEST = { method: 'getAccountInfo', params: [JITOSOL.pool, { encoding: 'base64', commitment: 'confirmed' }] };
const context = { slot: 380_000_000, apiVersion: '2.3.0' };

function syntheticFixture(pool: StakePoolInput = SYNTHETIC_POOL, poolOwner: string = JITOSOL.stakePoolProgram): FixtureFile {
  return {
    upstream: 'solana',
    protocol: 'json-rpc',
    description: 'SYNTHETIC test-only JitoSOL holdings and stake pool state (never served as Jito data).',
    source: {
      kind: 'encoded',
      references: ['test/modules/jito/exposure.test.ts (synthetic values)', 'solana-program/stake-pool program/src/state.rs @0e562954 (layout)'],
      notes: 'SYNTHETIC: wallets, token accounts and pool amounts are made up; only the mint, pool, programs and the 4 % epoch fee are real.',
    },
    exchanges: [
      {
        request: tokenAccountsRequest(HOLDER.address),
        response: { jsonrpc: '2.0', result: { context, value: HOLDER_TOKEN_ACCOUNTS.map(({ pubkey, amount }) => tokenAccount(HOLDER.address, pubkey, amount)) } },
      },
      { request: tokenAccountsRequest(NON_HOLDER.address), response: { jsonrpc: '2.0', result: { context, value: [] } } },
      {
        request: POOL_REQUEST,
        response: {
          jsonrpc: '2.0',
          result: { context, value: { data: [poolAccountData(pool), 'base64'], executable: false, lamports: 5_346_240, owner: poolOwner, rentEpoch: 0, space: 640 } },
        },
      },
    ],
  };
}

describe('the StakePool layout (state.rs)', () => {
  it('puts the fixed fields where the program does: total_lamports @258, pool_token_supply @266, epoch_fee @330', () => {
    const bytes = stakePoolCodec.encode(SYNTHETIC_POOL);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getBigUint64(258, true)).toBe(SYNTHETIC_POOL.totalLamports);
    expect(view.getBigUint64(266, true)).toBe(SYNTHETIC_POOL.poolTokenSupply);
    expect(view.getBigUint64(274, true)).toBe(SYNTHETIC_POOL.lastUpdateEpoch);
    expect(view.getBigUint64(330, true)).toBe(100n); // Fee.denominator first
    expect(view.getBigUint64(338, true)).toBe(4n);
    // The two APR fields close the account.
    expect(view.getBigUint64(bytes.length - 16, true)).toBe(SYNTHETIC_POOL.lastEpochPoolTokenSupply);
    expect(view.getBigUint64(bytes.length - 8, true)).toBe(SYNTHETIC_POOL.lastEpochTotalLamports);
  });

  it('reads FutureEpoch::Two and past trailing allocation bytes', () => {
    const padded = new Uint8Array(700);
    padded.set(stakePoolCodec.encode(SYNTHETIC_POOL));
    const pool = stakePoolCodec.decode(padded);
    expect(pool.nextEpochFee).toEqual({ __kind: 'Two', fee: { denominator: 100n, numerator: 5n } });
    expect(pool.preferredWithdrawValidatorVoteAddress).toBe(addressOf(11));
    expect(pool.lastEpochTotalLamports).toBe(SYNTHETIC_POOL.lastEpochTotalLamports);
  });
});

describe('the pure parts', () => {
  it('estimates the APR as the program does: 100,044/100,000 over one epoch is 8.0355 % a year (state.rs approximate_apr_calculation)', () => {
    const rate = epochRate({ lastEpochTotalLamports: 100_000n, lastEpochPoolTokenSupply: 100_000n, totalLamports: 100_044n, poolTokenSupply: 100_000n })!;
    expect(rate * EPOCHS_PER_YEAR).toBeCloseTo(0.080355, 5);
  });

  it('has no rate before the pool has a last epoch', () => {
    expect(epochRate({ lastEpochTotalLamports: 0n, lastEpochPoolTokenSupply: 0n, totalLamports: 5n, poolTokenSupply: 5n })).toBeUndefined();
  });

  it('reads a Fee as a fraction, a zero denominator as no fee', () => {
    expect(feeFraction({ denominator: 100n, numerator: 4n })).toBe(0.04);
    expect(feeFraction({ denominator: 0n, numerator: 3n })).toBe(0);
  });

  it('writes raw amounts in whole units', () => {
    expect(decimalAmount(250_500_000_000n, 9)).toBe('250.5');
    expect(decimalAmount(250_000_000_000n, 9)).toBe('250');
    expect(decimalAmount(1n, 9)).toBe('0.000000001');
  });

  it('makes one stake position with the APR net of the fee, the per-epoch APY, and no USD value without a SOL price', () => {
    const pool = stakePoolCodec.decode(stakePoolCodec.encode(SYNTHETIC_POOL));
    const [position, ...rest] = positionsFromJitoSol({ amount: 250_500_000_000n, pool }, HOLDER);
    expect(rest).toEqual([]);
    const rate = (1.27 / (1_268.23 / 999)) - 1;
    expect(position!.position).toMatchObject({ id: 'jito-jitosol', protocol: 'jito', asset: 'JitoSOL', amount: '250.5', user_address: HOLDER.address });
    expect(position!.position.valueUsd).toBeUndefined();
    expect(position!.position.apy).toBeCloseTo((1 + rate) ** EPOCHS_PER_YEAR - 1, 9);
    expect(position!.inputs).toEqual({ role: 'stake', apr: expect.closeTo(rate * EPOCHS_PER_YEAR, 9), rewardFee: 0.04, withdrawalFee: 0.001 });
    expect('valueUsd' in position!.inputs).toBe(false);
  });

  it('takes the withdrawal fee from the stake withdrawal fee, the way out open to every holder, not the SOL one', () => {
    // 3/1000 on WithdrawStake, 1/1000 on WithdrawSol: the position states 0.3 %.
    const pool = { ...SYNTHETIC_POOL, stakeWithdrawalFee: { denominator: 1000n, numerator: 3n }, solWithdrawalFee: { denominator: 1000n, numerator: 1n } };
    expect(withdrawalFeeOf(pool)).toBe(0.003);
  });
});

/** The recorded pool account, decoded here so expectations follow the recording, not a copy of it. */
function recordedPool(fixtures: readonly FixtureFile[]) {
  const answer = recorded<{ result: { value: { data: [string, string] } } }>(fixtures, 'solana', (request) => request.method === 'getAccountInfo' && (request.params as unknown[])[0] === JITOSOL.pool);
  return stakePoolCodec.decode(getBase64Encoder().encode(answer.result.value.data[0]));
}

describe('the exposure on its recordings (a real pool and a real holder)', () => {
  const replay = useReplay();
  const ctx = (upstreams: Upstreams, signal: AbortSignal = AbortSignal.timeout(5_000)) => ({ signal, now: new Date('2026-11-22T12:00:00Z'), upstreams });

  it('reads the holder\'s 31.850755396 JitoSOL, the pool\'s 4 % epoch fee, 0.1 % withdrawal fee and its last epoch\'s growth, in three requests sent at once', async () => {
    const upstreams = replay.upstreams();
    const positions = await jitoExposure().readPositions(RECORDED_HOLDER, ctx(upstreams));
    expect(upstreams.counter.snapshot().solana.requests).toBe(3);
    // SOL's USD price, asked beside the solana reads.
    expect(upstreams.counter.snapshot().prices.requests).toBe(1);
    const solUsd = recorded<{ body: { solana: { usd: number } } }>(replay.fixtures, 'prices', (request) => (request.query as { ids?: string }).ids === 'solana').body.solana.usd;
    const pool = recordedPool(replay.fixtures);
    // Pool epoch 537: 6,639,028,734,407,647 lamports for 6,189,948,258,688,516 JitoSOL, fee 4/100.
    expect(pool.lastUpdateEpoch).toBe(537n);
    expect(pool.epochFee).toEqual({ denominator: 100n, numerator: 4n });
    expect(pool.stakeWithdrawalFee).toEqual({ denominator: 1000n, numerator: 1n });
    const rate = epochRate(pool)!;
    expect(rate).toBeCloseTo(6_639_028_734_407_647 / 6_189_948_258_688_516 / (6_634_070_090_148_137 / 6_187_746_451_691_620) - 1, 12);
    // JitoSOL × SOL per JitoSOL (the pool's lamports over its supply) × SOL in USD.
    const valueUsd = Math.round(31.850755396 * (6_639_028_734_407_647 / 6_189_948_258_688_516) * solUsd * 100) / 100;
    expect(positions).toEqual([
      {
        position: { id: 'jito-jitosol', protocol: 'jito', chain: 'solana', holding: 'staked', asset: 'JitoSOL', amount: '31.850755396', user_address: RECORDED_HOLDER.address, apy: (1 + rate) ** EPOCHS_PER_YEAR - 1, valueUsd },
        inputs: { role: 'stake', apr: rate * EPOCHS_PER_YEAR, rewardFee: 0.04, withdrawalFee: 0.001, valueUsd },
      },
    ]);
    // A JitoSOL APR of the period's order (a few % a year), not a unit slip.
    expect(positions[0]!.inputs.apr).toBeGreaterThan(0.02);
    expect(positions[0]!.inputs.apr).toBeLessThan(0.15);
  });

  it('values nothing, and still answers, when the price service fails', async () => {
    replay.server.faults.inject('prices', { kind: 'status', status: 503 });
    const [position] = await jitoExposure().readPositions(RECORDED_HOLDER, ctx(replay.upstreams({ retries: 0 })));
    expect(position!.position).toMatchObject({ amount: '31.850755396' });
    expect(position!.position.valueUsd).toBeUndefined();
    expect(position!.inputs.valueUsd).toBeUndefined();
  });

  it('stops when its signal is aborted', async () => {
    await expect(jitoExposure().readPositions(RECORDED_HOLDER, ctx(replay.upstreams(), AbortSignal.abort()))).rejects.toThrow();
  });

  describe('faults on the solana upstream make readPositions reject', () => {
    it('HTTP 503, after the retries', async () => {
      replay.server.faults.inject('solana', { kind: 'status', status: 503 });
      const upstreams = replay.upstreams();
      await expect(jitoExposure().readPositions(RECORDED_HOLDER, ctx(upstreams))).rejects.toMatchObject({ code: 'upstream_status', message: 'solana: answered HTTP 503' });
      expect(upstreams.counter.snapshot().solana.requests).toBe(3 * (COUNTING_POLICY.retries + 1));
    });

    it('a hang, cut by the per-call deadline', async () => {
      replay.server.faults.inject('solana', { kind: 'hang' });
      await expect(jitoExposure().readPositions(RECORDED_HOLDER, ctx(replay.upstreams({ ...TEST_POLICY, retries: 0 })))).rejects.toMatchObject({ code: 'upstream_timeout' });
    });

    it('stops at once when the scan’s deadline passes, before the per-call deadline', async () => {
      replay.server.faults.inject('solana', { kind: 'hang' });
      // A per-call deadline of 4 s against the signal's 60 ms: stopping in under half of it is the
      // signal's doing, with room for a loaded machine (TEST_POLICY's 300 ms left 240 ms).
      const { ms, error } = await timed(() => jitoExposure().readPositions(RECORDED_HOLDER, ctx(replay.upstreams(COUNTING_POLICY), AbortSignal.timeout(60))));
      expect(error).toBeDefined();
      expect(ms).toBeLessThan(COUNTING_POLICY.deadlineMs / 2);
    });

    it('a body cut in the middle', async () => {
      replay.server.faults.inject('solana', { kind: 'malformed' });
      await expect(jitoExposure().readPositions(RECORDED_HOLDER, ctx(replay.upstreams({ retries: 0 })))).rejects.toMatchObject({ code: 'upstream_malformed' });
    });

    it('an endpoint that serves another cluster: the chain check decides, whatever the other answers hold', async () => {
      replay.server.faults.inject('solana', { kind: 'wrongChain' });
      await expect(jitoExposure().readPositions(RECORDED_HOLDER, ctx(replay.upstreams({ retries: 0 })))).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
    });
  });
});

describe('the exposure on synthetic answers (test-only, see the top of this file)', () => {
  let server: ReplayServer;
  beforeAll(async () => {
    // The synthetic file first: its pool answer wins over the recorded one.
    server = await startReplayServer({ fixtures: [syntheticFixture(), ...(await loadFixtures())] });
  });
  afterEach(() => {
    expect(server.misses, JSON.stringify(server.misses)).toEqual([]);
  });
  afterAll(async () => {
    await server?.close();
  });
  // No retry, so a healthy read must answer within its deadline: COUNTING_POLICY's 4 s, not 300 ms, on a loaded machine.
  const ups = () => createUpstreams({ endpoints: server.endpoints, policy: { ...COUNTING_POLICY, retries: 0 }, env: {} });
  const ctx = (upstreams: Upstreams) => ({ signal: AbortSignal.timeout(5_000), now: new Date('2026-11-22T12:00:00Z'), upstreams });

  it('sums every JitoSOL token account of the wallet, not only the associated one', async () => {
    const positions = await jitoExposure().readPositions(HOLDER, ctx(ups()));
    const raw = HOLDER_TOKEN_ACCOUNTS.reduce((sum, { amount }) => sum + amount, 0n);
    expect(positions.map(({ position }) => position.amount)).toEqual([decimalAmount(raw, 9)]);
    expect(positions[0]!.inputs.apr).toBeCloseTo(epochRate(stakePoolCodec.decode(stakePoolCodec.encode(SYNTHETIC_POOL)))! * EPOCHS_PER_YEAR, 12);
  });

  it('gives a wallet holding no JitoSOL no position, not an error', async () => {
    expect(await jitoExposure().readPositions(NON_HOLDER, ctx(ups()))).toEqual([]);
  });

  it('reads nothing for a wallet of another chain', async () => {
    const upstreams = ups();
    expect(await jitoExposure().readPositions({ kind: 'evm', address: '0x2f0EA53F92252167d658963f334a91de0824e322' }, ctx(upstreams))).toEqual([]);
    expect(upstreams.counter.snapshot().solana.requests).toBe(0);
  });
});

describe('a pool account that is not the JitoSOL pool is a malformed answer', () => {
  const cases: [string, FixtureFile][] = [
    ['owned by another program', syntheticFixture(SYNTHETIC_POOL, TOKEN_PROGRAM)],
    ['of another mint', syntheticFixture({ ...SYNTHETIC_POOL, poolMint: addressOf(12) })],
    ['not a StakePool account', syntheticFixture({ ...SYNTHETIC_POOL, accountType: 2 })],
  ];
  it.each(cases)('%s', async (_, fixture) => {
    const server = await startReplayServer({ fixtures: [fixture, ...(await loadFixtures())] });
    try {
      const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...COUNTING_POLICY, retries: 0 }, env: {} });
      await expect(jitoExposure().readPositions(HOLDER, { signal: AbortSignal.timeout(5_000), now: new Date(), upstreams })).rejects.toMatchObject({
        code: 'upstream_malformed',
      });
      expect(server.misses).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
