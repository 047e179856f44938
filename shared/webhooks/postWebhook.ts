import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { type ReceiverPolicy, resolveReceiver } from './receiverAddress.js';
import { retryAfterSecondsOf } from './retrySchedule.js';
import { signedHeaders } from './signature.js';

/** A receiver has this long to answer (issue #24: 10 s; the spec suggests 15–30 s, shorter keeps a Lambda's batch short). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What is read of a receiver's answer: enough for the verification echo; the rest is not wanted. */
const MAX_ANSWER_BYTES = 16 * 1024;

export interface WebhookMessage {
  /** `webhook-id`: the same on every attempt. */
  webhookId: string;
  /** The JSON body, exactly as signed. */
  body: string;
}

export interface AttemptResult {
  /** 2xx. A 3xx is a failure: redirects are never followed (they could lead anywhere). */
  ok: boolean;
  status?: number;
  retryAfterSeconds?: number;
  /** The start of the answer's body, as text (the verification handshake reads it). */
  answer?: string;
  /** Why no status came back: a refused URL, a timeout, a connection error. */
  error?: string;
}

export interface PostWebhookParameters {
  url: string;
  secret: string;
  message: WebhookMessage;
  now: Date;
  policy: ReceiverPolicy;
  timeoutMs?: number;
}

/**
 * One signed attempt: the receiver's host resolved and checked (receiverAddress.ts), then a POST
 * to exactly the address checked, with the host's name for TLS and Host. Never throws: every
 * failure is an AttemptResult the caller schedules a retry from.
 */
export async function postWebhook({ url, secret, message, now, policy, timeoutMs = DELIVERY_TIMEOUT_MS }: PostWebhookParameters): Promise<AttemptResult> {
  let target;
  try {
    target = await resolveReceiver(url, policy);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  const { address, family } = target;
  // The connection goes to the address checked, whatever a second lookup would say now.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers = { 'content-type': 'application/json', 'user-agent': 'Govex-Webhooks/1', ...signedHeaders(secret, message.webhookId, now, message.body) };
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = send(target.url, { method: 'POST', headers, lookup: pinned, servername: target.url.hostname, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      const done = () => {
        const status = response.statusCode ?? 0;
        const header = response.headers['retry-after'];
        const retryAfterSeconds = retryAfterSecondsOf(Array.isArray(header) ? header[0] : header, now.getTime());
        finish({ ok: status >= 200 && status < 300, status, ...(retryAfterSeconds !== undefined && { retryAfterSeconds }), answer: Buffer.concat(chunks).toString('utf8') });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        if (bytes < MAX_ANSWER_BYTES) chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - bytes));
        bytes += chunk.length;
        if (bytes >= MAX_ANSWER_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    const timer = setTimeout(() => {
      finish({ ok: false, error: `no answer within ${timeoutMs / 1000} s` });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) => finish({ ok: false, error: `could not deliver: ${(error as NodeJS.ErrnoException).code ?? error.message}` }));
    request.end(message.body);
  });
}
