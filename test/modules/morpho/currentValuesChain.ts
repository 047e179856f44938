import type { Abi } from 'viem';
import { vaultAbi } from '../../../shared/modules/morpho/abi.js';
import { marketId } from '../../../shared/modules/morpho/exposure/blueMarkets.js';
import type { FakeEvmState, InnerCall } from '../../support/fakeEvmNode.js';
import { SPARK_DAI_VAULT, SPELL_CAPS, sparkDaiState } from './sparkDaiScenario.js';

/*
 * The Spark DAI vault at the recording's head (sparkDaiScenario.ts: REAL caps before and after
 * Spark's 2025-01-09 spell), with the withdraw queue the current-value reader walks to find a
 * market by its label. The queue is SYNTHETIC in part: it holds the spell's markets that are enabled
 * at the head (every one with a cap before the spell; a cut leaves a market enabled at cap 0), in the
 * spell's order; the vault's real queue may hold more markets, which no change here names. A market
 * outside it (PT-sUSDe-29May2025, whose first cap is still pending) is disabled, its cap 0, as
 * MetaMorpho keeps it.
 */
export const QUEUE = SPELL_CAPS.filter((entry) => entry.before > 0n).map((entry) => marketId(entry.params));

/** sparkDaiState, with the Spark DAI vault's withdraw queue; `override` answers first (a fault test's broken view). */
export function sparkDaiStateWithQueue(override?: (call: InnerCall) => { abi: Abi; result: unknown } | undefined | 'revert'): FakeEvmState {
  return {
    ...sparkDaiState,
    answer(call: InnerCall) {
      const overridden = override?.(call);
      if (overridden === 'revert') return undefined;
      if (overridden) return overridden;
      const spark = call.target.toLowerCase() === SPARK_DAI_VAULT.toLowerCase();
      const abi = vaultAbi as unknown as Abi;
      if (call.functionName === 'withdrawQueueLength') return { abi, result: spark ? BigInt(QUEUE.length) : 0n };
      if (call.functionName === 'withdrawQueue') {
        const id = spark ? QUEUE[Number(call.args[0])] : undefined;
        return id ? { abi, result: id } : undefined;
      }
      return sparkDaiState.answer!(call);
    },
  };
}
