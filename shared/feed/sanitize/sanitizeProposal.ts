import { ChangeType, Mechanism, ProposalStatus } from '../../contract/enums.js';
import { ProposalIdParam } from '../../contract/query.js';
import type { ProposalTimeline, ProposalVotes } from '../../contract/proposal.js';
import type { SourceLink } from '../../contract/common.js';
import type { FeedProposal } from '../../domain/proposal.js';
import { PROTOCOL_SLUGS } from '../../modules/slugs.js';
import { cleanChanges } from './cleanChanges.js';
import { cleanDate } from './cleanDate.js';
import { cleanText } from './cleanText.js';
import { cleanUrl } from './cleanUrl.js';
import { MAX_SOURCE_LINKS, TEXT_LIMITS } from './limits.js';

export type SanitizeProposalReturnType =
  /** The proposal as the feed may store it, and what was dropped from it (empty when nothing). */
  | { proposal: FeedProposal; notes: string[] }
  /** Why it cannot be served at all: no id, no served protocol, a status the contract does not know, an unreadable spam verdict. */
  | { heldBack: string };

const VOTE_NUMBERS = ['for', 'against', 'abstain', 'total', 'quorumRequired'] as const;
const TIMES = ['created', 'start', 'end', 'effectiveAt'] as const;

/**
 * One proposal as a source gave it, normalized field by field to what the contract accepts
 * (limits.ts): text bounded and without control characters, dates inside 1970..2199, URLs http(s)
 * only, numbers finite, enums known, unknown fields left out. A date, a text or a change that cannot
 * be normalized is dropped and named in `notes` (a link is dropped silently, see below); a proposal
 * without what identifies it is held back. Idempotent, so
 * proposals kept from an earlier build can go through it again. Pure.
 *
 * @example sanitizeProposal({ ...proposal, timeline: { end: '+010000-01-01T00:00:00.000Z' } }) // { proposal: { …, timeline: {} }, notes: ['timeline.end dropped (outside 1970..2199)'] }
 */
export function sanitizeProposal(raw: unknown, fallbackFirstSeen: string): SanitizeProposalReturnType {
  if (typeof raw !== 'object' || raw === null) return { heldBack: 'not an object' };
  const input = raw as Record<string, unknown>;
  if (typeof input.id !== 'string' || !ProposalIdParam.safeParse(input.id).success) return { heldBack: 'no valid id' };
  // The protocol is what filters, scans and degraded entries go by: a slug the service serves.
  const protocol = input.protocol;
  if (typeof protocol !== 'string' || !(PROTOCOL_SLUGS as readonly string[]).includes(protocol)) return { heldBack: 'not a served protocol' };
  const status = ProposalStatus.safeParse(input.status);
  if (!status.success) return { heldBack: 'a status the contract does not know' };

  const notes: string[] = [];
  const text = (field: 'title' | 'summary' | 'description', max: number, multiline = false) => {
    const value = cleanText(input[field], max, { multiline });
    if (value === undefined) notes.push(`${field} was no text`);
    return value ?? '';
  };
  const title = text('title', TEXT_LIMITS.title);
  const summary = text('summary', TEXT_LIMITS.summary);
  const description = text('description', TEXT_LIMITS.description, true);
  const date = (path: string, value: unknown): string | undefined => {
    const cleaned = cleanDate(value);
    if (cleaned && 'dropped' in cleaned) notes.push(`${path} dropped (${cleaned.dropped})`);
    return cleaned && 'date' in cleaned ? cleaned.date : undefined;
  };
  const timelineIn = objectOr(input.timeline);
  const timeline: ProposalTimeline = {};
  for (const key of TIMES) {
    const value = date(`timeline.${key}`, timelineIn[key]);
    if (value) timeline[key] = value;
  }
  const effectiveDate = date('effectiveDate', input.effectiveDate);
  // A link that is not http(s) is dropped without a note: it was never one a client could follow
  // (pages show such text inert), and a note would let any proposer mark a protocol degraded.
  const links = cleanLinks(input.sourceLinks);
  const snapshotUrl = cleanUrl(input.snapshotUrl);
  const discussionUrl = cleanUrl(input.discussionUrl);
  const changes = cleanChanges(input.changes);
  if (changes.dropped > 0) notes.push(`${changes.dropped} parameter change(s) dropped (unreadable values)`);
  const proposer = cleanText(input.proposer, TEXT_LIMITS.proposer);
  const changeType = ChangeType.safeParse(input.changeType);
  // Issue 23: how the change reaches the chain and its notice; an unknown word or a negative notice is left out (a vote, notice unknown).
  const mechanism = Mechanism.safeParse(input.mechanism);
  const noticeSeconds = Number.isSafeInteger(input.noticeSeconds) && (input.noticeSeconds as number) >= 0 ? (input.noticeSeconds as number) : undefined;
  const spam = spamOf(input.spam);
  // A verdict that cannot be read must not let a flagged proposal through as a real one.
  if (input.spam !== undefined && !spam) return { heldBack: 'an unreadable spam verdict' };
  const sourceKey = cleanText(input.sourceKey, TEXT_LIMITS.changeField);
  const firstSeen = cleanDate(input.firstSeen);

  return {
    proposal: {
      id: input.id,
      protocol,
      title,
      summary,
      description,
      ...(proposer && { proposer }),
      status: status.data,
      votes: cleanVotes(input.votes),
      timeline,
      ...(links.length > 0 && { sourceLinks: links }),
      ...(snapshotUrl && { snapshotUrl }),
      ...(discussionUrl && { discussionUrl }),
      ...(changeType.success && { changeType: changeType.data }),
      ...(effectiveDate && { effectiveDate }),
      ...(mechanism.success && { mechanism: mechanism.data }),
      ...(noticeSeconds !== undefined && { noticeSeconds }),
      ...(spam && { spam }),
      changes: changes.changes,
      firstSeen: firstSeen && 'date' in firstSeen ? firstSeen.date : fallbackFirstSeen,
      ...(sourceKey && { sourceKey }),
    },
    notes,
  };
}

const objectOr = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/** Vote weights that are finite numbers (the contract's number is JSON's: no NaN, no Infinity); the others left out. */
function cleanVotes(value: unknown): ProposalVotes {
  const votes = objectOr(value);
  const clean: ProposalVotes = {};
  for (const key of VOTE_NUMBERS) {
    const number = votes[key];
    if (typeof number === 'number' && Number.isFinite(number)) clean[key] = number;
  }
  if (typeof votes.quorumReached === 'boolean') clean.quorumReached = votes.quorumReached;
  return clean;
}

function cleanLinks(value: unknown): SourceLink[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, MAX_SOURCE_LINKS).flatMap((entry): SourceLink[] => {
    const link = objectOr(entry);
    const url = cleanUrl(link.url);
    return url ? [{ url, label: cleanText(link.label, TEXT_LIMITS.label) || url.slice(0, TEXT_LIMITS.label) }] : [];
  });
}

/** A module's own spam verdict, kept when it is readable: a rule and a reason, both text. */
function spamOf(value: unknown): FeedProposal['spam'] {
  const verdict = objectOr(value);
  const rule = cleanText(verdict.rule, TEXT_LIMITS.label);
  const reason = cleanText(verdict.reason, TEXT_LIMITS.reason);
  return rule && reason !== undefined ? { rule, reason } : undefined;
}
