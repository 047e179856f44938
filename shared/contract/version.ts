/**
 * The version this codebase serves, and the values of `api-version` that pin a served line.
 * Pre-1.0 a line is `major.minor` (contract, Versioning §3); decisions.md: `0.1` and `0.1.0`
 * select the current line and anything else, malformed values included, is unsupported.
 */
export const API_VERSION = '0.1.0';

export const SERVED_VERSION_LINES = ['0.1'] as const;

export const SERVICE_NAME = 'govex';

const ACCEPTED_PINS: ReadonlySet<string> = new Set(['0.1', '0.1.0']);

/** Whether a pinned `api-version` value selects a line this deployment serves. */
export function isServedVersion(pinned: string): boolean {
  return ACCEPTED_PINS.has(pinned.trim());
}
