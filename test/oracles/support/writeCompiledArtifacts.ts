import { mkdirSync, statSync } from 'node:fs';
import { ARTIFACTS_DIR, artifactOf, writeArtifact } from './compiledArtifacts.js';
import { compileOracles } from './compileOracles.js';
import { writeCometUsdcConfigurations } from './cometUsdcConfigurations.js';
import { PUBLISHED_TARGETS } from './oracleTargets.js';
import { extractCommand, publishedSourcesDir } from './publishedSources.js';

/*
 * Writes test/oracles/compiled/<Harness>.json for every harness built from sources in no npm
 * package (or those named: `npx tsx test/oracles/support/writeCompiledArtifacts.ts CometOracle.sol`),
 * compiled from the extracted sources at their pinned commits (the per-machine cache answers where
 * it holds the same compile; cold misses compile side by side), and with the Comets the USDC
 * deployments' configuration data their test builds them from (cometUsdcConfigurations.ts). Refuses where a target's sources
 * are not extracted: an artifact is only ever made from the pinned sources.
 */
const names = process.argv.slice(2);
const targets = PUBLISHED_TARGETS.filter((target) => names.length === 0 || names.includes(target.file));
if (targets.length === 0) {
  console.error(`no such target; published ones: ${PUBLISHED_TARGETS.map((target) => target.file).join(', ')}`);
  process.exit(2);
}
const missing = targets.filter((target) => !publishedSourcesDir(target.published!));
if (missing.length > 0) {
  console.error(`sources not extracted here, extract them first:\n${missing.map((target) => `  ${target.file}: ${extractCommand(target.published!)}`).join('\n')}`);
  process.exit(1);
}
mkdirSync(ARTIFACTS_DIR, { recursive: true });
const started = performance.now();
const compiled = await compileOracles(targets);
console.log(`compiled in ${Math.round(performance.now() - started)} ms (${compiled.filter((entry) => !entry.fromCache).length} of ${targets.length} cold, the rest from the cache)`);
for (const [index, target] of targets.entries()) {
  const path = writeArtifact(target, artifactOf(target, compiled[index]!));
  console.log(`${path}: ${statSync(path).size} bytes`);
}
// The Comets' test builds them from the USDC deployments' published configurations: their data goes beside them.
if (targets.some((target) => target.file === 'CometOracle.sol')) {
  const path = writeCometUsdcConfigurations();
  console.log(`${path}: ${statSync(path).size} bytes`);
}
