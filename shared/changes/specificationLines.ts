import type { ParameterName, ParameterUnit } from '../domain/parameterChange.js';
import { labelReader, type ReadLabel } from './parameterLabels.js';
import { parseTableValue } from './parseTableValue.js';

/** One change a Specification section states in a line instead of a table. */
export interface SpecificationLine {
  parameter: ParameterName;
  unit: ParameterUnit;
  from?: number;
  to: number;
  /** The line as written, for the change's evidence and for the module to find its asset and market. */
  line: string;
}

const SPECIFICATION = /^\s*#{1,4}\s*(technical\s+)?specifications?\b/i;
const VALUE = String.raw`\$?\s*\d[\d,._]*(?:\.\d+)?\s*(?:[kmb](?![a-z]))?\s*(?:%|bps)?`;
// "- Base Variable Rate: 6.25%"
const LABELLED = new RegExp(String.raw`^\s*(?:[-*+]\s+)?([A-Za-z][A-Za-z0-9 ()'’-]{1,40}?)\s*:\s*(${VALUE})\s*$`, 'i');
// "Update the Liquidation Protocol Fee from 0% to 10% for SyrupUSDC on the Base instance."
const FROM_TO = new RegExp(String.raw`^\s*(?:[-*+]\s+)?(?:(?:increase|decrease|reduce|raise|lower|set|update|adjust|change)s?\s+)?(?:the\s+)?([A-Za-z][A-Za-z0-9 -]{1,40}?)\s+from\s+(${VALUE})\s+to\s+(${VALUE})(?=[\s.,;]|$)`, 'i');

/**
 * The changes an Aave-style proposal's Specification section states in lines when it holds no table
 * ("- Base Variable Rate: 6.25%", "Update the Liquidation Protocol Fee from 0% to 10% for
 * SyrupUSDC"). Only that section is read: motivations narrate steps that earlier proposals or
 * stewards took. Labels and values are read as table cells are. Pure.
 */
export function specificationLines(markdown: string, readLabel: ReadLabel = labelReader()): SpecificationLine[] {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => SPECIFICATION.test(line));
  if (start < 0) return [];
  const level = /^\s*(#+)/.exec(lines[start]!)![1]!.length;
  const end = lines.findIndex((line, index) => index > start && new RegExp(`^\\s*#{1,${level}}\\s`).test(line));
  const section = lines.slice(start + 1, end < 0 ? undefined : end);
  if (section.some((line) => line.trim().startsWith('|'))) return [];
  return section.flatMap((line) => {
    const labelled = LABELLED.exec(line);
    const fromTo = labelled ? undefined : FROM_TO.exec(line);
    const [labelText, fromText, toText] = labelled ? [labelled[1]!, undefined, labelled[2]!] : fromTo ? [fromTo[1]!, fromTo[2]!, fromTo[3]!] : [];
    const label = labelText === undefined ? undefined : readLabel(labelText.trim());
    if (!label || toText === undefined) return [];
    const to = parseTableValue(toText, label);
    const from = fromText === undefined ? undefined : parseTableValue(fromText, label);
    if (to === undefined || from === to) return [];
    return [{ parameter: label.parameter, unit: label.unit, ...(from !== undefined && { from }), to, line: line.trim() }];
  });
}
