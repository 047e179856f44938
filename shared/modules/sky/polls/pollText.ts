import type { ParameterChange } from '../../../domain/parameterChange.js';

/** A poll's text as the community repository publishes it: front matter, then markdown. */
export interface PollText {
  title?: string;
  summary?: string;
  discussionLink?: string;
  /** The bullets of its "Review" section that state a move, as written. */
  changes: ParameterChange[];
}

/**
 * Where a poll's URL points in the community repository (`raw.githubusercontent.com/<owner>/community/<ref>/governance/polls/<file>.md`,
 * makerdao's or sky-ecosystem's), as the GitHub contents API names it; undefined for any other URL,
 * whose poll is then not listed (anyone can create a poll on the emitter; the portal shows only its own). Pure.
 */
export function pollTextLocation(url: string): { repo: string; ref: string; path: string } | undefined {
  const match = /^https:\/\/raw\.githubusercontent\.com\/(makerdao|sky-ecosystem)\/community\/([^/]+)\/(governance\/polls\/[^?#]+\.md)$/i.exec(url.trim());
  if (!match) return undefined;
  return { repo: `${match[1]!}/community`, ref: match[2]!, path: decodeURIComponent(match[3]!) };
}

const frontMatterValue = (front: string, key: string) => new RegExp(`^${key}:\\s*(.+)$`, 'm').exec(front)?.[1]?.trim().replace(/^['"]|['"]$/g, '');

const NAMES: Readonly<Record<string, { parameter: string; unit: ParameterChange['unit'] }>> = {
  'maximum debt ceiling': { parameter: 'debtCeiling', unit: 'tokens' },
  'debt ceiling': { parameter: 'debtCeiling', unit: 'tokens' },
  'stability fee': { parameter: 'stabilityFee', unit: 'bps' },
  'liquidation ratio': { parameter: 'mat', unit: 'fraction' },
};
const MULTIPLIERS: Readonly<Record<string, number>> = { thousand: 1e3, million: 1e6, billion: 1e9 };

/** "10 billion USDS" → 1e10, "5.5%" → 550 bps, "150%" → 1.5: the value in the parameter's unit, or undefined. */
function valueOf(text: string, unit: ParameterChange['unit']): number | undefined {
  const match = /^([\d,.]+)\s*(%|thousand|million|billion)?/i.exec(text.trim());
  if (!match) return undefined;
  const number = Number(match[1]!.replace(/,/g, ''));
  if (!Number.isFinite(number)) return undefined;
  const suffix = match[2]?.toLowerCase();
  if (unit === 'tokens') return suffix === '%' ? undefined : number * (suffix ? MULTIPLIERS[suffix]! : 1);
  if (suffix !== '%') return undefined;
  return unit === 'bps' ? Math.round(number * 100) : number / 100;
}

/**
 * The moves a poll's text states in the form its authors write them: a bullet "… the <ILK>
 * <Maximum Debt Ceiling | Debt Ceiling | Stability Fee | Liquidation Ratio> … from <value> to
 * **<value>**". Anything else is no change: the poll stays a signal. Each change is what the text
 * says, not what the chain holds (verified false). Pure.
 */
export function pollChanges(markdown: string, evidence: string): ParameterChange[] {
  const changes: ParameterChange[] = [];
  for (const line of markdown.split('\n')) {
    if (!/^\s*[-*]\s/.test(line)) continue;
    const plain = line.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    const match = /\b([A-Z0-9]+(?:-[A-Z0-9]+)+)\s+(maximum debt ceiling|debt ceiling|stability fee|liquidation ratio)\b.*?\bfrom\s+([^*]+?)\s+to\s+\*\*([^*]+)\*\*/i.exec(plain);
    if (!match) continue;
    const kind = NAMES[match[2]!.toLowerCase()]!;
    const from = valueOf(match[3]!, kind.unit);
    const to = valueOf(match[4]!, kind.unit);
    if (to === undefined) continue;
    changes.push({ protocol: 'sky', market: match[1]!, parameter: kind.parameter, ...(from !== undefined && { from }), to, unit: kind.unit, verified: false, evidence: `${evidence}: ${plain.replace(/^\s*[-*]\s*/, '').trim()}` });
  }
  return changes;
}

/** A poll's front matter (title, summary, discussion link) and the moves its text states. Pure. */
export function parsePollText(markdown: string, evidence: string): PollText {
  const front = /^---\n([\s\S]*?)\n---/.exec(markdown.replace(/\r\n/g, '\n'))?.[1] ?? '';
  const title = frontMatterValue(front, 'title');
  const summary = frontMatterValue(front, 'summary');
  const discussionLink = frontMatterValue(front, 'discussion_link');
  return { ...(title && { title }), ...(summary && { summary }), ...(discussionLink && { discussionLink }), changes: pollChanges(markdown, evidence) };
}
