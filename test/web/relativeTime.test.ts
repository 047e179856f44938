import { describe, expect, it } from 'vitest';
import { recordingOf, recordingSpan } from '../../shared/upstream/recording.js';
import { relativeTime } from '../../web/format.js';

const AS_OF = '2026-11-22T12:00:00Z';
const at = (ms: number) => new Date(Date.parse(AS_OF) + ms).toISOString();

describe('relativeTime', () => {
  it.each([
    [at(4 * 86_400_000 + 4 * 3_600_000), 'in 4\u00a0days'],
    [at(-46 * 86_400_000), '46\u00a0days ago'],
    [at(47 * 3_600_000), 'in 47\u00a0hours'],
    [at(-2 * 3_600_000), '2\u00a0hours ago'],
    [at(90 * 60_000), 'in 90\u00a0minutes'],
    [at(-60_000), '1\u00a0minute ago'],
    [at(30_000), 'within the minute'],
  ])('says %s as "%s"', (iso, words) => {
    expect(relativeTime(iso, AS_OF)).toBe(words);
  });

  it('says nothing of a text that is not a date', () => {
    expect(relativeTime('soon', AS_OF)).toBe('');
    expect(relativeTime(undefined, AS_OF)).toBe('');
  });
});

describe('recordingOf', () => {
  const source = (stateAt?: string, module?: string) => ({ source: { kind: 'encoded' as const, references: ['test'], ...(stateAt && { stateAt }), ...(module && { module }) } });

  it('keeps each module’s latest stated date and the span of every stated date, ignoring files that state none', () => {
    const recording = recordingOf([source('2024-07-02T00:00:00Z', 'b'), source('2022-12-26T23:04:23Z', 'a'), source('2023-01-05T00:00:00Z', 'a'), source(), source('2025-01-10T00:00:00Z')]);
    expect(recording).toEqual({ modules: { a: '2023-01-05T00:00:00Z', b: '2024-07-02T00:00:00Z' }, from: '2022-12-26T23:04:23Z', to: '2025-01-10T00:00:00Z' });
    expect(recordingSpan(recording)).toBe('2022-12-26 to 2025-01-10');
  });

  it('states no span when no file states a date', () => {
    const recording = recordingOf([source()]);
    expect(recording).toEqual({ modules: {} });
    expect(recordingSpan(recording)).toBeUndefined();
  });
});
