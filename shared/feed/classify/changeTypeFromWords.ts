import type { ChangeType } from '../../contract/enums.js';
import type { FeedProposal } from '../../domain/proposal.js';

/**
 * The written rule for proposals whose source and decoded actions leave changeType open: the
 * proposal's own words. Shape words name a change of what exists (listing, onboarding,
 * offboarding, freezing, deprecating, migrating, upgrading code, removing or deactivating a
 * member); parameter words name numbers moving (caps, rates, fees, thresholds) or money paid out
 * of a treasury (funding, compensation, grants, budgets): the structure stays, an amount moves.
 * The title counts three times the body's opening, which is where a proposal says what it does.
 */
const SHAPE = /\b(list(s|ing|ed)?|onboard(s|ing|ed)?|offboard(s|ing|ed)?|de-?list(s|ing|ed)?|freez(e|es|ing)|unfreez(e|es|ing)|frozen|deprecat(e|es|ed|ing|ion)|migrat(e|es|ed|ing|ion)|sunset(s|ting)?|upgrad(e|es|ed|ing)|amendment|deactivat(e|es|ed|ing)|remov(e|es|ed|al)|new (market|asset|module|feature)|pause[sd]?)\b/gi;
const PARAMETER = /\b(parameters?|caps?|rates?|fees?|thresholds?|ltv|ratios?|reserve factor|interest|funding|compensation|payments?|budgets?|grants? (program|of|to fund)|allowances?|reimburse(ment|s)?|spend(ing)?|treasury|top[- ]?ups?)\b/gi;

/** How far into the body the rule reads: a long body's later sections quote history, not intent. */
const BODY_OPENING = 1_500;
const TITLE_WEIGHT = 3;

export interface WordClassification {
  changeType: ChangeType;
  /** How one-sided the words were, 0.5..1. Internal: it never leaves the feed build. */
  confidence: number;
}

/** The changeType the words decide, or undefined where they name neither or both equally. Pure. */
export function changeTypeFromWords(proposal: Pick<FeedProposal, 'title' | 'description'>): WordClassification | undefined {
  const count = (pattern: RegExp) => TITLE_WEIGHT * (proposal.title.match(pattern)?.length ?? 0) + (proposal.description.slice(0, BODY_OPENING).match(pattern)?.length ?? 0);
  const shape = count(SHAPE);
  const parameter = count(PARAMETER);
  if (shape === parameter) return undefined;
  return { changeType: shape > parameter ? 'shape' : 'parameter', confidence: Math.max(shape, parameter) / (shape + parameter) };
}

/** The feed's proposals with changeType set from the words where the source left it open. Pure. */
export function withChangeTypes(proposals: readonly FeedProposal[]): FeedProposal[] {
  return proposals.map((proposal) => {
    if (proposal.changeType) return proposal;
    const classified = changeTypeFromWords(proposal);
    return classified ? { ...proposal, changeType: classified.changeType } : proposal;
  });
}
