import type { StoredFeed } from './types.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * Why a parsed body is not a stored feed (undefined when it is one): the envelope every reader relies
 * on (the build time, each source's state, a list of proposals). One proposal's fields are not
 * checked here: a bad proposal costs that proposal, never the feed, so readers hold it back one by
 * one (readFeed against the contract, the builder through sanitize/). Hand-written rather than a zod
 * schema: this runs in functions (catalog) that keep zod's runtime out of their cold start.
 *
 * @example storedFeedProblem(JSON.parse(body)) // 'proposals is not a list'
 */
export function storedFeedProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'it is not an object';
  if (!isString(value.builtAt) || Number.isNaN(Date.parse(value.builtAt))) return 'builtAt is not a date';
  if (!isObject(value.sources)) return 'sources is not an object';
  for (const [key, state] of Object.entries(value.sources)) {
    if (!isObject(state) || typeof state.ok !== 'boolean' || !isString(state.checkedAt)) return `source ${key} has no state`;
  }
  if (!Array.isArray(value.proposals)) return 'proposals is not a list';
  return undefined;
}

/** A feed body parsed and checked, or an Error saying why it is not one (never thrown: the caller heals). */
export function parseStoredFeed(body: string, name: string): StoredFeed | Error {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    // A feed is written whole, so a body that does not parse was cut short in transit (or by an S3
    // emulator that writes in place) or damaged on disk; a strict prefix of a JSON object never parses.
    return new Error(`feed ${name} is not whole JSON (${body.length} characters)`, { cause: error });
  }
  const problem = storedFeedProblem(value);
  return problem ? new Error(`feed ${name} is not a stored feed: ${problem}`) : (value as StoredFeed);
}
