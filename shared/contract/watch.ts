import * as z from 'zod';
import { DateTime } from './common.js';
import { ImpactLevel, ProposalStatus } from './enums.js';

/*
 * Watches and their webhook deliveries (issue #24 item 3): a wallet, an https receiver, the smallest
 * impact level worth a message and the event types wanted. Deliveries follow Standard Webhooks v1
 * (standard-webhooks/standard-webhooks:spec/standard-webhooks.md): `{type, timestamp, data}` signed
 * with the watch's `whsec_` secret.
 */

/** The proposal events a watch may ask for. `envelope.changed` is reserved: accepted, sent once envelopes exist. */
export const WATCH_EVENT_TYPES = ['proposal.matched', 'proposal.level_changed', 'proposal.status_changed', 'proposal.executed', 'envelope.changed'] as const;

export const WatchEventType = z.enum(WATCH_EVENT_TYPES).meta({
  id: 'WatchEventType',
  description:
    'proposal.matched: a proposal now touches the wallet at or above minImpact (also sent for every such proposal on the first check after the watch is made); proposal.level_changed: its impact level moved; proposal.status_changed: its lifecycle status moved (to anything but executed); proposal.executed: it was executed; envelope.changed: reserved, sent once envelopes exist.',
});

/** Every type a delivery may carry: the watch's events, the handshake and the test ping. */
export const WebhookType = z.enum([...WATCH_EVENT_TYPES, 'webhook.verify', 'ping']);

/** The id of a watch: `wh_` and 24 base64url characters (18 random bytes). */
export const WatchIdParam = z
  .string()
  .regex(/^wh_[A-Za-z0-9_-]{24}$/)
  .meta({ description: 'The watch id returned by POST /api/watches.', example: 'wh_Q2hhbmdlIG1lIHBsZWFzZSEh' });

export const CreateWatchRequest = z
  .strictObject({
    address: z.string().min(1).max(300).meta({ description: 'The wallet: an evm, solana, cosmos or xrpl address, or an ens name (resolved once, when the watch is made).', example: '0xde30000000000000000000000000000000000001' }),
    url: z
      .string()
      .max(2048)
      .meta({ description: 'The receiver: https, a public host, no credentials. It must answer the webhook.verify delivery by echoing data.challenge as a 2xx JSON body {"challenge": …} within 10 s.', example: 'https://example.com/hooks/govex' }),
    minImpact: ImpactLevel.default('medium').meta({ description: 'Proposals below this level are not sent.' }),
    events: z.array(WatchEventType).min(1).max(WATCH_EVENT_TYPES.length).default(['proposal.matched', 'proposal.level_changed', 'proposal.status_changed', 'proposal.executed']).meta({ description: 'The event types to send.' }),
  })
  .meta({ id: 'CreateWatchRequest' });

export const CreateWatchResponse = z
  .object({
    id: WatchIdParam,
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
      .meta({ description: 'The signing secret (Standard Webhooks): verify each delivery with it, and send it as `Authorization: Bearer {secret}` to test or delete the watch. Shown once.', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
    address: z.string().meta({ description: 'The wallet as watched: canonical form, an ens name resolved.' }),
    url: z.string(),
    minImpact: ImpactLevel,
    events: z.array(WatchEventType),
    createdAt: DateTime,
  })
  .meta({ id: 'CreateWatchResponse', description: 'A watch whose receiver passed verification.' });

export const DeleteWatchResponse = z.object({ id: WatchIdParam, deleted: z.literal(true) }).meta({ id: 'DeleteWatchResponse' });

export const TestWatchResponse = z
  .object({
    id: WatchIdParam,
    webhookId: z.string().meta({ description: 'The webhook-id header of the ping sent.' }),
    delivered: z.boolean().meta({ description: 'The receiver answered 2xx. A ping is sent once, never retried.' }),
    status: z.int().optional().meta({ description: "The receiver's HTTP status, when it answered." }),
    error: z.string().optional().meta({ description: 'Why it was not delivered, when the receiver did not answer (timeout, refused).' }),
  })
  .meta({ id: 'TestWatchResponse' });

/** The proposal as a delivery names it: thin, links to the rest. */
export const WebhookProposal = z
  .object({
    id: z.string(),
    protocol: z.string(),
    title: z.string(),
    status: ProposalStatus,
    level: ImpactLevel,
    summary: z.string().meta({ description: "The impact's one-line summary on this wallet." }),
    estimatedChange: z.string().optional(),
    estimatedImpactUsd: z.number().optional(),
    votingEnds: DateTime.optional(),
    url: z.string().meta({ description: 'GET this for the whole proposal with its impact on the wallet.' }),
  })
  .meta({ id: 'WebhookProposal' });

/** A proposal event's data. */
export const WebhookProposalData = z
  .object({
    watchId: WatchIdParam,
    address: z.string(),
    proposal: WebhookProposal,
    previous: z.object({ level: ImpactLevel.optional(), status: ProposalStatus.optional() }).optional().meta({ description: 'What changed from, on level_changed, status_changed and executed.' }),
  })
  .meta({ id: 'WebhookProposalData' });

/** The body of every delivery (Standard Webhooks: type, timestamp, data); under 20 kB. */
export const WebhookPayload = z
  .object({
    type: WebhookType,
    timestamp: DateTime,
    data: z.union([WebhookProposalData, z.object({ watchId: WatchIdParam.optional(), challenge: z.string() }), z.object({ watchId: WatchIdParam, address: z.string() })]),
  })
  .meta({ id: 'WebhookPayload' });

export type WatchEventType = z.infer<typeof WatchEventType>;
export type WebhookType = z.infer<typeof WebhookType>;
export type CreateWatchRequest = z.infer<typeof CreateWatchRequest>;
export type CreateWatchResponse = z.infer<typeof CreateWatchResponse>;
export type TestWatchResponse = z.infer<typeof TestWatchResponse>;
export type WebhookProposal = z.infer<typeof WebhookProposal>;
export type WebhookProposalData = z.infer<typeof WebhookProposalData>;
export type WebhookPayload = z.infer<typeof WebhookPayload>;
