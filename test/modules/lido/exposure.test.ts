import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { lidoExposure } from '../../../shared/modules/lido/exposure/lidoExposure.js';
import { positionsFromLido } from '../../../shared/modules/lido/exposure/positionsFromLido.js';
import { REBASE_LOOKBACK_BLOCKS } from '../../../shared/modules/lido/exposure/deployment.js';
import { type LidoHoldingsRead, lastRebaseLog } from '../../../shared/modules/lido/exposure/readLidoHoldings.js';
import { aprOfRebase, dailyApy } from '../../../shared/modules/lido/exposure/stakingApr.js';
import { itRejectsOnEthereumFaults } from '../../exposure/evmFaults.js';
import { useReplay } from '../../upstream/replayHarness.js';

const replay = useReplay();
const wallet: Wallet = { kind: 'evm', address: '0x2f0EA53F92252167d658963f334a91de0824e322' };

/**
 * A real TokenRebased (Holesky stETH, block 1,934,791), as the Lido SDK's lido-pulse README quotes
 * it (lidofinance/lido-ethereum-sdk packages/lido-pulse/README.md): a report 4,608 s after the last.
 */
const HOLESKY_REBASE = {
  timeElapsed: 4608n,
  preTotalShares: 1_079_179_109_989_045_486_885_777n,
  preTotalEther: 1_093_196_098_970_760_843_229_455n,
  postTotalShares: 1_079_179_369_664_131_812_438_396n,
  postTotalEther: 1_093_198_738_453_702_928_397_482n,
};

/** Chainlink ETH/USD latestRoundData().answer at block 26,103,003 (2026-10-02), 8 decimals. */
const ETH_USD_26103003 = 272_804_000_000n;

describe('aprOfRebase (Lido API: year · (postRate − preRate)/preRate / timeElapsed)', () => {
  it('computes the holders’ APR of one report', () => {
    const pre = Number(HOLESKY_REBASE.preTotalEther) / Number(HOLESKY_REBASE.preTotalShares);
    const post = Number(HOLESKY_REBASE.postTotalEther) / Number(HOLESKY_REBASE.postTotalShares);
    const expected = (31_536_000 * (post - pre)) / pre / 4608;
    expect(aprOfRebase(HOLESKY_REBASE)).toBeCloseTo(expected, 9);
    expect(aprOfRebase(HOLESKY_REBASE)).toBeGreaterThan(0);
  });

  it('has no APR for an empty report', () => {
    expect(aprOfRebase({ ...HOLESKY_REBASE, timeElapsed: 0n })).toBeUndefined();
    expect(aprOfRebase({ ...HOLESKY_REBASE, preTotalShares: 0n })).toBeUndefined();
  });

  it('compounds daily for the APY: 3.1 % APR is about 3.15 % APY', () => {
    expect(dailyApy(0.031)).toBeCloseTo((1 + 0.031 / 365) ** 365 - 1, 12);
  });
});

describe('lastRebaseLog (the newest report of the look-back window up to the scan’s block)', () => {
  const log = (block: bigint | null) => ({ data: '0x' as const, topics: [] as [], blockNumber: block });
  const block = 21_000_000n;

  it('keeps logs past the block out: a log request to latest may see blocks the round did not', () => {
    expect(lastRebaseLog([log(block - 7_200n), log(block - 10n), log(block + 5n)], block)).toEqual(log(block - 10n));
  });

  it('keeps logs before the window out: a log request from an earlier head starts before it', () => {
    expect(lastRebaseLog([log(block - REBASE_LOOKBACK_BLOCKS - 1n)], block)).toBeUndefined();
    expect(lastRebaseLog([log(block - REBASE_LOOKBACK_BLOCKS)], block)).toEqual(log(block - REBASE_LOOKBACK_BLOCKS));
  });

  it('skips a pending log without a block', () => {
    expect(lastRebaseLog([log(block - 1n), log(null)], block)).toEqual(log(block - 1n));
  });
});

describe('positionsFromLido', () => {
  const read: LidoHoldingsRead = {
    blockNumber: 26_103_003n,
    stEth: 8n * 10n ** 18n,
    wstEth: 2n * 10n ** 18n,
    stEthPerToken: 1_200_000_000_000_000_000n,
    ethUsd: ETH_USD_26103003,
    rewardFee: 0.1,
    lastRebase: HOLESKY_REBASE,
  };

  it('values stETH 1:1 and wstETH at stEthPerToken, both at Chainlink ETH/USD', () => {
    const [stEth, wstEth] = positionsFromLido(read, wallet);
    expect(stEth!.position).toMatchObject({ id: 'lido-steth', protocol: 'lido', asset: 'stETH', amount: '8', valueUsd: 8 * 2728.04 });
    expect(wstEth!.position).toMatchObject({ id: 'lido-wsteth', asset: 'wstETH', amount: '2' });
    expect(wstEth!.position.valueUsd).toBeCloseTo(2.4 * 2728.04, 6);
    const apr = aprOfRebase(HOLESKY_REBASE)!;
    expect(stEth!.inputs).toEqual({ role: 'stake', valueUsd: 8 * 2728.04, apr, rewardFee: 0.1 });
    expect(stEth!.position.apy).toBeCloseTo(dailyApy(apr), 12);
  });

  it('leaves the APR out, not guessed, without a report in range', () => {
    const positions = positionsFromLido({ ...read, wstEth: 0n, lastRebase: undefined }, wallet);
    expect(positions).toHaveLength(1);
    expect(positions[0]!.position.apy).toBeUndefined();
    expect(positions[0]!.inputs).toEqual({ role: 'stake', valueUsd: 8 * 2728.04, rewardFee: 0.1 });
  });
});

describe('lido exposure on the replay server', () => {
  itRejectsOnEthereumFaults(replay, lidoExposure, wallet);
});
