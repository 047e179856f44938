import { type ApiError, invalidInput } from './errors.js';

/**
 * Unknown query parameters are refused (issue 19; decisions.md said they were ignored): a filter
 * spelt `minimpact` used to be dropped without a word, and the caller read an unfiltered answer as
 * a filtered one. Kept free of zod and the registry, so the light functions can call it on their
 * cold path.
 */

/**
 * The taken name a caller most likely meant by `name`: the same name in another case, or one a
 * letter or two off (one for names under six letters, where two would match unrelated words).
 */
export function meantName(name: string, taken: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const candidate of taken) {
    if (candidate === name) return undefined;
    const distance = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
    const allowed = Math.min(name.length, candidate.length) < 6 ? 1 : 2;
    if (distance <= allowed && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/**
 * 400 invalid_input for the first query parameter `taken` does not list, naming it, the name it
 * most likely meant and every name the endpoint takes.
 *
 * @example refuseUnknownParameters({ minimpact: 'high' }, ['address', 'minImpact'], 'GET /api/proposals') // throws: … did you mean minImpact?
 */
export function refuseUnknownParameters(query: Readonly<Record<string, string>>, taken: readonly string[], endpoint: string): void {
  for (const name in query) if (!taken.includes(name)) throw unknownParameter(name, taken, endpoint);
}

/**
 * 400 invalid_input only for a parameter that is a misspelling of a taken one (`minimpact` for
 * `minImpact`): for the page people open, whose shared links gain `utm_source` and the like, which
 * must not break it, while a misspelt filter must not be dropped without a word.
 */
export function refuseMisspeltParameters(query: Readonly<Record<string, string>>, taken: readonly string[], endpoint: string): void {
  for (const name in query) if (!taken.includes(name) && meantName(name, taken)) throw unknownParameter(name, taken, endpoint);
}

export type UnknownParameterErrorType = ApiError;

function unknownParameter(name: string, taken: readonly string[], endpoint: string): ApiError {
  const meant = meantName(name, taken);
  const shown = JSON.stringify(name.slice(0, 40));
  const suggestion = meant ? `: did you mean ${meant}? (names are case-sensitive)` : '';
  const list = taken.length > 0 ? `${endpoint} takes ${taken.join(', ')}` : `${endpoint} takes no query parameters`;
  return invalidInput(`unknown query parameter ${shown}${suggestion}; ${list}`);
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours each cost 1. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return Infinity;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}
