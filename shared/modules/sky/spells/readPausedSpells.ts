import { type Address, type Hex, numberToHex, type PublicClient } from 'viem';
import { MULTICALL3, multicall3Abi } from '../../../upstream/clients/ethereumReader.js';
import { UpstreamError, upstreamMalformed } from '../../../upstream/errors.js';
import { logWindows } from '../readSpBeamSets.js';
import { SKY_GOVERNANCE } from './deployment.js';
import { decodePauseNote, PAUSE_NOTE_TOPICS, type PausedSpell, pausedSpells } from './pauseNotes.js';
import { type HatSpellRead, readSpellViews } from './readHatSpell.js';

/** At most this many spells besides the hat are listed (each costs four views and, until found, three GitHub reads). */
export const MAX_OTHER_SPELLS = 4;

/** A spell seen in the pause besides the hat: its views, and what the notes add (the cast's block time, a dropped plan). */
export interface PausedSpellRead extends HatSpellRead {
  castAt?: number;
  dropped: boolean;
}

/**
 * The spells the pause saw in the last 30 days besides the hat (plotted and waiting, cast, or
 * dropped), and what it saw of the hat (its cast's time, a dropped plan). Its plot, exec and drop notes over the same windows as SP-BEAM's sets (one eth_getLogs
 * per window with the three topics), then each spell's views and each cast's block header. A spell
 * that answers no DssExec views (an exec called by another contract) is left out; any other failure
 * fails the source (the feed keeps its last good items).
 *
 * @throws UpstreamError
 */
export async function readPausedSpells(client: PublicClient, hat: Pick<HatSpellRead, 'spell' | 'delaySeconds' | 'blockTime'>): Promise<{ others: PausedSpellRead[]; hat: { castAt?: number; dropped: boolean } }> {
  const head = await client.readContract({ address: MULTICALL3, abi: multicall3Abi, functionName: 'getBlockNumber' });
  const topics = [[PAUSE_NOTE_TOPICS.plot, PAUSE_NOTE_TOPICS.exec, PAUSE_NOTE_TOPICS.drop]];
  const windows = await Promise.all(
    logWindows(head).map(([fromBlock, toBlock]) =>
      client.request({ method: 'eth_getLogs', params: [{ address: SKY_GOVERNANCE.pause, topics, fromBlock: numberToHex(fromBlock), toBlock: numberToHex(toBlock) }] }),
    ),
  );
  const notes = (windows.flat() as { topics: Hex[]; blockNumber: Hex | null; logIndex: Hex | null }[]).flatMap((log) => {
    if (!log.blockNumber || !Array.isArray(log.topics)) throw upstreamMalformed('ethereum', new Error('a DSPause log came without its block or topics'));
    return decodePauseNote({ topics: log.topics, blockNumber: BigInt(log.blockNumber), logIndex: Number(log.logIndex ?? 0) }) ?? [];
  });
  const seen = pausedSpells(notes);
  const isHat = (entry: PausedSpell) => entry.spell.toLowerCase() === hat.spell.toLowerCase();
  const others = seen.filter((entry) => !isHat(entry)).slice(0, MAX_OTHER_SPELLS);
  const hatSeen = seen.find(isHat);
  const [reads, hatCastAt] = await Promise.all([Promise.all(others.map((entry) => readOne(client, entry, hat))), hatSeen?.castBlock === undefined ? undefined : blockTime(client, hatSeen.castBlock)]);
  return {
    others: reads.filter((read): read is PausedSpellRead => read !== undefined),
    // The hat's own notes in the window: its cast's time where it was cast here, or its plan dropped.
    hat: { ...(hatCastAt !== undefined && { castAt: hatCastAt }), dropped: hatSeen?.dropped ?? false },
  };
}

async function readOne(client: PublicClient, seen: PausedSpell, hat: Pick<HatSpellRead, 'delaySeconds' | 'blockTime'>): Promise<PausedSpellRead | undefined> {
  try {
    const [views, castAt] = await Promise.all([readSpellViews(client, seen.spell), seen.castBlock === undefined ? undefined : blockTime(client, seen.castBlock)]);
    return { spell: seen.spell as Address, delaySeconds: hat.delaySeconds, blockTime: hat.blockTime, ...views, ...(castAt !== undefined && { castAt }), dropped: seen.dropped };
  } catch (error) {
    if (error instanceof UpstreamError && error.code === 'upstream_malformed' && /is not a DssExec spell/.test(error.message)) return undefined;
    throw error;
  }
}

async function blockTime(client: PublicClient, block: bigint): Promise<number> {
  const header = (await client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(block), false] })) as { timestamp?: Hex } | null;
  if (!header?.timestamp) throw upstreamMalformed('ethereum', new Error(`no header for block ${block}`));
  return Number(BigInt(header.timestamp));
}
