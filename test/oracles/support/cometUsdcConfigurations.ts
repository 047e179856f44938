import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS_DIR, GENERATOR } from './compiledArtifacts.js';
import { COMPOUND_COMET_D5A30B0, publishedSourcesDir } from './publishedSources.js';

/*
 * The Ethereum, Optimism and Arbitrum USDC Comets' published configuration.json and their roots.json
 * Comet address at comet d5a30b0, which cometCurrentValues.test.ts builds its Comets from. Data
 * (addresses, factors, rates, caps), committed beside the compiled Comets so a clean clone runs that
 * test; read from the extracted sources where they are here, and checked equal to them there
 * (compiledArtifacts.test.ts). Written by the artifacts' generator.
 */
export const COMET_USDC_FOLDERS = ['mainnet', 'optimism', 'arbitrum'] as const;
export type CometUsdcFolder = (typeof COMET_USDC_FOLDERS)[number];
export const COMET_USDC_FILE = join(ARTIFACTS_DIR, `comet-usdc-configurations-${COMPOUND_COMET_D5A30B0.commit.slice(0, 7)}.json`);

export interface CometUsdc {
  /** configuration.json as published, parsed. */
  configuration: unknown;
  /** roots.json's `comet`: where the deployment's Comet proxy is. */
  comet: string;
}

interface Committed {
  description: string;
  source: { repository: string; commit: string; paths: string[] };
  generator: string;
  deployments: Record<CometUsdcFolder, CometUsdc>;
}

/** From the extracted sources, where they are here. */
export function extractedCometUsdc(folder: CometUsdcFolder): CometUsdc | undefined {
  const sources = publishedSourcesDir(COMPOUND_COMET_D5A30B0);
  if (!sources) return undefined;
  const dir = join(sources, 'deployments', folder, 'usdc');
  return {
    configuration: JSON.parse(readFileSync(join(dir, 'configuration.json'), 'utf8')),
    comet: (JSON.parse(readFileSync(join(dir, 'roots.json'), 'utf8')) as { comet: string }).comet,
  };
}

export const committedCometUsdc = (): Committed | undefined => (existsSync(COMET_USDC_FILE) ? (JSON.parse(readFileSync(COMET_USDC_FILE, 'utf8')) as Committed) : undefined);

/** The extracted files where they are here, the committed copy of their data elsewhere. */
export function cometUsdc(folder: CometUsdcFolder): CometUsdc {
  const found = extractedCometUsdc(folder) ?? committedCometUsdc()?.deployments[folder];
  if (!found) throw new Error(`neither ${COMPOUND_COMET_D5A30B0.name} extracted nor ${COMET_USDC_FILE} committed: run ${GENERATOR} where the sources are extracted`);
  return found;
}

export function writeCometUsdcConfigurations(): string {
  const deployments = Object.fromEntries(COMET_USDC_FOLDERS.map((folder) => [folder, extractedCometUsdc(folder)!]));
  const committed: Committed = {
    description: `The USDC Comets' deployments/<chain>/usdc/configuration.json (as published, parsed) and roots.json's comet address, from ${COMPOUND_COMET_D5A30B0.repository} @${COMPOUND_COMET_D5A30B0.commit}: what cometCurrentValues.test.ts builds its Comets from where the sources are not extracted. Checked equal to the extracted files by compiledArtifacts.test.ts.`,
    source: { repository: COMPOUND_COMET_D5A30B0.repository, commit: COMPOUND_COMET_D5A30B0.commit, paths: COMET_USDC_FOLDERS.flatMap((folder) => [`deployments/${folder}/usdc/configuration.json`, `deployments/${folder}/usdc/roots.json`]) },
    generator: GENERATOR,
    deployments: deployments as Committed['deployments'],
  };
  writeFileSync(COMET_USDC_FILE, `${JSON.stringify(committed, null, 1)}\n`);
  return COMET_USDC_FILE;
}
