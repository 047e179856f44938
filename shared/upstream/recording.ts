import type { FixtureFile } from './replay/fixtureFormat.js';

/**
 * What upstreams that replay recordings (UPSTREAM=recorded) say of themselves, so that everything
 * shown from them can say it is a recording, and of when: a status read from a recording is the
 * status it had then, never now.
 */
export interface Recording {
  /**
   * Each protocol's recorded state's date (ISO), as its recordings state it (`source.stateAt`); the
   * latest where several do. A protocol missing here was recorded without a stated date.
   */
  modules: Record<string, string>;
  /** The earliest and latest stated date: what notices quote. */
  from?: string;
  to?: string;
}

/** The recording the replay server serves, from its files' `source.stateAt` and `source.module`. Pure. */
export function recordingOf(fixtures: readonly Pick<FixtureFile, 'source'>[]): Recording {
  const modules: Record<string, string> = {};
  const dates: string[] = [];
  for (const { source } of fixtures) {
    if (!source.stateAt) continue;
    dates.push(source.stateAt);
    if (source.module && !(modules[source.module] && modules[source.module]! >= source.stateAt)) modules[source.module] = source.stateAt;
  }
  dates.sort();
  return { modules, ...(dates.length > 0 && { from: dates[0], to: dates.at(-1) }) };
}

const day = (iso: string | undefined) => iso?.slice(0, 10);

/** "2022-12-26 to 2025-01-10", or one day, or undefined when no recording states a date. */
export function recordingSpan(recording: Recording): string | undefined {
  const [from, to] = [day(recording.from), day(recording.to)];
  if (!from || !to) return undefined;
  return from === to ? from : `${from} to ${to}`;
}

/** What every place that shows recorded data says after "Recorded data, not live.": what it is and of when. */
export function recordingSentence(recording: Recording): string {
  const span = recordingSpan(recording);
  return `Replayed from recordings of public upstream answers (UPSTREAM=recorded)${span ? `, of states dated ${span}` : ''}. A status is the one a proposal had when recorded, never today's.`;
}

/** The day (YYYY-MM-DD) a protocol's recorded state is from, when its recordings state it. */
export const recordedOn = (recording: Recording, protocol: string): string | undefined => day(recording.modules[protocol]);
