import { beforeAll, describe, expect, it } from 'vitest';
import { type CompiledArtifact, GENERATOR, artifactOf, artifactPath, artifactProblem, fromArtifact, readArtifact } from './support/compiledArtifacts.js';
import { compileOracles } from './support/compileOracles.js';
import { COMET_USDC_FILE, COMET_USDC_FOLDERS, committedCometUsdc, extractedCometUsdc } from './support/cometUsdcConfigurations.js';
import { type OracleTarget, PUBLISHED_TARGETS } from './support/oracleTargets.js';
import { publishedSourcesDir } from './support/publishedSources.js';

/*
 * The committed artifacts (test/oracles/compiled/) a clean clone deploys the published-source
 * harnesses from. Everywhere: each is complete and still belongs to its target (harness hashes,
 * compiler, settings, pinned commit), and the guard refusing a stale one can fail. Where the sources
 * are extracted: each is exactly what those sources compile to, byte for byte, provenance and all
 * (from the per-machine cache, which re-hashes every source it read; GOVEX_RECOMPILE_ARTIFACTS=1
 * runs solc afresh instead: about 80 s for the IR Comet alone). Where they are not, that part
 * skips, saying so; the oracle tests themselves still run from the artifacts.
 */

const FRESH = Boolean(process.env.GOVEX_RECOMPILE_ARTIFACTS);
const present = PUBLISHED_TARGETS.filter((target) => publishedSourcesDir(target.published!));
const absent = PUBLISHED_TARGETS.filter((target) => !present.includes(target));
if (absent.length > 0) console.warn(`NOT RECOMPILED (sources not extracted here; their committed artifacts checked for provenance only): ${absent.map((target) => target.file).join(', ')}`);

const HASH = /^[0-9a-f]{64}$/;
const artifactOfTarget = (target: OracleTarget): CompiledArtifact => {
  const artifact = readArtifact(target);
  if (!artifact) throw new Error(`no ${artifactPath(target)}: run ${GENERATOR} where the sources are extracted`);
  return artifact;
};

describe('committed compiled artifacts of the published-source harnesses', () => {
  for (const target of PUBLISHED_TARGETS) {
    it(`${target.file}: complete provenance, and still the target's`, () => {
      const artifact = artifactOfTarget(target);
      expect(artifactProblem(target, artifact)).toBeUndefined();
      expect(artifact.published).toEqual({ name: target.published!.name, repository: target.published!.repository, commit: target.published!.commit, license: target.published!.license });
      expect(artifact.compiler.version).toMatch(/^0\.\d+\.\d+$/);
      expect(artifact.generator).toBe(GENERATOR);
      const theirs = Object.keys(artifact.sources.theirs);
      expect(theirs.filter((path) => path.startsWith(`.cache/govex-oracles/sources/${target.published!.name}/`)).length).toBeGreaterThan(0);
      for (const hash of [...Object.values(artifact.sources.ours), ...Object.values(artifact.sources.theirs)]) expect(hash).toMatch(HASH);
      expect(Object.keys(artifact.contracts).sort()).toEqual([...target.contracts].sort());
      for (const { abi, bytecode } of Object.values(artifact.contracts)) {
        expect(abi.length).toBeGreaterThan(0);
        expect(bytecode).toMatch(/^0x(?:[0-9a-f]{2})+$/);
      }
    });
  }

  it(`the USDC Comets' committed configuration data names comet @${PUBLISHED_TARGETS.find((target) => target.file === 'CometOracle.sol')!.published!.commit.slice(0, 7)} and all three deployments`, () => {
    const committed = committedCometUsdc();
    expect(committed, COMET_USDC_FILE).toBeDefined();
    expect(committed!.source.commit).toBe(PUBLISHED_TARGETS.find((target) => target.file === 'CometOracle.sol')!.published!.commit);
    for (const folder of COMET_USDC_FOLDERS) {
      expect(committed!.deployments[folder].comet, folder).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(Object.keys((committed!.deployments[folder].configuration as { assets: object }).assets).length, folder).toBeGreaterThan(0);
    }
  });

  it('an artifact that no longer belongs to its target is refused, and the oracle fails (never skips)', () => {
    const target = PUBLISHED_TARGETS.find((candidate) => candidate.file === 'SkyVatOracle.sol')!;
    const artifact = artifactOfTarget(target);
    const harnessEdited = { ...artifact, sources: { ...artifact.sources, ours: { [target.file]: '0'.repeat(64) } } };
    expect(artifactProblem(target, harnessEdited)).toContain(`test/oracles/solidity/${target.file} is `);
    expect(artifactProblem(target, { ...artifact, compiler: { ...artifact.compiler, version: '0.6.11' } })).toContain('compiler');
    expect(artifactProblem({ ...target, evmVersion: 'berlin' }, artifact)).toContain('settings');
    expect(artifactProblem({ ...target, published: { ...target.published!, commit: 'f'.repeat(40) } }, artifact)).toContain('the target pins');
    const stale = fromArtifact({ ...target, evmVersion: 'berlin' });
    expect('failed' in stale && stale.failed).toContain(GENERATOR);
    const none = { ...target, file: 'NoSuchOracle.sol' };
    expect(fromArtifact(none, true)).toHaveProperty('failed');
    expect(fromArtifact(none, false)).toHaveProperty('unavailable');
    expect(fromArtifact(target)).toHaveProperty('from', 'artifact');
  });
});

describe.skipIf(present.length === 0)('the committed artifacts are what the pinned sources compile to', () => {
  let compiled: Awaited<ReturnType<typeof compileOracles>> = [];
  beforeAll(async () => {
    const started = performance.now();
    compiled = await compileOracles(present, { fresh: FRESH });
    console.log(`compiledArtifacts: ${present.length} targets ${FRESH ? 'recompiled by solc' : 'from the cache or solc'} in ${Math.round(performance.now() - started)} ms (${compiled.filter((entry) => !entry.fromCache).length} by solc)`);
  }, 600_000);

  for (const target of present) {
    it(`${target.file}: bytecode, ABI and every source hash equal to a compile from ${target.published!.name}`, () => {
      const entry = compiled[present.indexOf(target)]!;
      const artifact = artifactOfTarget(target);
      for (const name of target.contracts) expect(artifact.contracts[name]!.bytecode, name).toBe(entry.contracts[name]!.bytecode);
      expect(artifactOf(target, entry)).toEqual(artifact);
    });
  }

  it.skipIf(!present.some((target) => target.file === 'CometOracle.sol'))("the USDC Comets' committed configuration data is the extracted configuration.json and roots.json", () => {
    for (const folder of COMET_USDC_FOLDERS) expect(committedCometUsdc()!.deployments[folder], folder).toEqual(extractedCometUsdc(folder));
  });
});
