import type { TallyResult } from 'cosmjs-types/cosmos/gov/v1/gov';
import type { Proposal } from '../../contract/proposal.js';
import type { SpamVerdict } from '../../domain/proposal.js';
import { SCAM_PROPOSAL_IDS_TEXT } from './scamProposalIds.js';
import { HUB_SPAM_RULES as RULES } from './spamRules.js';

export interface HubSpamInputs {
  id: bigint;
  title: string;
  status: Proposal['status'];
  /** Whether any message executes (a text proposal has none). */
  executable: boolean;
  /** The live tally in voting, the final one after; none in the deposit period. */
  tally?: TallyResult;
}

/** Yes at or below this share of all votes is "almost no Yes" (Cosmostation's isScam). */
const YES_SHARE_AT_MOST = 0.1;
/** x/gov's default veto_threshold: NoWithVeto over this share of non-abstaining votes vetoes. */
const VETO_THRESHOLD = 0.334;
/** The three spellings Leap checks, and a spaced-out form of any of them. */
const AIRDROP = /a\s*i\s*r\s*-?\s*d\s*r\s*o\s*p/i;

const scamIds = expandIds(SCAM_PROPOSAL_IDS_TEXT);

/** Ids and `a-b` ranges, one a line, as the list's own API expands them. */
function expandIds(text: string): Set<bigint> {
  const ids = new Set<bigint>();
  for (const line of text.split('\n')) {
    const [from, to] = line.trim().split('-');
    if (!from || !/^\d+$/.test(from)) continue;
    const last = to && /^\d+$/.test(to) ? BigInt(to) : BigInt(from);
    for (let id = BigInt(from); id <= last && id - BigInt(from) < 10_000n; id += 1n) ids.add(id);
  }
  return ids;
}

/**
 * Which Hub spam rule a proposal meets, first match wins: the maintained list, the deposit period,
 * a vetoed tally, an airdrop title on a text proposal (HUB_SPAM_RULES states each with evidence). Pure.
 */
export function hubSpamVerdict({ id, title, status, executable, tally }: HubSpamInputs): SpamVerdict | undefined {
  if (scamIds.has(id)) return { rule: RULES.scamList.id, reason: `proposal ${id} is on the cosmoshub scam-proposal list` };
  if (status === 'pending') return { rule: RULES.depositPeriod.id, reason: 'still in its deposit period' };
  const vetoed = vetoedShares(tally);
  if (vetoed) {
    return { rule: RULES.vetoedTally.id, reason: `Yes ${percent(vetoed.yes)} of the votes, NoWithVeto ${percent(vetoed.veto)} of the non-abstaining ones` };
  }
  const accepted = status === 'passed' || status === 'executed';
  if (!executable && !accepted && AIRDROP.test(title)) return { rule: RULES.airdropTitle.id, reason: 'title advertises an airdrop on a text-only proposal' };
  return undefined;
}

function vetoedShares(tally: TallyResult | undefined): { yes: number; veto: number } | undefined {
  if (!tally) return undefined;
  const [yes, no, veto, abstain] = [tally.yesCount, tally.noCount, tally.noWithVetoCount, tally.abstainCount].map(amount);
  const all = yes! + no! + veto! + abstain!;
  const voting = all - abstain!;
  if (all === 0n || voting === 0n) return undefined;
  const yesShare = ratio(yes!, all);
  const vetoShare = ratio(veto!, voting);
  return yesShare <= YES_SHARE_AT_MOST && vetoShare >= VETO_THRESHOLD ? { yes: yesShare, veto: vetoShare } : undefined;
}

const amount = (value: string): bigint => (/^\d+$/.test(value) ? BigInt(value) : 0n);
const ratio = (part: bigint, whole: bigint): number => Number((part * 1_000_000n) / whole) / 1_000_000;
const percent = (share: number): string => `${(share * 100).toFixed(share < 0.01 ? 2 : 1)} %`;
