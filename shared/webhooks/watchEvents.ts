import type { Wallet } from '../address/types.js';
import type { WatchEventType, WebhookPayload, WebhookProposal } from '../contract/watch.js';
import { filterProposals, type Matched } from '../proposals/filters.js';
import type { SeenProposal, Watch } from './watch.js';

/** Standard Webhooks asks for payloads under 20 kB; long texts are cut well before that. */
export const MAX_PAYLOAD_BYTES = 20 * 1024;
const MAX_TITLE = 300;
const MAX_SUMMARY = 600;

export interface WatchEvent {
  type: WatchEventType;
  proposal: WebhookProposal;
  previous?: Partial<SeenProposal>;
}

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Where a receiver reads the whole proposal with its impact on the wallet: absolute from the public address when one is set. */
export const proposalUrlFor = (base: string, proposalId: string, wallet: Wallet): string =>
  `${base}/api/proposals/${encodeURIComponent(proposalId)}?address=${encodeURIComponent(wallet.address)}`;

/** A matched proposal as a delivery names it: thin (Standard Webhooks: "prefer thin payloads"). */
export function webhookProposalOf({ proposal, impact }: Required<Matched>, wallet: Wallet, base: string): WebhookProposal {
  return {
    id: proposal.id,
    protocol: proposal.protocol,
    title: cut(proposal.title, MAX_TITLE),
    status: proposal.status,
    level: impact.level,
    summary: cut(impact.summary, MAX_SUMMARY),
    ...(impact.estimatedChange !== undefined && { estimatedChange: cut(impact.estimatedChange, 200) }),
    ...(impact.estimatedImpactUsd !== undefined && { estimatedImpactUsd: impact.estimatedImpactUsd }),
    ...(proposal.timeline.end !== undefined && { votingEnds: proposal.timeline.end }),
    url: proposalUrlFor(base, proposal.id, wallet),
  };
}

/**
 * What changed for a watch between two checks, as events, and what to remember for the next one.
 * Pure: the matched proposals of a scan in, events out. A proposal at or above minImpact that was
 * not seen before is `proposal.matched`; one seen before whose level moved is `level_changed`;
 * whose status moved, `status_changed`, or `executed` when it moved to executed. Only the types
 * the watch asked for are returned; what is remembered does not depend on them.
 */
export function watchEvents(watch: Pick<Watch, 'wallet' | 'minImpact' | 'events'>, matched: readonly Matched[], seen: Readonly<Record<string, SeenProposal>>, base: string): { events: WatchEvent[]; seen: Record<string, SeenProposal> } {
  const current = filterProposals(matched, { minImpact: watch.minImpact }) as Required<Matched>[];
  const events: WatchEvent[] = [];
  const next: Record<string, SeenProposal> = {};
  for (const item of current) {
    const { proposal, impact } = item;
    next[proposal.id] = { level: impact.level, status: proposal.status };
    const before = seen[proposal.id];
    const shown = webhookProposalOf(item, watch.wallet, base);
    if (!before) {
      events.push({ type: 'proposal.matched', proposal: shown });
      continue;
    }
    if (before.level !== impact.level) events.push({ type: 'proposal.level_changed', proposal: shown, previous: { level: before.level } });
    if (before.status !== proposal.status) {
      events.push({ type: proposal.status === 'executed' ? 'proposal.executed' : 'proposal.status_changed', proposal: shown, previous: { status: before.status } });
    }
  }
  return { events: events.filter((event) => watch.events.includes(event.type)), seen: next };
}

/** The JSON body of an event's delivery. */
export function eventBody(watch: Pick<Watch, 'id' | 'wallet'>, event: WatchEvent, now: Date): string {
  const payload: WebhookPayload = {
    type: event.type,
    timestamp: now.toISOString(),
    data: { watchId: watch.id, address: watch.wallet.address, proposal: event.proposal, ...(event.previous && { previous: event.previous }) },
  };
  return JSON.stringify(payload);
}
