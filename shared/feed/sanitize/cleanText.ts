/**
 * Control characters that have no place in text a page or a client shows: C0 (but tab and line
 * feed), DEL and C1. NUL in particular ends strings in C clients and some terminals.
 */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
const LINE_BREAKS = /[\t\n]/g;
/** A surrogate without its pair: not a character, and invalid UTF-8 once encoded. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Whether a text may need any of the replacements: most bodies have none, and are then only measured. */
const SUSPECT = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/;

export interface CleanTextOptions {
  /** Keep line breaks and tabs (a body); else each becomes a space (a title, a label). */
  multiline?: boolean;
}

/**
 * A source's text as the feed stores it: a string, without control characters, lone surrogates
 * replaced by U+FFFD, cut at `max` on a code point with an ellipsis. Undefined for a value that is
 * not a string (a wrong type is dropped, never coerced into words nobody wrote). Carriage returns
 * go with the other controls: a body keeps its line feeds. Pure.
 *
 * @example cleanText('Raise\u0000 LTV', 300) // 'Raise LTV'
 */
export function cleanText(value: unknown, max: number, options: CleanTextOptions = {}): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!SUSPECT.test(value)) return cut(value, max);
  let text = value.replace(LONE_SURROGATE, '\uFFFD').replace(CONTROL, '');
  if (!options.multiline) text = text.replace(LINE_BREAKS, ' ');
  return cut(text, max);
}

/** The text cut to at most `max` code units, never inside a surrogate pair, with an ellipsis when cut. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end -= 1;
  return `${text.slice(0, end)}…`;
}
