import type { FeedProposal, SpamVerdict } from '../../domain/proposal.js';
import { PHISHING_DOMAINS_TEXT } from './phishingDomains.js';
import { PHISHING_LINK_RULE } from './phishingLinkRule.js';

/** Host entries, and host/path prefixes for the few entries that name a path (one site of a host). */
const { hosts, prefixes } = parseList(PHISHING_DOMAINS_TEXT);

function parseList(text: string): { hosts: Set<string>; prefixes: string[] } {
  const hosts = new Set<string>();
  const prefixes: string[] = [];
  for (const entry of text.split('\n')) {
    if (!entry) continue;
    const url = toUrl(entry);
    if (!url) continue;
    if (url.pathname.length > 1) prefixes.push(`${url.hostname}${url.pathname}`);
    else hosts.add(url.hostname);
  }
  return { hosts, prefixes };
}

/** A URL from a link or a bare host; the WHATWG parser lower-cases and punycodes the host. */
function toUrl(text: string): URL | undefined {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The blocked entry a URL meets: its host or a parent domain (as Keplr checks), or a listed host/path prefix. Pure. */
export function blockedEntry(link: string): string | undefined {
  const url = toUrl(link);
  if (!url) return undefined;
  const host = url.hostname.replace(/^www\./, '').replace(/\.$/, '');
  const labels = host.split('.');
  // Parent domains down to the registrable two labels: `a.evil.at` is blocked by `evil.at`, never by `at`.
  for (let start = 0; start <= labels.length - 2; start += 1) {
    const candidate = labels.slice(start).join('.');
    if (hosts.has(candidate)) return candidate;
  }
  const hostPath = `${host}${url.pathname}`.toLowerCase();
  return prefixes.find((prefix) => hostPath === prefix || hostPath.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
}

/**
 * Links and bare hosts in free text: `https://…` URLs and `www.…`/`name.tld` words, the forms
 * phishing proposals use ("visit www.TerraPro.at"). Over-collecting is harmless: only a listed host matters.
 */
export function linksIn(text: string): string[] {
  const urls = text.match(/\bhttps?:\/\/[^\s<>()[\]"'`]+/gi) ?? [];
  const hosts = text.match(/\b(?:[a-z0-9-]+\.)+[a-z]{2,24}\b/gi) ?? [];
  return [...new Set([...urls, ...hosts])];
}

/** The verdict of the link rule: the first link of the title, body or source links on the block list. Pure. */
export function phishingLinkVerdict(proposal: Pick<FeedProposal, 'title' | 'description' | 'sourceLinks' | 'snapshotUrl' | 'discussionUrl'>): SpamVerdict | undefined {
  const links = [
    ...linksIn(proposal.title),
    ...linksIn(proposal.description),
    ...(proposal.sourceLinks ?? []).map((link) => link.url),
    ...[proposal.snapshotUrl, proposal.discussionUrl].filter((url): url is string => url !== undefined),
  ];
  for (const link of links) {
    const entry = blockedEntry(link);
    if (entry) return { rule: PHISHING_LINK_RULE.id, reason: `links to ${entry}, a known phishing site` };
  }
  return undefined;
}
