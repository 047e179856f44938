import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * What RFC 4287 asks of a feed and its entries, checked on the parsed XML (a test helper, not a
 * test): well-formed XML; atom:feed with exactly one id, title and updated, an author (on the feed,
 * or on every entry), and a self link; each entry with exactly one id, title and updated and an
 * alternate link (it has content too, §4.1.1.1); ids absolute IRIs, unique; dates RFC 3339 (§3.3).
 * Returns what it broke, empty for a valid feed.
 */
export function atomViolations(xml: string): string[] {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return [`not well-formed XML: ${wellFormed.err.msg} (line ${wellFormed.err.line})`];
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['entry', 'link', 'author', 'id', 'title', 'updated', 'category'].includes(name) }).parse(xml) as Record<string, Node>;
  const feed = parsed.feed;
  if (!feed) return ['no atom:feed root'];
  const problems: string[] = [];
  if (feed['@xmlns'] !== 'http://www.w3.org/2005/Atom') problems.push('feed not in the Atom namespace');
  const once = (node: Node, name: string, where: string) => {
    const found = node[name] as unknown[] | undefined;
    if (found?.length !== 1) problems.push(`${where} has ${found?.length ?? 0} ${name}, not exactly one`);
  };
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
  const text = (value: unknown) => (typeof value === 'object' && value !== null ? String((value as Node)['#text'] ?? '') : String(value ?? ''));
  const checkCommon = (node: Node, where: string) => {
    for (const name of ['id', 'title', 'updated']) once(node, name, where);
    const id = text((node.id as unknown[] | undefined)?.[0]);
    if (!/^[a-z][a-z0-9+.-]*:/i.test(id)) problems.push(`${where} id ${id} is not an absolute IRI`);
    const updated = text((node.updated as unknown[] | undefined)?.[0]);
    if (!rfc3339.test(updated)) problems.push(`${where} updated ${updated} is not an RFC 3339 date-time`);
    return id;
  };
  checkCommon(feed, 'feed');
  const links = (node: Node) => (node.link as Node[] | undefined) ?? [];
  if (!links(feed).some((link) => link['@rel'] === 'self')) problems.push('feed has no self link');
  const entries = (feed.entry as Node[] | undefined) ?? [];
  const ids = new Set<string>();
  entries.forEach((entry, index) => {
    const id = checkCommon(entry, `entry ${index}`);
    if (ids.has(id)) problems.push(`entry ${index} repeats id ${id}`);
    ids.add(id);
    if (!links(entry).some((link) => (link['@rel'] ?? 'alternate') === 'alternate' && /^https?:\/\//.test(String(link['@href'])))) problems.push(`entry ${index} has no absolute alternate link`);
    if (!feed.author && !entry.author) problems.push(`entry ${index} has no author and neither has the feed`);
  });
  return problems;
}

type Node = Record<string, unknown>;
