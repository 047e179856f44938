import { encodeAbiParameters, getAddress, type Hex, pad, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { decodePauseNote, PAUSE_NOTE_TOPICS, pausedSpells } from '../../../shared/modules/sky/spells/pauseNotes.js';

/*
 * DSPause's noted plot, exec and drop (ds-note LogNote, anonymous: sig, guy, foo, bar indexed),
 * SYNTHETIC logs encoded here: the spells they name, cast or dropped.
 */
const SPELL = getAddress('0x5000000000000000000000000000000000000001');
const OTHER = getAddress('0x5000000000000000000000000000000000000002');
const ACTION = getAddress('0xa000000000000000000000000000000000000001');
const TAG = `0x${'71'.repeat(32)}` as Hex;
const note = (kind: keyof typeof PAUSE_NOTE_TOPICS, guy: string, block: bigint, action = ACTION, tag = TAG) => ({ topics: [PAUSE_NOTE_TOPICS[kind], pad(guy.toLowerCase() as Hex), pad(action.toLowerCase() as Hex), tag], blockNumber: block, logIndex: 0, data: encodeAbiParameters([{ type: 'uint256' }], [0n]) });

describe('DSPause notes', () => {
  it('topic 0 is the selector of plot, exec and drop, padded on the right as an indexed bytes4', () => {
    expect(PAUSE_NOTE_TOPICS.plot).toBe(`${toFunctionSelector('plot(address,bytes32,bytes,uint256)')}${'0'.repeat(56)}`);
    expect(PAUSE_NOTE_TOPICS.exec.slice(0, 10)).toBe(toFunctionSelector('exec(address,bytes32,bytes,uint256)'));
  });

  it('decode the caller, the action and the tag; any other note (setDelay) is none of them', () => {
    expect(decodePauseNote(note('plot', SPELL, 10n))).toEqual({ kind: 'plot', guy: SPELL, usr: ACTION, tag: TAG, blockNumber: 10n, logIndex: 0 });
    expect(decodePauseNote({ ...note('plot', SPELL, 10n), topics: [pad(toFunctionSelector('setDelay(uint256)'), { dir: 'right', size: 32 }), pad(SPELL.toLowerCase() as Hex)] })).toBeUndefined();
  });

  it('a plot then an exec is one spell, cast at the exec’s block; newest first', () => {
    const notes = [note('plot', SPELL, 10n), note('exec', SPELL, 20n), note('plot', OTHER, 15n, getAddress('0xa000000000000000000000000000000000000002'))].map((log) => decodePauseNote(log)!);
    expect(pausedSpells(notes)).toEqual([
      { spell: SPELL, castBlock: 20n, dropped: false, lastBlock: 20n },
      { spell: OTHER, dropped: false, lastBlock: 15n },
    ]);
  });

  it('an exec called by someone else is the plotting spell’s, by its plan; a drop of a plan marks its spell dropped', () => {
    const keeper = getAddress('0x6000000000000000000000000000000000000001');
    expect(pausedSpells([note('plot', SPELL, 10n), note('exec', keeper, 20n)].map((log) => decodePauseNote(log)!))).toEqual([{ spell: SPELL, castBlock: 20n, dropped: false, lastBlock: 20n }]);
    expect(pausedSpells([note('plot', SPELL, 10n), note('drop', keeper, 12n)].map((log) => decodePauseNote(log)!))).toEqual([{ spell: SPELL, dropped: true, lastBlock: 12n }]);
  });

  it('an exec whose plot is older than the window names its caller, a spell casting itself; a lone drop names no one', () => {
    expect(pausedSpells([note('exec', SPELL, 20n), note('drop', OTHER, 21n, getAddress('0xa000000000000000000000000000000000000009'))].map((log) => decodePauseNote(log)!))).toEqual([{ spell: SPELL, castBlock: 20n, dropped: false, lastBlock: 20n }]);
  });
});
