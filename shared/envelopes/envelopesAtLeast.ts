import type { Envelope } from '../contract/envelope.js';
import { IMPACT_RANK, type ImpactLevel } from '../contract/enums.js';

/** The envelopes at or above a level (the `minImpact` filter, as it applies to proposals); all without one. Pure. */
export const envelopesAtLeast = (envelopes: readonly Envelope[] | undefined, minImpact: ImpactLevel | undefined): Envelope[] =>
  (envelopes ?? []).filter((envelope) => minImpact === undefined || IMPACT_RANK[envelope.level] >= IMPACT_RANK[minImpact]);
