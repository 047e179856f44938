import type { CreateWatchRequest, CreateWatchResponse, TestWatchResponse, WebhookPayload } from '../contract/watch.js';
import { PROTOCOL_SLUGS } from '../modules/slugs.js';

/**
 * The watch operations' examples in the OpenAPI document. Synthetic: made up for the document on
 * the evm demo wallet (a watch needs a live receiver, which the build step has not got); the
 * secret is the Standard Webhooks spec's own example secret, never issued by this service.
 */
const id = 'wh_Q2hhbmdlIG1lIHBsZWFzZSEh';
// The first registered protocol, as the error examples name one: no protocol's name is written here.
const slug = PROTOCOL_SLUGS[0];
const address = '0xde30000000000000000000000000000000000001';
const request: CreateWatchRequest = { address, url: 'https://example.com/hooks/govex', minImpact: 'high', events: ['proposal.matched', 'proposal.level_changed', 'proposal.executed'] };
const response: CreateWatchResponse = { id, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', address, url: request.url, minImpact: 'high', events: request.events, createdAt: '2026-11-25T21:00:00.000Z' };
const test: TestWatchResponse = { id, webhookId: 'msg_2Lp0cOq3zJ7l5vD1r9aXkQmN', delivered: true, status: 200 };
const delivery: WebhookPayload = {
  type: 'proposal.level_changed',
  timestamp: '2026-11-25T21:05:00.000Z',
  data: {
    watchId: id,
    address,
    proposal: { id: `${slug}-gov-400`, protocol: slug, title: 'Lower the liquidation threshold of a collateral', status: 'active', level: 'high', summary: 'Health factor 1.42 → 1.18', estimatedChange: 'health factor 1.42 → 1.18', votingEnds: '2026-11-28T12:00:00.000Z', url: `https://govex.example/api/proposals/${slug}-gov-400?address=${address}` },
    previous: { level: 'medium' },
  },
};

export const WATCH_EXAMPLES = { create: { request, response }, delete: { id, deleted: true as const }, test, delivery };
