import type { Address } from 'viem';
import { getJson } from '../../../upstream/clients/getJson.js';
import { upstreamMalformed } from '../../../upstream/errors.js';
import type { Upstream } from '../../../upstream/upstreams.js';
import { parseSpellConfig, type SpellAfterState } from './parseSpellConfig.js';
import { spellChanges } from './spellChanges.js';
import type { VerifiedSpellChanges } from './spellProposal.js';

/** The spells repository on the GitHub REST API (contents endpoints: keyless, 60 requests an hour per IP). */
export const SPELLS_REPO = '/repos/sky-ecosystem/spells-mainnet';

interface ContentsEntry {
  name: string;
  type: string;
}

interface ContentsFile {
  content: string;
  encoding: string;
}

/** Each archived spell is `archive/<date>-DssSpell/` with its `test/config.sol`; the spell being voted is also `src/test/config.sol` on master. */
const ARCHIVED = /^(\d{4}-\d{2}-\d{2})-DssSpell$/;

/** The spell's date, which its description starts with ("2026-05-07 MakerDAO Executive Spell | Hash: 0x…"). Pure. */
export const spellDate = (description: string): string | undefined => /^\s*(\d{4}-\d{2}-\d{2})\b/.exec(description)?.[1];

/**
 * Where a spell's after-state and the previous spell's are published, given the archive's folder
 * names: the spell's own archive folder if there is one (else master's src/test/config.sol, the spell
 * being prepared), and the newest archived spell before it. Undefined without a previous one. Pure.
 */
export function afterStatePaths(date: string, archive: readonly string[]): { after: string; before: string } | undefined {
  const dates = archive.flatMap((name) => ARCHIVED.exec(name)?.[1] ?? []).sort();
  const previous = dates.filter((day) => day < date).at(-1);
  if (!previous) return undefined;
  const config = (day: string) => `archive/${day}-DssSpell/test/config.sol`;
  return { after: dates.includes(date) ? config(date) : 'src/test/config.sol', before: config(previous) };
}

async function configAt(github: Upstream, path: string, signal: AbortSignal): Promise<SpellAfterState> {
  const file = await getJson<ContentsFile>(github, `${SPELLS_REPO}/contents/${path}`, { query: { ref: 'master' }, signal });
  if (file.encoding !== 'base64' || typeof file.content !== 'string') throw upstreamMalformed(github.id, new Error(`${path} came without base64 content`));
  try {
    return parseSpellConfig(Buffer.from(file.content, 'base64').toString('utf8'));
  } catch (error) {
    throw upstreamMalformed(github.id, error);
  }
}

/** A spell's published after-state never changes once it names the spell: found once per process. */
const found = new Map<string, VerifiedSpellChanges>();

/**
 * A spell's changes from its published after-state, diffed with the previous spell's: three GETs on
 * the GitHub API (the archive's listing, both configs), once per spell per process when found. Undefined
 * when the repository publishes no after-state naming this spell (its `deployed_spell` differs, or
 * no earlier spell is archived): the spell is then listed without changes, never with a guess.
 *
 * @throws UpstreamError when GitHub fails or answers something config.sol is not.
 */
export async function readPublishedAfterState(github: Upstream, spell: { address: Address; description: string }, signal: AbortSignal): Promise<VerifiedSpellChanges | undefined> {
  const key = spell.address.toLowerCase();
  const known = found.get(key);
  if (known) return known;
  const date = spellDate(spell.description);
  if (!date) return undefined;
  const archive = await getJson<ContentsEntry[]>(github, `${SPELLS_REPO}/contents/archive`, { query: { ref: 'master' }, signal });
  if (!Array.isArray(archive)) throw upstreamMalformed(github.id, new Error('the archive listing is not a list'));
  const paths = afterStatePaths(date, archive.filter((entry) => entry.type === 'dir').map((entry) => entry.name));
  let result: VerifiedSpellChanges | undefined;
  if (paths) {
    const [after, before] = await Promise.all([configAt(github, paths.after, signal), configAt(github, paths.before, signal)]);
    result = after.spell?.address.toLowerCase() === key ? { changes: spellChanges(before, after), path: paths.after, previous: paths.before } : undefined;
  }
  // Not published yet is asked again next build; a found one never is.
  if (result) found.set(key, result);
  return result;
}
