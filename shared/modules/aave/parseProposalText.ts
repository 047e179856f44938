import type { ProposalText } from './types.js';

const KEYS = ['title', 'author', 'discussions', 'snapshot'] as const;

/**
 * Reads an Aave proposal text as IPFS serves it. Since aave-cli's `ipfs` command, the file is the
 * proposal's Markdown with a YAML front matter (`title`, `author`, `discussions`, optional
 * `snapshot`, `date`); older texts were JSON documents with the same keys and `description`
 * (aave/aip-uploader). The Aave UI reads both. Returns undefined when the text is neither. Pure.
 *
 * @example parseProposalText('---\ntitle: "X"\n---\n\n## Simple Summary') // { title: 'X', description: '\n## Simple Summary' }
 */
export function parseProposalText(text: string): ProposalText | undefined {
  if (text.trimStart().startsWith('{')) return fromJson(text);
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return undefined;
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const pair = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (pair) fields[pair[1]!] = unquote(pair[2]!.trim());
  }
  return { ...pick(fields), description: match[2]! };
}

function fromJson(text: string): ProposalText | undefined {
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    if (!json || typeof json !== 'object' || typeof json.description !== 'string') return undefined;
    const strings = Object.fromEntries(Object.entries(json).filter(([, value]) => typeof value === 'string')) as Record<string, string>;
    return { ...pick(strings), description: json.description };
  } catch {
    return undefined;
  }
}

const pick = (fields: Record<string, string>): Omit<ProposalText, 'description'> =>
  Object.fromEntries(KEYS.filter((key) => fields[key]).map((key) => [key, fields[key]]));

/** YAML scalars as aave-cli writes them: double- or single-quoted, or plain. */
function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    try {
      return JSON.parse(value) as string;
    } catch {
      return value.slice(1, -1);
    }
  }
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replace(/''/g, "'");
  return value;
}
