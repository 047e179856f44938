import type { ChangeType } from '../../contract/enums.js';
import { tableChanges } from '../../changes/tableChanges.js';
import type { ParameterChange } from '../../domain/parameterChange.js';

/*
 * Payload actions are `delegatecall execute()` on a payload contract (sources.md §2): the calldata
 * says nothing about which parameter moves, so this source reads the body's tables (verified:
 * false) and recognises changes of shape by the proposal's title or its payloads' names (the
 * body's "Implementation" links, e.g. AaveV2Ethereum_AaveV2DeprecationUpdate_20250925.sol).
 */

const SHAPES: { pattern: RegExp; to: string }[] = [
  { pattern: /\bdeprecat/i, to: 'deprecated' },
  { pattern: /\boffboard/i, to: 'offboarded' },
  { pattern: /\bfr(ee|o)z/i, to: 'frozen' },
  { pattern: /\bdelist/i, to: 'delisted' },
  { pattern: /\bmigrat/i, to: 'migrated' },
  // "Onboard X to Aave …" lists an asset; "Onboard X to the … Oracle" does not.
  { pattern: /\basset listing\b|\bonboard\b.*\bto (the )?aave\b/i, to: 'listed' },
];

/** ParameterChanges of a proposal from its title and Markdown body, and its changeType. Pure. */
export function changesOf(title: string, description: string): { changes: ParameterChange[]; changeType?: ChangeType } {
  const named = [{ evidence: `title: ${title}`, words: title }, ...payloadNamesOf(description).map((name) => ({ evidence: `payload: ${name}`, words: wordsOf(name) }))];
  const found = named.flatMap(({ evidence, words }) => {
    const shape = SHAPES.find(({ pattern }) => pattern.test(words));
    return shape ? [{ evidence, to: shape.to, market: marketOfPayload(evidence) }] : [];
  })[0];
  const listing: ParameterChange[] = found
    ? [{ protocol: 'aave', ...(found.market && { market: found.market }), parameter: 'listing', to: found.to, unit: 'state', evidence: found.evidence, verified: false }]
    : [];
  const tables = tableChanges(description, { protocol: 'aave', where: 'body', marketOf });
  const changes = [...listing, ...tables];
  const changeType: ChangeType | undefined = listing.length > 0 ? 'shape' : tables.length > 0 ? 'parameter' : undefined;
  return { changes, ...(changeType && { changeType }) };
}

/** "payload: AaveV2Ethereum_AaveV2DeprecationUpdate_20250925" → "aave-v2-ethereum": the market the payload runs on. */
function marketOfPayload(evidence: string): string | undefined {
  const match = /^payload: AaveV(\d)([A-Z][A-Za-z]*)_/.exec(evidence);
  return match ? `aave-v${match[1]}-${match[2]!.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}` : undefined;
}

/** Payload contract names linked from the body (`/Name.sol`; tests end in .t.sol and do not match). */
const payloadNamesOf = (markdown: string): string[] => [
  ...new Set([...markdown.matchAll(/\/([A-Za-z0-9_]+)\.sol\b/g)].map((match) => match[1]!)),
];

/** "AaveV2Ethereum_FullDeprecationOfDPI_20250925" → "Aave V2 Ethereum Full Deprecation Of DPI 20250925". */
const wordsOf = (name: string): string => name.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2');

/**
 * The market a table row names ("Ethereum v2", "Polygon", "Core"), as the exposure side names
 * markets (`aave-v3-ethereum`); undefined when the row names none.
 */
function marketOf(context: Record<string, string>): string | undefined {
  const named = context.market ?? context.network ?? context.chain ?? context.instance ?? context.deployment;
  if (!named) return undefined;
  const words = named.toLowerCase().replace(/[^a-z0-9 ]/g, ' ').split(/\s+/).filter(Boolean);
  const version = words.find((word) => /^v[1-4]$/.test(word)) ?? 'v3';
  const chain = words.filter((word) => !/^v[1-4]$/.test(word) && word !== 'aave').join('-');
  return chain ? `aave-${version}-${chain}` : undefined;
}
