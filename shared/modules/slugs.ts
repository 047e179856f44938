/**
 * The served modules' slugs, in the catalog's order: what the contract's slug enum lists. A leaf
 * with no import, so the contract can name the slugs without loading the registry (which loads
 * every module's declarations, and they the contract). registry.ts holds each slug's module and
 * fails to compile, and to load, unless its list is this one in this order.
 */
export const PROTOCOL_SLUGS = ['aave', 'compound', 'lido', 'jito', 'cosmoshub', 'xrpl', 'morpho', 'spark', 'sky'] as const;

export type ProtocolSlug = (typeof PROTOCOL_SLUGS)[number];
