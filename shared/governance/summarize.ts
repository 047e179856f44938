/** The longest summary a source stores; the compact view cuts further (about 280 characters). */
const SUMMARY_LIMIT = 600;

/**
 * A proposal's summary from its markdown body: the first paragraph that is prose (not a heading,
 * table, list of links, front matter or image), markdown links and emphasis reduced to their text,
 * whitespace collapsed. Falls back to the title when the body has no prose. Pure.
 *
 * @example summarize('# AIP-1\n\n## Simple Summary\n\nRaise the LTV of WETH.', 'AIP-1') // 'Raise the LTV of WETH.'
 */
export function summarize(body: string, title: string): string {
  const withoutFrontMatter = body.replace(/^---\n[\s\S]*?\n---\n/, '');
  const paragraphs = withoutFrontMatter.split(/\n\s*\n/).map((paragraph) => paragraph.trim());
  const prose = paragraphs.find((paragraph) => isProse(paragraph) && plain(paragraph) !== plain(title));
  const text = plain(prose ?? title);
  if (text.length <= SUMMARY_LIMIT) return text;
  const cut = text.slice(0, SUMMARY_LIMIT - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SUMMARY_LIMIT * 0.8)).trimEnd()}…`;
}

const isProse = (paragraph: string): boolean =>
  paragraph.length > 0 &&
  !/^(#{1,6}\s|\||<|!\[|```|[-*_]{3,}$)/.test(paragraph) &&
  // A line like "Title: …" or "Author: …" block is metadata, not prose.
  !/^([A-Za-z ]{2,20}):\s/.test(paragraph.split('\n')[0]!) &&
  plain(paragraph).length >= 20;

/** Markdown reduced to plain text on one line. */
const plain = (markdown: string): string =>
  markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*\*|__|\*|_|`)(.*?)\1/g, '$2')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
