/**
 * An identifier as lower-case words, the last resort of every name lookup, so no identifier
 * reaches a person: `lending-v2` → "lending v2", `supplyApr` → "supply apr". Pure.
 */
export const wordsOf = (identifier: string): string =>
  identifier
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** The text with its first letter upper case: a sentence's or a name's start. Pure. */
export const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
