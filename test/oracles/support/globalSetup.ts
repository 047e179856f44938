import type { TestProject } from 'vitest/node';
import { type Abi, type Address, createWalletClient, http, publicActions } from 'viem';
import { foundry } from 'viem/chains';
import { compileOracles } from './compileOracles.js';
import { ORACLE_TARGETS } from './oracleTargets.js';
import { extractCommand, publishedSourcesDir } from './publishedSources.js';
import { anvilBinary, type RunningAnvil, startAnvil } from './startAnvil.js';

/** What the oracle tests receive: the node and each deployed harness, or why there is none. */
export type OracleChain =
  | { url: string; contracts: Record<string, { address: Address; abi: Abi }>; timings: Record<string, number>; unavailable: Record<string, string> }
  | { skip: string }
  | { error: string };

declare module 'vitest' {
  export interface ProvidedContext {
    oracleChain: OracleChain;
  }
}

/**
 * One anvil for the whole run, with every oracle harness compiled (from the per-machine cache
 * after the first time) and deployed once. Tests only eth_call it, so every worker shares it. A
 * failure here never fails the other tests' run: it is handed to the oracle tests, which fail on
 * it (or skip, loudly, where this platform has no anvil build, which CI never accepts).
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
    // A harness whose published sources were not extracted is left out, and its tests say so.
    const unavailable: Record<string, string> = {};
    const targets = ORACLE_TARGETS.filter((target) => {
      if (!target.published || publishedSourcesDir(target.published)) return true;
      for (const name of target.contracts) unavailable[name] = `${target.published.repository} @${target.published.commit} is in no npm package and was not extracted here (${extractCommand(target.published)})`;
      return false;
    });
    const compiled = await compileOracles(targets);
    timings.compileMs = Math.round(performance.now() - started);
    timings.compiledFresh = compiled.filter((entry) => !entry.fromCache).length;
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
    project.provide('oracleChain', { url: anvil.url, contracts, timings, unavailable });
  } catch (error) {
    project.provide('oracleChain', { error: String((error as Error).stack ?? error) });
  }
  return async () => {
    await anvil?.stop();
  };
}
