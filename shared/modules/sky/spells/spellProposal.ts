import type { ParameterChange } from '../../../domain/parameterChange.js';
import type { FeedProposal } from '../../../domain/proposal.js';
import { proposalId } from '../../../governance/proposalId.js';
import { isoFromUnixSeconds } from '../../../governance/time.js';
import { withUnit } from '../../../simulate/format.js';
import type { HatSpellRead } from './readHatSpell.js';
import type { ChiefVote } from './readVotedSpells.js';

/** Spells expire 30 days after deployment (spells-mainnet DssSpell: DssExec(block.timestamp + 30 days, …); config.sol expiration_threshold). */
const LIFETIME_SECONDS = 30 * 86_400;

/** The published after-state's changes for this spell, and where they were read. */
export interface VerifiedSpellChanges {
  changes: ParameterChange[];
  /** The spells repository's file that states this spell's after-state, and the previous spell's it was diffed with. */
  path: string;
  previous: string;
}

// Number and unit joined by a no-break space, as every page text joins them.
const hours = (seconds: number) => withUnit((seconds / 3600).toLocaleString('en-US', { maximumFractionDigits: 2 }), 'hours');
/** SKY wei as whole SKY (18 decimals): the chief counts locked SKY. */
const sky = (wei: bigint) => Number(wei / 10n ** 12n) / 1e6;
const skyWords = (wei: bigint) => withUnit(sky(wei).toLocaleString('en-US', { maximumFractionDigits: 0 }), 'SKY');

/** A spell in voting: its approval against the hat's, which it must exceed to be lifted (Chief.lift). */
function voteWords(vote: ChiefVote, delaySeconds: number): string {
  const ahead = vote.approvals > vote.hatApprovals;
  return `It is being voted in the chief: ${skyWords(vote.approvals)} approve it against the hat's ${skyWords(vote.hatApprovals)}, ${ahead ? 'more, so it can be lifted to the hat' : 'which it must exceed to be lifted to the hat'}; then scheduled, it can be cast ${hours(delaySeconds)} later (the GSM delay).`;
}

/**
 * A spell's lifecycle from the chain alone: being voted (not the hat, unplotted, unexpired) → active; cast (`done`) → executed, effective at its cast where
 * the pause's exec note was read, else from its eta (cast is allowed from then); its plan dropped
 * from the pause → canceled; plotted (`eta` set) → passed, effective at
 * eta; the hat but not plotted → passed, to take effect no sooner than the GSM delay after it is
 * scheduled; not plotted by its expiration → closed. Pure.
 */
export function spellStatus(read: Pick<HatSpellRead, 'eta' | 'done' | 'expiration' | 'blockTime'> & { castAt?: number; dropped?: boolean; vote?: ChiefVote }): { status: FeedProposal['status']; effective?: number } {
  if (read.vote && !read.done && read.eta === 0 && read.blockTime <= read.expiration) return { status: 'active' };
  if (read.done) return { status: 'executed', effective: read.castAt ?? read.eta };
  if (read.dropped) return { status: 'canceled' };
  if (read.eta > 0) return { status: 'passed', effective: read.eta };
  return { status: read.blockTime > read.expiration ? 'closed' : 'passed' };
}

const STATE_WORDS = {
  executed: 'It has been cast',
  canceled: 'Its plan was dropped from the pause, so it will not be cast',
  passed: 'It is the chief’s hat',
  closed: 'It expired before it was scheduled',
} as const;

/**
 * An executive spell (the chief's hat, one the pause saw in the last 30 days, or one being voted, with
 * its approval against the hat's as votes.for and quorumRequired) as a feed item: a vote (SKY approval lifts it to the hat), with the GSM
 * delay as its notice, its status from eta/done/expiration, and its changes where its published
 * after-state was found (verified), else none. Pure.
 */
export function spellProposal(read: HatSpellRead & { castAt?: number; dropped?: boolean; vote?: ChiefVote }, verified?: VerifiedSpellChanges): FeedProposal {
  const { status, effective } = spellStatus(read);
  const effectiveDate = isoFromUnixSeconds(effective);
  const created = isoFromUnixSeconds(read.expiration - LIFETIME_SECONDS);
  // "2026-05-07 MakerDAO Executive Spell | Hash: 0x…": the title is the part before the hash.
  const title = read.description.split('|')[0]!.trim() || `Executive spell ${read.spell}`;
  const timing =
    status === 'active' && read.vote
      ? voteWords(read.vote, read.delaySeconds)
      : status === 'executed'
      ? read.castAt !== undefined
        ? `It was cast at ${effectiveDate}.`
        : `${STATE_WORDS.executed}; it could be cast from ${effectiveDate}.`
      : status === 'canceled'
        ? `${STATE_WORDS.canceled}.`
        : effectiveDate
        ? `It is plotted in the pause and can be cast from ${effectiveDate} (GSM delay ${hours(read.delaySeconds)}).`
        : status === 'closed'
          ? `${STATE_WORDS.closed}.`
          : `${STATE_WORDS.passed}: once scheduled, it can be cast ${hours(read.delaySeconds)} later (the GSM delay).`;
  const changes = verified?.changes ?? [];
  const what = verified
    ? changes.length > 0
      ? `Its published after-state (spells-mainnet ${verified.path}, diffed with ${verified.previous}) changes ${changes.length} parameter${changes.length === 1 ? '' : 's'}.`
      : 'Its published after-state changes none of the parameters read (savings rates, fees, mat, ceilings, GSM delay).'
    : 'Its published after-state was not found (no spells-mainnet config names this spell), so its changes are not listed.';
  return {
    id: proposalId('sky', 'spell', read.spell.toLowerCase()),
    protocol: 'sky',
    title,
    summary: `${timing} ${what}`,
    description: `${read.description}\n\nExecutive spell ${read.spell}: lifted to the chief's hat by MKR/SKY approval, plotted in the DSPause with an eta the GSM delay (${hours(read.delaySeconds)}) on, then cast. ${timing} ${what}`,
    status,
    // The chief's approval voting has no quorum: the number to beat is the hat's approval.
    votes: read.vote && status === 'active' ? { for: sky(read.vote.approvals), quorumRequired: sky(read.vote.hatApprovals), quorumReached: read.vote.approvals > read.vote.hatApprovals } : {},
    timeline: { ...(created && { created }), ...(isoFromUnixSeconds(read.expiration) && { end: isoFromUnixSeconds(read.expiration) }), ...(effectiveDate && { effectiveAt: effectiveDate }) },
    ...(effectiveDate && { effectiveDate }),
    mechanism: 'vote',
    noticeSeconds: read.delaySeconds,
    sourceLinks: [{ url: `https://etherscan.io/address/${read.spell}`, label: 'Spell on Etherscan' }],
    ...(changes.length > 0 && { changeType: 'parameter' as const }),
    changes,
    firstSeen: created ?? new Date(0).toISOString(),
  };
}
