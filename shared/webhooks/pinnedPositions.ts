import type { PositionsSnapshot } from '../scan/positionsSnapshot.js';
import type { TtlCache } from '../stores/types.js';

/**
 * A scan cache that answers every key with one stored snapshot and keeps nothing: given to the
 * one scan (shared/scan/scanWallet.ts) in place of the shared cache, it re-matches a watched
 * wallet's kept positions against the new feed without reading a chain.
 */
export function pinnedPositions(snapshot: PositionsSnapshot): TtlCache<PositionsSnapshot> {
  return {
    get: async () => snapshot,
    set: async () => undefined,
  };
}
