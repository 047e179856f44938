/**
 * The text rules of iCalendar (RFC 5545 §3.1, §3.3.11): TEXT values escape backslash, semicolon and
 * comma and write a line break as \n; content lines end in CRLF and fold at 75 octets, each
 * continuation line starting with one space. Folding counts UTF-8 octets and never splits a character.
 */

/** Control characters other than the line breaks (which become \n) have no place in a TEXT value. */
const CONTROLS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/g;

/** A TEXT value (RFC 5545 §3.3.11), escaped. */
export const icsText = (value: string): string =>
  value.replace(CONTROLS, '').replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');

const MAX_OCTETS = 75;

/** One content line, folded (RFC 5545 §3.1), without its CRLF. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      // The continuation's leading space is one of its 75 octets.
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** Content lines as an iCalendar object: each folded, each ending in CRLF. */
export const icsLines = (lines: readonly string[]): string => lines.map((line) => `${foldLine(line)}\r\n`).join('');

/** A UTC DATE-TIME value (RFC 5545 §3.3.5, form #2): 20261201T000000Z. */
export const icsDateTime = (iso: string): string => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
