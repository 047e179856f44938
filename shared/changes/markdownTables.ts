/** A pipe table of a Markdown body, with the lines written just above it. */
export interface MarkdownTable {
  header: string[];
  rows: string[][];
  /** The nearest heading above the table and the lines between it and the table, nearest last. */
  above: string[];
  /** The headings further up that enclose it ("### Prime Instance" over "**wstETH Reserve**"), back to the nearest # or ## heading, nearest last. */
  enclosing: string[];
}

const SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const HEADING = /^\s*(#{1,6}\s|\*\*[^|]*\*\*\s*:?\s*$|__[^|]*__\s*$)/;

/**
 * Markdown pipe tables: a header row, a --- separator row, then body rows. Rows may omit the outer
 * pipes (forum posts as Discourse renders them). A header row with no separator is also taken when
 * `isHeader` recognises it: some proposal texts publish "| Parameters | Current | Recommended |"
 * straight above the rows.
 */
export function tablesOf(markdown: string, isHeader: (cells: string[]) => boolean = () => false): MarkdownTable[] {
  const tables: MarkdownTable[] = [];
  const lines = markdown.split(/\r?\n/);
  let lastTableEnd = 0;
  for (let index = 0; index < lines.length - 1; index++) {
    const line = lines[index]!;
    if (!line.includes('|') || SEPARATOR.test(line)) continue;
    const separated = SEPARATOR.test(lines[index + 1]!);
    if (!separated && !(isPipeRow(line) && isPipeRow(lines[index + 1]!) && isHeader(cellsOf(line)))) continue;
    const rows: string[][] = [];
    let next = index + (separated ? 2 : 1);
    while (next < lines.length && lines[next]!.includes('|') && lines[next]!.trim() !== '') rows.push(cellsOf(lines[next++]!));
    const above = linesAbove(lines, index, lastTableEnd);
    tables.push({ header: cellsOf(line), rows, above, enclosing: enclosingHeadings(lines, index, above) });
    lastTableEnd = next;
    index = next - 1;
  }
  return tables;
}

/** The lines between the previous table (or the nearest heading) and this one, blank lines dropped. */
function linesAbove(lines: string[], tableStart: number, floor: number): string[] {
  const above: string[] = [];
  for (let index = tableStart - 1; index >= floor; index--) {
    const line = lines[index]!.trim();
    if (line === '') continue;
    above.unshift(line);
    if (HEADING.test(line)) break;
  }
  return above;
}

function enclosingHeadings(lines: string[], tableStart: number, above: string[]): string[] {
  const top = above[0];
  // Under its own # or ## heading a table is enclosed by nothing further up; past a previous table, by what encloses both.
  if (top === undefined || /^\s*#{1,2}\s/.test(top)) return [];
  let index = tableStart - 1;
  while (index >= 0 && lines[index]!.trim() !== top) index--;
  const enclosing: string[] = [];
  for (index--; index >= 0; index--) {
    const line = lines[index]!.trim();
    if (!HEADING.test(line)) continue;
    enclosing.unshift(line);
    if (/^#{1,2}\s/.test(line)) break;
  }
  return enclosing;
}

export const isHeadingLine = (line: string) => HEADING.test(line);
const isPipeRow = (line: string) => line.trim().startsWith('|');
// Emphasis is dropped: risk stewards bold their headers and cells ("| **Parameter** | Current |").
const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.replace(/\\\|/g, '|').replace(/\*\*|__/g, '').trim());
