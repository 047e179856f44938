import { invalidInput } from '../../contract/errors.js';
import type { HttpEvent } from './types.js';

export const methodOf = (event: HttpEvent): string => event.requestContext?.http?.method?.toUpperCase() ?? 'GET';

/**
 * A request header by case-insensitive name (API Gateway v2 lower-cases them; tests may not).
 * Looked up by its lower-case name first; only a miss compares names, and only those of its length.
 */
export function headerOf(event: HttpEvent, name: string): string | undefined {
  const headers = event.headers;
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  if (Object.hasOwn(headers, wanted)) return headers[wanted];
  for (const key in headers) if (key.length === wanted.length && key.toLowerCase() === wanted && Object.hasOwn(headers, key)) return headers[key];
  return undefined;
}

/**
 * A path parameter, decoded once. API Gateway hands over the raw segment for greedy and plain
 * parameters alike; a malformed %-escape is the caller's mistake, not a server fault.
 */
export function pathParameter(event: HttpEvent, name: string): string {
  const raw = event.pathParameters?.[name] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    throw invalidInput(`path parameter ${name} is not valid percent-encoding: ${JSON.stringify(raw.slice(0, 80))}`);
  }
}

/** Query parameters; API Gateway v2 already joins a repeated key's values with commas. */
export const queryOf = (event: HttpEvent): Record<string, string> =>
  Object.fromEntries(Object.entries(event.queryStringParameters ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
