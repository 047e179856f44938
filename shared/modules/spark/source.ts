import type { SourceReader } from '../types.js';
import { normalizeSpell } from './normalizeSpell.js';
import { readStarGuardSpells } from './readSpells.js';

/**
 * How many of the newest plotted payloads a build reads: Sky executives run every two weeks and
 * each plots at most one Spark payload, so five cover about ten weeks (the recordings hold these).
 */
export const SPARK_NEWEST_SPELLS = 5;

/**
 * The Spark spells source: the payloads Sky executive votes plot in the Spark StarGuard, with their
 * status from the StarGuard's Plot/Exec/Drop logs and views and their changes from the payloads'
 * config-engine views. The sparkfi.eth Snapshot space is read elsewhere (index.ts).
 *
 * @example const proposals = await sparkSpellsSource().readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function sparkSpellsSource(newest = SPARK_NEWEST_SPELLS): SourceReader {
  return {
    async readProposals(context) {
      const { signal, now } = context;
      const { spells } = await readStarGuardSpells({ ethereum: context.upstreams.ethereum, newest, signal });
      return spells.map((spell) => normalizeSpell(spell, { now }));
    },
  };
}
