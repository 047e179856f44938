import type * as z from 'zod';
import type { ImpactLevel, Mechanism, ProposalStatus, View } from './enums.js';
import { type QueryName, QueryParams } from './query.js';
import { invalidInput } from './errors.js';
import { refuseMisspeltParameters } from './unknownParameters.js';
import type { ProtocolSlug } from '../modules/slugs.js';

export interface ParsedQuery {
  view: View;
  protocol?: ProtocolSlug[];
  status?: ProposalStatus[];
  mechanism?: Mechanism[];
  minImpact?: ImpactLevel;
  since?: string;
  limit: number;
  /** Where the page starts: the nextCursor of the previous page (the feed only). */
  cursor?: string;
  /** Proposals held back as spam are left out unless this is true. */
  includeSpam: boolean;
}

type Known = keyof ParsedQuery;

/** Wire decoding per parameter, before its schema validates it. */
const decode: Record<Known, (raw: string) => unknown> = {
  view: (raw) => raw,
  minImpact: (raw) => raw,
  since: (raw) => raw,
  // Only the words true and false: "1", "yes" or "" are refused, not guessed.
  includeSpam: (raw) => (raw === 'true' ? true : raw === 'false' ? false : raw),
  protocol: (raw) => raw.split(','),
  status: (raw) => raw.split(','),
  mechanism: (raw) => raw.split(','),
  // Only plain digits are an integer here: "2.5", "1e2" and "" are refused, not rounded.
  limit: (raw) => (/^\d{1,6}$/.test(raw) ? Number(raw) : raw),
  cursor: (raw) => raw,
};

const isFilter = (name: QueryName): name is Known => Object.hasOwn(decode, name);

const expected: Record<Known, string> = {
  view: `one of ${QueryParams.view.unwrap().options.join(', ')}`,
  protocol: `a comma list of ${QueryParams.protocol.element.options.join(', ')}`,
  status: `a comma list of ${QueryParams.status.element.options.join(', ')}`,
  mechanism: `a comma list of ${QueryParams.mechanism.element.options.join(', ')}`,
  minImpact: `one of ${QueryParams.minImpact.options.join(', ')}`,
  since: 'a calendar date YYYY-MM-DD',
  includeSpam: 'true or false',
  limit: 'an integer from 1 to 200',
  cursor: 'the nextCursor of the previous page, unchanged',
};

/**
 * Parses the query parameters an endpoint takes (its QUERY_PARAMETERS list); a bad value is 400 invalid_input naming the
 * parameter, the value and what is allowed, and so is a misspelling of a parameter it takes
 * (`minimpact`). Any other unknown parameter is refused before this, by the stack (knownParameters),
 * except on the page for people, which ignores it.
 */
export function parseQuery(query: Record<string, string>, accepted: readonly QueryName[]): ParsedQuery {
  refuseMisspeltParameters(query, accepted, 'this endpoint');
  const parsed: Record<string, unknown> = {};
  for (const name of accepted) {
    const raw = query[name];
    // address and name are the handler's to read (a wallet to resolve, an ens name): not query filters.
    if (raw === undefined || !isFilter(name)) continue;
    const result = (QueryParams[name] as z.ZodType).safeParse(decode[name](raw));
    if (!result.success) {
      throw invalidInput(`${name}=${JSON.stringify(raw.slice(0, 80))} is not valid: expected ${expected[name]}`);
    }
    parsed[name] = result.data;
  }
  return { view: 'full', limit: 50, includeSpam: false, ...parsed } as ParsedQuery;
}
