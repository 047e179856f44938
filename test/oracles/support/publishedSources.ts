import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOURCES_DIR } from './compileOracles.js';

/**
 * Protocol sources published in a public git repository but in no npm package yet, pinned to one
 * commit. They live in the per-machine oracle cache (node_modules/.cache/govex-oracles/sources/),
 * never in git (GOVEX_ORACLE_SOURCES_DIR moves them): this file extracts them from a clone of the
 * repository (`git archive` of `paths` at `commit`, which it checks the clone has). Where they were
 * not extracted (a clean clone, CI), the harness that needs them is deployed from its committed
 * artifact (test/oracles/compiled/, compiledArtifacts.ts), compiled from these pinned commits.
 */
export interface PublishedSources {
  /** Folder name under the cache, and the import prefix the harness remaps to it. */
  name: string;
  repository: string;
  commit: string;
  paths: readonly string[];
  /** The repository's licence at that commit (its LICENSE file), recorded in the committed artifacts compiled from it. */
  license: string;
}

/** aave-v3-origin 3.7.0: "feat : v3.7.0 (#183)" on main, 2026-06-01; npm carries 3.6.0 only (checked 2026-11-25). */
export const AAVE_V3_ORIGIN_3_7: PublishedSources = {
  name: 'aave-v3-origin-3.7.0',
  repository: 'https://github.com/aave-dao/aave-v3-origin',
  commit: '4fbd744239fd6682ebad2412f094f5f95abc6393',
  paths: ['src/contracts'],
  license: 'BUSL-1.1, Aave DAO, with an Additional Use Grant (LICENSE at the commit); OpenZeppelin and solidity-utils parts MIT',
};

/** MakerDAO dss (Vat, Spotter, Dog, the code Sky's vaults run): "Add Cure (#247)" on master, 2022-05-18; in no npm package. */
export const MAKERDAO_DSS: PublishedSources = {
  name: 'makerdao-dss-fa4f663',
  repository: 'https://github.com/makerdao/dss',
  commit: 'fa4f6630afb0624d04a003e920b0d71a00331d98',
  paths: ['src/vat.sol', 'src/spot.sol', 'src/dog.sol'],
  license: 'AGPL-3.0-or-later (LICENSE and each file\'s SPDX line at the commit)',
};

/**
 * aave-v4 v0.5.11 ("chore: v0.5.11 release", 2026-03-20), in no npm package: its IHub and ISpoke
 * compile to the address book's IHubV4 and ISpokeV4 (4.68.1) entry for entry, and its hub logic
 * is unchanged on main to 1e8de86 (2026-06-03). Only the hub's libraries, the spoke's debt of a
 * position (UserPositionUtils) and what they import.
 */
export const AAVE_V4_0_5_11: PublishedSources = {
  name: 'aave-v4-0.5.11',
  repository: 'https://github.com/aave/aave-v4',
  commit: 'cdacec509e4f848bff1a5556f503afa83eee3b79',
  paths: ['src/hub', 'src/libraries', 'src/dependencies/openzeppelin', 'src/interfaces', 'src/spoke/interfaces', 'src/spoke/libraries/UserPositionUtils.sol'],
  license: 'Aave Labs Business Source License (licenses/BUSL_LICENSE at the commit: use in a Test Environment granted) for the LicenseRef-BUSL files; MIT for the rest',
};

/**
 * compound-finance/comet d5a30b0 ("Curent Dev (#1127)" on main, 2026-05-29), in no npm package: the
 * Comet, CometExt and what they import, and the USDC Comets' published configurations and roots
 * that test/oracles/cometCurrentValues.test.ts deploys a Comet from. Its hardhat.config compiles with 0.8.15.
 */
export const COMPOUND_COMET_D5A30B0: PublishedSources = {
  name: 'comet-d5a30b0',
  repository: 'https://github.com/compound-finance/comet',
  commit: 'd5a30b0aaeff7755f1431e87f818990902237b03',
  paths: ['contracts', ...['mainnet', 'optimism', 'arbitrum'].flatMap((chain) => [`deployments/${chain}/usdc/configuration.json`, `deployments/${chain}/usdc/roots.json`])],
  license: 'BUSL-1.1, Compound Labs (LICENSE at the commit: Change Date the earlier of 2025-12-31 or one set by governance, Change License GPL-2.0-or-later); interfaces and vendored parts MIT, GPL-2.0-or-later, BSD-3-Clause, Apache-2.0 by their SPDX lines',
};

export { SOURCES_DIR };
const STAMP = '.commit';

/** The folder holding the sources, when they were extracted at the pinned commit. */
export function publishedSourcesDir(sources: PublishedSources): string | undefined {
  const dir = join(SOURCES_DIR, sources.name);
  const stamp = join(dir, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === sources.commit ? dir : undefined;
}

/** How to provide them, for the skip message. */
export const extractCommand = (sources: PublishedSources): string =>
  `git clone ${sources.repository} <dir> && npx tsx test/oracles/support/publishedSources.ts ${sources.name} <dir>`;

/** Extracts the pinned paths from a local clone into the cache (written whole, then renamed). */
export function extractPublishedSources(sources: PublishedSources, clone: string): string {
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', existsSync(join(clone, '.git')) ? join(clone, '.git') : clone, ...args], { maxBuffer: 1 << 30 });
  const type = git('cat-file', '-t', sources.commit).toString().trim();
  if (type !== 'commit') throw new Error(`${clone} has no commit ${sources.commit}`);
  const dir = join(SOURCES_DIR, sources.name);
  const temporary = `${dir}.${process.pid}.tmp`;
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary, { recursive: true });
  const archive = git('archive', '--format=tar', sources.commit, ...sources.paths);
  execFileSync('tar', ['-x', '-C', temporary], { input: archive });
  writeFileSync(join(temporary, STAMP), `${sources.commit}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(temporary, dir);
  return dir;
}

const KNOWN = [AAVE_V3_ORIGIN_3_7, MAKERDAO_DSS, AAVE_V4_0_5_11, COMPOUND_COMET_D5A30B0];

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [name, clone] = process.argv.slice(2);
  const sources = KNOWN.find((entry) => entry.name === name);
  if (!sources || !clone) {
    console.error(`usage: npx tsx test/oracles/support/publishedSources.ts <${KNOWN.map((entry) => entry.name).join('|')}> <clone of its repository>`);
    process.exit(2);
  }
  console.log(`extracted ${sources.repository} @${sources.commit} into ${extractPublishedSources(sources, clone)}`);
}
