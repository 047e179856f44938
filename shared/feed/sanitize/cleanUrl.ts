import { SourceLink } from '../../contract/common.js';
import { isHttpUrl } from '../../governance/isHttpUrl.js';
import { TEXT_LIMITS } from './limits.js';

/**
 * A URL the feed may serve: http(s) only (a `javascript:`, `data:` or `vbscript:` link in the JSON
 * is a trap for every client that renders it), no longer than TEXT_LIMITS.url, and one the
 * contract's SourceLink accepts. Undefined otherwise. Pure.
 *
 * @example cleanUrl('javascript:alert(1)') // undefined
 */
export function cleanUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > TEXT_LIMITS.url) return undefined;
  if (!isHttpUrl(value)) return undefined;
  return SourceLink.shape.url.safeParse(value).success ? value : undefined;
}
