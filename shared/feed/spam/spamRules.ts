import type { FeedProposal } from '../../domain/proposal.js';
import { SNAPSHOT_FLAGGED_RULE } from '../../governance/snapshot/snapshotSpam.js';
import { MODULE_INFOS } from '../../modules/registry.js';
import { PHISHING_LINK_RULE } from './phishingLinkRule.js';
import type { SpamRule } from './spamRule.js';

/** Every written spam rule: those common to every source, then each module's own. */
export const SPAM_RULES: readonly SpamRule[] = [PHISHING_LINK_RULE, SNAPSHOT_FLAGGED_RULE, ...MODULE_INFOS.flatMap((entry) => entry.spamRules ?? [])];

/** Each rule with the number of proposals of the stored feed it holds back now. Pure. */
export function spamRuleCounts(proposals: readonly Pick<FeedProposal, 'spam'>[]): (SpamRule & { heldBack: number })[] {
  const counts = new Map<string, number>();
  for (const { spam } of proposals) if (spam) counts.set(spam.rule, (counts.get(spam.rule) ?? 0) + 1);
  return SPAM_RULES.map((rule) => ({ ...rule, heldBack: counts.get(rule.id) ?? 0 }));
}
