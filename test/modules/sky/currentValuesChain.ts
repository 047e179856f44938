import { type Abi, hexToString, type Hex } from 'viem';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import { autoLineAbi, SKY_AUTO_LINE, skyCurrentValues } from '../../../shared/modules/sky/currentValues.js';
import { SKY_ETHEREUM } from '../../../shared/modules/sky/exposure/deployment.js';
import { potAbi, savingsVaultAbi } from '../../../shared/modules/sky/exposure/exposureAbi.js';
import { jugAbi, spotAbi, vatAbi } from '../../../shared/modules/sky/exposure/vaultAbi.js';
import { SKY_VAULTS } from '../../../shared/modules/sky/exposure/vaultDeployment.js';
import { RAY, rpow, SECONDS_PER_YEAR_BIG } from '../../../shared/modules/sky/rates.js';
import { pauseAbi } from '../../../shared/modules/sky/spells/governanceAbi.js';
import { SKY_GOVERNANCE } from '../../../shared/modules/sky/spells/deployment.js';
import type { SpellAfterState } from '../../../shared/modules/sky/spells/parseSpellConfig.js';
import type { FixtureFile } from '../../../shared/upstream/replay/fixtureFormat.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { fakeEvmNode, type InnerCall } from '../../support/fakeEvmNode.js';

/*
 * A Sky chain holding a spell's published after-state (test/fixtures/sky-spells/), as the DSS views
 * answer it, for the current-value reader's tests. The VALUES are real (spells-mainnet config.sol);
 * the ENCODING is ours: each yearly rate becomes the per-second ray that compounds to it over 365
 * days (found by bisection with DSS's own rpow, as spells-mainnet's rates.sol table is made), a
 * `mat` its ray, a line its rad. What config.sol does not state is answered neutrally and said so:
 * Vat `rate` one ray (the ilk exists), Jug `base` 0 and `rho` 0, Spotter `pip` the zero address.
 */

const ZERO = '0x0000000000000000000000000000000000000000';
const RAD = 10n ** 45n;

/** The per-second ray whose 365-day compounding is closest to `bps` a year. */
export function rayOfYearlyBps(bps: number): bigint {
  const target = RAY + (BigInt(bps) * RAY) / 10_000n;
  let [low, high] = [RAY, RAY + RAY / 10n ** 6n];
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (rpow(middle, SECONDS_PER_YEAR_BIG) <= target) low = middle;
    else high = middle;
  }
  return low;
}

/** Options that break one read, for the fault tests: a view that reverts, a view whose answer is cut short. */
export interface Breakage {
  revert?: (call: InnerCall) => boolean;
  truncate?: (call: InnerCall) => boolean;
}

const ABIS: readonly Abi[] = [pauseAbi, savingsVaultAbi, potAbi, jugAbi, spotAbi, vatAbi, autoLineAbi] as unknown as Abi[];
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
/** An answer with no outputs: '0x', which no view's decoder takes. */
const cut = { abi: [{ type: 'function', name: 'ilks', stateMutability: 'view', inputs: [{ name: 'ilk', type: 'bytes32' }], outputs: [] }] as Abi, result: undefined };

/** What the Sky views answer when the chain holds `state`. */
export function skyAnswer(state: SpellAfterState, breakage: Breakage = {}) {
  return (call: InnerCall): { abi: Abi; result: unknown } | undefined => {
    if (breakage.revert?.(call)) return undefined;
    if (breakage.truncate?.(call)) return cut;
    const ilk = call.functionName === 'ilks' ? state.ilks[hexToString(call.args[0] as Hex, { size: 32 })] : undefined;
    if (same(call.target, SKY_GOVERNANCE.pause)) return { abi: pauseAbi as unknown as Abi, result: BigInt(state.pauseDelaySeconds) };
    if (same(call.target, SKY_ETHEREUM.sUsds) && state.ssrBps !== undefined) return { abi: savingsVaultAbi as unknown as Abi, result: rayOfYearlyBps(state.ssrBps) };
    if (same(call.target, SKY_ETHEREUM.pot) && state.dsrBps !== undefined) return { abi: potAbi as unknown as Abi, result: rayOfYearlyBps(state.dsrBps) };
    if (same(call.target, SKY_VAULTS.jug)) {
      if (call.functionName === 'base') return { abi: jugAbi as unknown as Abi, result: 0n };
      return { abi: jugAbi as unknown as Abi, result: ilk ? [rayOfYearlyBps(ilk.pctBps), 0n] : [0n, 0n] };
    }
    if (same(call.target, SKY_VAULTS.spot)) return { abi: spotAbi as unknown as Abi, result: [ZERO, ilk ? (BigInt(ilk.matBps) * RAY) / 10_000n : 0n] };
    if (same(call.target, SKY_VAULTS.vat)) return { abi: vatAbi as unknown as Abi, result: ilk ? [0n, RAY, 0n, BigInt(ilk.line) * RAD, 0n] : [0n, 0n, 0n, 0n, 0n] };
    if (same(call.target, SKY_AUTO_LINE)) {
      const line = ilk?.autoLine;
      return { abi: autoLineAbi as unknown as Abi, result: line ? [BigInt(line.line) * RAD, BigInt(line.gap) * RAD, line.ttlSeconds, 0, 0] : [0n, 0n, 0, 0, 0] };
    }
    return undefined;
  };
}

/**
 * The recording of the reader's one aggregated read of `changes` on a chain holding `state`: the
 * reader runs against the stand-in node, and its eth_call (not eth_chainId, which
 * chain-and-head.json answers) becomes a fixture the replay server serves.
 */
export async function skyRecording(changes: readonly ParameterChange[], state: SpellAfterState, description: string, breakage: Breakage = {}): Promise<FixtureFile> {
  const node = fakeEvmNode(ABIS, { chainId: '0x1', answer: skyAnswer(state, breakage) });
  await skyCurrentValues().readCurrentValues(changes, { signal: new AbortController().signal, now: new Date(), upstreams: createUpstreams({ env: {}, fetch: node.fetch }) });
  const exchanges = node.exchanges.filter((exchange) => exchange.request.method === 'eth_call');
  if (exchanges.length === 0) throw new Error('the reader made no eth_call');
  return {
    upstream: 'ethereum',
    protocol: 'json-rpc',
    description: `SYNTHETIC encoding of real values: ${description}`,
    source: { kind: 'encoded', references: ['sky-ecosystem/spells-mainnet src/test/config.sol (test/fixtures/sky-spells/)', 'test/modules/sky/currentValuesChain.ts (encoding)'] },
    exchanges,
  } as FixtureFile;
}
