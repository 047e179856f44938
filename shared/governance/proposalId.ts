/**
 * A proposal id per decisions.md: `{protocol}-{source}-{nativeId}`, only `[A-Za-z0-9_-]`, stable
 * across builds. Characters outside that set in a native id (an XRPL hash never has any; a Solana
 * key never has any) become `_`, so the id stays a single path segment.
 *
 * @example proposalId(slug, 'bravo', 289) // `${slug}-bravo-289`
 */
export function proposalId(protocol: string, source: string, nativeId: string | number | bigint): string {
  return [protocol, source, String(nativeId)].map((part) => part.replace(/[^A-Za-z0-9_-]/g, '_')).join('-');
}
