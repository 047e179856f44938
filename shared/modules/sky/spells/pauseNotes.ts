import { type Address, getAddress, type Hex, pad, toFunctionSelector } from 'viem';

/*
 * DSPause's plot, exec and drop carry ds-note's `note` modifier (dapphub/ds-note src/note.sol
 * @HEAD, ds-pause src/pause.sol), which emits after the call
 * `LogNote(bytes4 indexed sig, address indexed guy, bytes32 indexed foo, bytes32 indexed bar, uint wad, bytes fax) anonymous`:
 * topic 0 the function's selector (left-aligned), topic 1 the caller, topics 2 and 3 the first two
 * words of the calldata, here `usr` (the spell's action) and `tag` (its code hash). A DssExec spell
 * is the caller of its own plot (schedule()) and exec (cast()): makerdao/dss-exec-lib src/DssExec.sol.
 */
const SIGNATURES = {
  plot: 'plot(address,bytes32,bytes,uint256)',
  exec: 'exec(address,bytes32,bytes,uint256)',
  drop: 'drop(address,bytes32,bytes,uint256)',
} as const;

export type PauseNoteKind = keyof typeof SIGNATURES;

/** Each note's topic 0: the selector padded on the right to 32 bytes, as an indexed bytes4 is. */
export const PAUSE_NOTE_TOPICS = Object.fromEntries(Object.entries(SIGNATURES).map(([kind, signature]) => [kind, pad(toFunctionSelector(signature), { dir: 'right', size: 32 })])) as Record<PauseNoteKind, Hex>;

export interface PauseNote {
  kind: PauseNoteKind;
  /** The caller: the spell for its own schedule() and cast(). */
  guy: Address;
  /** The plan's action (`usr`) and code hash (`tag`): they name one spell's plan. */
  usr: Address;
  tag: Hex;
  blockNumber: bigint;
  logIndex: number;
}

const addressOf = (topic: Hex): Address => getAddress(`0x${topic.slice(26)}`);

/** A DSPause log as a plot, exec or drop note; undefined for any other (setDelay, the auth notes). Pure. */
export function decodePauseNote(log: { topics: readonly Hex[]; blockNumber: bigint; logIndex: number }): PauseNote | undefined {
  const [sig, guy, usr, tag] = log.topics;
  const kind = (Object.keys(PAUSE_NOTE_TOPICS) as PauseNoteKind[]).find((name) => PAUSE_NOTE_TOPICS[name].toLowerCase() === sig?.toLowerCase());
  if (!kind || !guy || !usr || !tag) return undefined;
  return { kind, guy: addressOf(guy), usr: addressOf(usr), tag, blockNumber: log.blockNumber, logIndex: log.logIndex };
}

/** A spell seen in the pause's notes: cast in the window (its exec's block), or its plan dropped. */
export interface PausedSpell {
  spell: Address;
  castBlock?: bigint;
  dropped: boolean;
  /** The block of its latest note, to list the newest first. */
  lastBlock: bigint;
}

/**
 * The spells behind the notes, newest first: a plot names its spell (the caller); an exec or a drop
 * names a plan (usr, tag), which is the plotting spell's, or for an exec whose plot is older than
 * the window, its caller (a spell casts itself). A drop of a plan not plotted in the window is
 * left out (nothing says whose it was). Pure.
 */
export function pausedSpells(notes: readonly PauseNote[]): PausedSpell[] {
  const ordered = [...notes].sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));
  const planOwner = new Map<string, Address>();
  const spells = new Map<string, PausedSpell>();
  const seen = (spell: Address, block: bigint) => {
    const key = spell.toLowerCase();
    const known = spells.get(key) ?? { spell, dropped: false, lastBlock: block };
    known.lastBlock = block;
    spells.set(key, known);
    return known;
  };
  for (const note of ordered) {
    const plan = `${note.usr.toLowerCase()}:${note.tag.toLowerCase()}`;
    if (note.kind === 'plot') {
      planOwner.set(plan, note.guy);
      seen(note.guy, note.blockNumber);
    } else if (note.kind === 'exec') {
      seen(planOwner.get(plan) ?? note.guy, note.blockNumber).castBlock = note.blockNumber;
    } else {
      const owner = planOwner.get(plan);
      if (owner) seen(owner, note.blockNumber).dropped = true;
    }
  }
  return [...spells.values()].sort((a, b) => (a.lastBlock === b.lastBlock ? 0 : a.lastBlock > b.lastBlock ? -1 : 1));
}
