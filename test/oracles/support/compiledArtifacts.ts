import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CompiledContract, compileOracles, compilerVersion, harnessPath, isOurs, settingsOf, sha256 } from './compileOracles.js';
import type { OracleTarget } from './oracleTargets.js';
import { extractCommand, publishedSourcesDir } from './publishedSources.js';

/*
 * Committed compiled artifacts of the harnesses whose protocol sources are in no npm package.
 * A clean clone (CI) has no extracted sources, so it cannot compile those harnesses; it deploys
 * their artifact instead: bytecode and ABI as compileOracles produced them from the pinned commit,
 * with the provenance that lets anyone check them. An artifact is used only while it still belongs
 * to the target: same harness text (and every harness file of ours it imports), same compiler,
 * same settings. Otherwise the oracle FAILS, saying to regenerate it; it never silently skips.
 * compiledArtifacts.test.ts recompiles each from the sources where they are extracted and fails on
 * any byte of difference. No protocol source text is committed, only what solc made of it.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const ARTIFACTS_DIR = join(ROOT, 'test/oracles/compiled');
export const GENERATOR = 'npx tsx test/oracles/support/writeCompiledArtifacts.ts';

export interface CompiledArtifact {
  description: string;
  /** The harness under test/oracles/solidity/. */
  harness: string;
  published: { name: string; repository: string; commit: string; license: string };
  /** The solc-js package (or alias) and the compiler version it carries. */
  compiler: { package: string; version: string };
  /** The standard-JSON settings, exactly as compileOracles.ts passed them. */
  settings: unknown;
  /** sha256 of every source solc read: ours (test/oracles/solidity/) and theirs (the pinned commit's), by import path. */
  sources: { ours: Record<string, string>; theirs: Record<string, string> };
  generator: string;
  contracts: Record<string, CompiledContract>;
}

export const artifactPath = (target: OracleTarget): string => join(ARTIFACTS_DIR, target.file.replace(/\.sol$/, '.json'));

export function readArtifact(target: OracleTarget): CompiledArtifact | undefined {
  const path = artifactPath(target);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as CompiledArtifact) : undefined;
}

const regenerate = (target: OracleTarget) => `regenerate it with \`${GENERATOR} ${target.file}\` on a machine with the sources extracted (${extractCommand(target.published!)})`;

/** Why the artifact does not belong to the target as it is defined now (harnesses, compiler, settings, commit), or undefined. */
export function artifactProblem(target: OracleTarget, artifact: CompiledArtifact): string | undefined {
  const problems: string[] = [];
  if (artifact.harness !== target.file) problems.push(`it is of ${artifact.harness}`);
  if (artifact.published?.commit !== target.published?.commit || artifact.published?.name !== target.published?.name) problems.push(`it was compiled from ${artifact.published?.name} @${artifact.published?.commit}, the target pins ${target.published?.name} @${target.published?.commit}`);
  const version = compilerVersion(target);
  if (artifact.compiler?.package !== target.compiler || artifact.compiler?.version !== version) problems.push(`compiler ${artifact.compiler?.package} ${artifact.compiler?.version}, the target's is ${target.compiler} ${version}`);
  if (JSON.stringify(artifact.settings) !== JSON.stringify(settingsOf(target))) problems.push(`settings ${JSON.stringify(artifact.settings)}, the target's are ${JSON.stringify(settingsOf(target))}`);
  const ours = artifact.sources?.ours ?? {};
  if (!ours[target.file]) problems.push(`it records no hash of ${target.file}`);
  for (const [file, hash] of Object.entries(ours)) {
    const now = existsSync(harnessPath(file)) ? sha256(readFileSync(harnessPath(file))) : 'absent';
    if (now !== hash) problems.push(`test/oracles/solidity/${file} is ${now}, compiled from ${hash}`);
  }
  for (const name of target.contracts) if (!artifact.contracts?.[name]?.bytecode?.startsWith('0x')) problems.push(`it has no bytecode for ${name}`);
  return problems.length ? problems.join('; ') : undefined;
}

/** What the run builds a target from. */
export type OracleBuild =
  | { contracts: Record<string, CompiledContract>; from: 'cache' | 'compile' | 'artifact' }
  /** The oracle must fail: its artifact is stale or broken, or (in CI) missing. */
  | { failed: string }
  /** Outside CI only: no sources and no artifact; its tests skip, saying so. */
  | { unavailable: string };

/** A published target without its sources: its committed artifact, if it still belongs to the target. */
export function fromArtifact(target: OracleTarget, ci = Boolean(process.env.CI)): OracleBuild {
  const where = `${target.published!.repository} @${target.published!.commit} is in no npm package and was not extracted here`;
  let artifact: CompiledArtifact | undefined;
  try {
    artifact = readArtifact(target);
  } catch (error) {
    return { failed: `${where}, and its committed artifact ${artifactPath(target)} does not parse (${(error as Error).message}): ${regenerate(target)}` };
  }
  if (!artifact) {
    const reason = `${where}, and no compiled artifact is committed (${artifactPath(target)}): ${regenerate(target)}`;
    return ci ? { failed: reason } : { unavailable: reason };
  }
  const problem = artifactProblem(target, artifact);
  if (problem) return { failed: `the committed artifact ${artifactPath(target)} is not ${target.file}'s as it is now (${problem}): ${regenerate(target)}` };
  const contracts = Object.fromEntries(target.contracts.map((name) => [name, artifact.contracts[name]!]));
  return { contracts, from: 'artifact' };
}

/**
 * Each target compiled (or from the per-machine cache) where its sources are here, from its
 * committed artifact where they are not.
 */
export async function buildOracles(targets: readonly OracleTarget[]): Promise<OracleBuild[]> {
  const here = (target: OracleTarget) => !target.published || publishedSourcesDir(target.published) !== undefined;
  const compilable = targets.filter(here);
  const compiled = await compileOracles(compilable);
  return targets.map((target): OracleBuild => {
    if (!here(target)) return fromArtifact(target);
    const entry = compiled[compilable.indexOf(target)]!;
    return { contracts: entry.contracts, from: entry.fromCache ? 'cache' : 'compile' };
  });
}

/** The artifact of a target compiled from its sources (compileOracle's answer), its sources split into ours and theirs. */
export function artifactOf(target: OracleTarget, compiled: { contracts: Record<string, CompiledContract>; sources: Record<string, string> }): CompiledArtifact {
  const ours: Record<string, string> = {};
  const theirs: Record<string, string> = {};
  for (const [path, hash] of Object.entries(compiled.sources).sort(([a], [b]) => (a < b ? -1 : 1))) (isOurs(path) ? ours : theirs)[path] = hash;
  const { name, repository, commit, license } = target.published!;
  return {
    description: `${target.file} compiled by solc-js from ${repository} @${commit} (in no npm package), so a clone without those sources runs its oracle tests; no source text is committed. Checked against a fresh compile by test/oracles/compiledArtifacts.test.ts wherever the sources are extracted.`,
    harness: target.file,
    published: { name, repository, commit, license },
    compiler: { package: target.compiler, version: compilerVersion(target) },
    settings: settingsOf(target),
    sources: { ours, theirs },
    generator: GENERATOR,
    contracts: Object.fromEntries(target.contracts.map((contract) => [contract, compiled.contracts[contract]!])),
  };
}

/** Written with one ABI item a line, so a regenerated artifact's diff says what changed. */
export function writeArtifact(target: OracleTarget, artifact: CompiledArtifact): string {
  const { contracts, ...provenance } = artifact;
  const head = JSON.stringify(provenance, null, 1).replace(/\n}$/, '');
  const body = Object.entries(contracts)
    .map(([name, { abi, bytecode }]) => `  ${JSON.stringify(name)}: {\n   "abi": [\n${abi.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n   ],\n   "bytecode": ${JSON.stringify(bytecode)}\n  }`)
    .join(',\n');
  const path = artifactPath(target);
  writeFileSync(path, `${head},\n "contracts": {\n${body}\n }\n}\n`);
  return path;
}
