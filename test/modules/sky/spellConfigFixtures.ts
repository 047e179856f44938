import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSpellConfig, type SpellAfterState } from '../../../shared/modules/sky/spells/parseSpellConfig.js';

/**
 * Spells' published after-states, extracted by parseSpellConfig from
 * sky-ecosystem/spells-mainnet src/test/config.sol at the commit each file names, and committed as
 * plain values (test/fixtures/sky-spells/README.md). Regenerate, where a mirror of the repository
 * is on the machine: SPELLS_MAINNET_GIT=<git dir> npx tsx test/modules/sky/spellConfigFixtures.ts <commit>…
 */
export interface SpellConfigFixture {
  source: { repository: 'sky-ecosystem/spells-mainnet'; path: 'src/test/config.sol'; commit: string; committed: string; subject: string };
  afterState: SpellAfterState;
}

export const SPELL_FIXTURES = join(import.meta.dirname, '../../fixtures/sky-spells');

/** Every committed after-state, by the spell's date (the file name's first part, e.g. 2026-05-07). */
export function spellFixtures(): Map<string, SpellConfigFixture> {
  return new Map(
    readdirSync(SPELL_FIXTURES)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => [name.slice(0, 10), JSON.parse(readFileSync(join(SPELL_FIXTURES, name), 'utf8')) as SpellConfigFixture]),
  );
}

/** The spells repository's git directory, when a mirror is here (never in CI: the parser is then checked on the committed values only). */
export const spellsGitDir = (): string | undefined => {
  const dir = process.env.SPELLS_MAINNET_GIT ?? '/work/.mirror/sky-ecosystem+spells-mainnet/repo';
  return existsSync(dir) ? dir : undefined;
};

export const configAt = (gitDir: string, commit: string): string => execFileSync('git', [`--git-dir=${gitDir}`, 'show', `${commit}:src/test/config.sol`], { encoding: 'utf8', maxBuffer: 1 << 26 });

if (process.argv[1]?.endsWith('spellConfigFixtures.ts')) {
  const gitDir = spellsGitDir();
  if (!gitDir) throw new Error('no spells-mainnet mirror: set SPELLS_MAINNET_GIT');
  for (const short of process.argv.slice(2)) {
    const [commit, committed, subject] = execFileSync('git', [`--git-dir=${gitDir}`, 'log', '-1', '--format=%H%n%cI%n%s', short], { encoding: 'utf8' }).trim().split('\n') as [string, string, string];
    const date = /\d{4}-\d{2}-\d{2}/.exec(subject)?.[0] ?? committed.slice(0, 10);
    const fixture: SpellConfigFixture = { source: { repository: 'sky-ecosystem/spells-mainnet', path: 'src/test/config.sol', commit, committed, subject: subject.trim() }, afterState: parseSpellConfig(configAt(gitDir, commit)) };
    writeFileSync(join(SPELL_FIXTURES, `${date}-${commit.slice(0, 8)}.json`), `${JSON.stringify(fixture)}\n`);
  }
}
