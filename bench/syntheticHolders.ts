/**
 * Synthetic EVM wallets for the scan's CPU figures (bench/scanCpu.ts), built on the synthetic holder
 * of test/exposure/syntheticEvmWallet.ts: one that holds nothing anywhere, and ones whose Aave (and,
 * where a Comet runs, Compound) positions sit on 1, 5 or every chain a module reads. Their answers
 * are synthetic test vectors, never facts about a chain; each wallet has its own address, so one
 * replay server serves them all.
 */
import { type Abi, getAddress } from 'viem';
import { vaultAbi } from '../shared/modules/morpho/abi.js';
import { COMET_MARKETS } from '../shared/modules/compound/exposure/markets.js';
import type { UpstreamId } from '../shared/upstream/endpoints.js';
import { EVM_SCAN_CHAINS, holderState } from '../test/exposure/syntheticEvmWallet.js';
import type { SyntheticState } from '../test/exposure/syntheticChain.js';
import { v4Answer } from '../test/modules/aave/v4/v4Chain.js';
import { skyAnswer } from '../test/modules/sky/skyChain.js';

/** Every chain an EVM module reads: Aave's 20 cover SparkLend's and Morpho's, and all of Compound's but Unichain. */
export const EVERY_CHAIN: readonly UpstreamId[] = EVM_SCAN_CHAINS;

/** Chains in the order a holder spreads over them: Ethereum, then the L2s with a Comet, then the rest. */
const SPREAD: readonly UpstreamId[] = [...new Set<UpstreamId>(['ethereum', 'arbitrum', 'base', 'optimism', 'polygon', ...COMET_MARKETS.map((market) => market.chain), ...EVERY_CHAIN])];

/** The reads that name the wallet: an empty wallet's answer to each is zero (or none). */
const ZERO_USER_READS = new Set(['getUserAccountData', 'getUserReserveData', 'borrowBalanceOf', 'userBasic', 'collateralBalanceOf', 'getAssetsIn', 'getAccountSnapshot', 'position']);

const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

export interface SyntheticHolder {
  name: string;
  address: `0x${string}`;
  /** The chains it holds positions on (none for the empty wallet). */
  chains: readonly UpstreamId[];
  state: SyntheticState;
}

/**
 * A wallet with positions on the first `count` chains of SPREAD: the holder's Aave account in the
 * chain's markets (Ethereum: Core only) and, where the chain has Comets, a USDC supply in its first;
 * on Ethereum also the holder's Compound v2, Lido and sUSDS. Elsewhere it holds nothing.
 */
export function holderOnChains(count: number): SyntheticHolder {
  const chains = SPREAD.slice(0, count);
  const address = getAddress(`0x${'a0'.repeat(19)}${count.toString(16).padStart(2, '0')}`);
  const emptyState = emptyStateOf(address);
  const holds = new Set(chains);
  const firstComet = new Set(chains.flatMap((chain) => COMET_MARKETS.find((market) => market.chain === chain)?.comet ?? []).map((comet) => comet.toLowerCase()));
  const state: SyntheticState = {
    ...holderState,
    answer(target, functionName, args, block, chain = 'ethereum') {
      if (!holds.has(chain)) return emptyState.answer(target, functionName, args, block, chain);
      if (chain === 'ethereum') return holderState.answer(target, functionName, args, block, chain);
      // An L2 the holder is on: answered as the holder's Arbitrum (its Aave market holds) …
      if (functionName === 'getUserAccountData' || functionName === 'getUserReserveData') return holderState.answer(target, functionName, args, block, 'arbitrum');
      // … and its first Comet as the holder's Ethereum USDC Comet.
      if ((functionName === 'balanceOf' || functionName === 'userBasic') && firstComet.has(String(target).toLowerCase())) return holderState.answer(COMET_MARKETS[0]!.comet, functionName, args, block, 'ethereum');
      return holderState.answer(target, functionName, args, block, chain);
    },
  };
  return { name: `positions on ${count} chain${count === 1 ? '' : 's'}`, address, chains, state: answeredQueue(state) };
}

/**
 * A MetaMorpho vault's withdraw queue, answered empty: holderState leaves it unanswered, and a vault
 * whose queue never answers is asked it again at every scan (readMorphoAccount keeps a queue once
 * read), 150 calls a scan that no real vault costs past a process's first scan.
 */
const answeredQueue = (state: SyntheticState): SyntheticState => ({
  ...state,
  answer(target, functionName, args, block, chain) {
    if (functionName === 'withdrawQueueLength') return { abi: vaultAbi as unknown as Abi, result: 0n };
    return state.answer(target, functionName, args, block, chain);
  },
});

/** Nothing anywhere: every read that names the wallet answers zero; the markets answer as for the holder. */
export const emptyStateOf = (wallet: string): SyntheticState => answeredQueue({
  ...holderState,
  answer(target, functionName, args, block, chain = 'ethereum') {
    const sky = chain === 'ethereum' ? skyAnswer(target, functionName, args, () => ({})) : undefined;
    if (sky) return sky;
    // Aave v4's spokes (test/modules/aave/v4/v4Chain.ts): a position in none of them.
    const v4 = v4Answer(target, functionName, args, () => ({}));
    if (v4) return v4;
    if (functionName === 'balanceOf') {
      const found = holderState.answer(target, functionName, args, block, chain);
      // A balance of the wallet (ERC-20, Comet, vault shares) is zero; an aToken's cash stays.
      return found && same(args[0], wallet) ? { abi: found.abi, result: 0n } : found;
    }
    if (!ZERO_USER_READS.has(functionName)) return holderState.answer(target, functionName, args, block, chain);
    const found = holderState.answer(target, functionName, args, block, chain);
    if (!found) return found;
    switch (functionName) {
      case 'getUserAccountData':
        return { abi: found.abi, result: [0n, 0n, 0n, 0n, 0n, 2n ** 256n - 1n] };
      case 'getUserReserveData':
        return { abi: found.abi, result: [0n, 0n, 0n, 0n, 0n, 0n, 0n, 0, false] };
      case 'userBasic':
        return { abi: found.abi, result: [0n, 0n, 0n, 0, 0] };
      case 'getAssetsIn':
        return { abi: found.abi, result: [] };
      case 'getAccountSnapshot':
        return { abi: found.abi, result: [0n, 0n, 0n, (found.result as bigint[])[3]!] };
      case 'position':
        return { abi: found.abi, result: [0n, 0n, 0n] };
      default:
        return { abi: found.abi, result: 0n };
    }
  },
});

export function emptyHolder(): SyntheticHolder {
  const address = getAddress(`0x${'e0'.repeat(20)}`);
  return { name: 'nothing anywhere', address, chains: [], state: emptyStateOf(address) };
}
