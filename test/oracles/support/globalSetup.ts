import type { TestProject } from 'vitest/node';
import { type Abi, type Address, createWalletClient, http, publicActions } from 'viem';
import { foundry } from 'viem/chains';
import { buildOracles } from './compiledArtifacts.js';
import { ORACLE_TARGETS } from './oracleTargets.js';
import { anvilBinary, type RunningAnvil, startAnvil } from './startAnvil.js';

/** What the oracle tests receive: the node and each deployed harness, or why there is none. */
export type OracleChain =
  | {
      url: string;
      contracts: Record<string, { address: Address; abi: Abi }>;
      timings: Record<string, number>;
      /** Harnesses left out, outside CI only (no sources and no committed artifact): their tests skip, saying why. */
      unavailable: Record<string, string>;
      /** Harnesses whose committed artifact is stale, broken or (in CI) missing: their tests fail with why. */
      failed: Record<string, string>;
    }
  | { skip: string }
  | { error: string };

declare module 'vitest' {
  export interface ProvidedContext {
    oracleChain: OracleChain;
  }
}

/**
 * One anvil for the whole run, with every oracle harness compiled (from the per-machine cache
 * after the first time) and deployed once; a harness whose protocol sources are in no npm package
 * and not extracted here (a clean clone, CI) is deployed from its committed artifact
 * (compiledArtifacts.ts), and fails its tests if that artifact is not its own. Tests only eth_call
 * it, so every worker shares it. A failure here never fails the other tests' run: it is handed to
 * the oracle tests, which fail on it (or skip, loudly, where this platform has no anvil build,
 * which CI never accepts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const binary = anvilBinary();
  if (!binary) {
    const reason = `no anvil build for ${process.platform}-${process.arch} (@foundry-rs/anvil's optional dependency was not installed)`;
    project.provide('oracleChain', process.env.CI ? { error: reason } : { skip: reason });
    return async () => {};
  }
  let anvil: RunningAnvil | undefined;
  try {
    const timings: Record<string, number> = {};
    let started = performance.now();
    const unavailable: Record<string, string> = {};
    const failed: Record<string, string> = {};
    const builds = await buildOracles(ORACLE_TARGETS);
    const compiled = builds.flatMap((build, index) => {
      if ('contracts' in build) return [build];
      for (const name of ORACLE_TARGETS[index]!.contracts) ('failed' in build ? failed : unavailable)[name] = 'failed' in build ? build.failed : build.unavailable;
      return [];
    });
    timings.compileMs = Math.round(performance.now() - started);
    timings.compiledFresh = compiled.filter((entry) => entry.from === 'compile').length;
    timings.fromArtifacts = compiled.filter((entry) => entry.from === 'artifact').length;
    started = performance.now();
    anvil = await startAnvil(binary);
    timings.anvilMs = Math.round(performance.now() - started);
    started = performance.now();
    const client = createWalletClient({ chain: foundry, transport: http(anvil.url) }).extend(publicActions);
    const [account] = await client.getAddresses();
    const contracts: Record<string, { address: Address; abi: Abi }> = {};
    // One after another: sends racing for the nonce can stall.
    for (const [name, { abi, bytecode }] of compiled.flatMap((entry) => Object.entries(entry.contracts))) {
      const hash = await client.deployContract({ account: account!, abi, bytecode });
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 5, timeout: 30_000 });
      if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying ${name} failed`);
      contracts[name] = { address: receipt.contractAddress, abi };
    }
    timings.deployMs = Math.round(performance.now() - started);
    const from = (kind: string) => compiled.filter((entry) => entry.from === kind).length;
    console.log(
      `oracle chain: ${compiled.length} harnesses built in ${timings.compileMs} ms (${from('compile')} compiled, ${from('cache')} from the cache, ${from('artifact')} from committed artifacts), anvil ${timings.anvilMs} ms, deploy ${timings.deployMs} ms`,
    );
    project.provide('oracleChain', { url: anvil.url, contracts, timings, unavailable, failed });
  } catch (error) {
    project.provide('oracleChain', { error: String((error as Error).stack ?? error) });
  }
  return async () => {
    await anvil?.stop();
  };
}
