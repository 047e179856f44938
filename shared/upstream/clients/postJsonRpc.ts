import { Agent as HttpAgent, type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { backoffDelayMs, retryAfterMs } from '../callPolicy.js';
import { upstreamMalformed, upstreamStatus, upstreamTimeout, upstreamUnreachable } from '../errors.js';
import { classifyRequest } from '../isIdempotentRead.js';
import { isRetryableStatus } from '../upstreamFetch.js';
import type { Upstream } from '../upstreams.js';

/*
 * A JSON-RPC POST to an EVM upstream over node:http with keep-alive, under the same policy as the
 * upstream's fetch (upstreamFetch.ts: each attempt under the per-call deadline, body included,
 * counted; idempotent reads retried on a retryable status or a network failure, Retry-After
 * honoured) and failing in the same words (checkedFetch in ethereumTransport.ts). Why not fetch:
 * an uncached evm scan sends one request per chain, and undici's fetch (Request, Headers, web
 * streams, AbortSignal.any, a Response rebuilt to be read again) cost about 0.6 ms of CPU per
 * request against 0.1-0.15 for node:http on this machine (bench/scanCpu.ts and a bare POST, 2026-11-25),
 * most of an empty wallet's scan on 19 chains. An upstream whose network was injected (tests'
 * in-process nodes, the recorder) keeps going through its fetch.
 */

/** Free keep-alive sockets are dropped after 4 s (undici's default), before a public endpoint's idle timeout closes them. */
const agents = { 'http:': new HttpAgent({ keepAlive: true, timeout: 4_000 }), 'https:': new HttpsAgent({ keepAlive: true, timeout: 4_000 }) };

/** Whether a set of JSON-RPC methods is an idempotent read on an upstream (isIdempotentRead.ts), worked out once per set. */
const idempotence = new Map<string, boolean>();
function isIdempotent(upstream: Upstream, methods: readonly string[]): boolean {
  const key = `${upstream.id} ${upstream.protocol} ${methods.join(',')}`;
  let idempotent = idempotence.get(key);
  if (idempotent === undefined) {
    // The body's calls by method alone: all classifyRequest reads of a JSON-RPC body.
    const body = JSON.stringify(methods.map((method) => ({ method })));
    idempotence.set(key, (idempotent = classifyRequest(upstream.id, upstream.protocol, { method: 'POST', body }).idempotent));
  }
  return idempotent;
}

/** Where an upstream's URL points, as node:http takes it, worked out once per URL (parsing it cost CPU at every request). */
interface Target {
  protocol: 'http:' | 'https:';
  hostname: string;
  port: string;
  path: string;
  auth?: string;
}
const targets = new Map<string, Target>();
function targetOf(url: string): Target {
  let target = targets.get(url);
  if (!target) {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`not an HTTP URL: ${parsed.protocol}`);
    // As node:http reads a URL (urlToHttpOptions): brackets off an IPv6 host, credentials decoded.
    const auth = parsed.username || parsed.password ? `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}` : undefined;
    target = { protocol: parsed.protocol, hostname: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port: parsed.port, path: `${parsed.pathname}${parsed.search}`, ...(auth !== undefined && { auth }) };
    targets.set(url, target);
  }
  return target;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  text: string;
}

/** Thrown by an attempt that ran past its deadline. */
class AttemptTimedOut extends Error {}

/**
 * Whether every caller waiting on a request has given up: the request's callers' signals, or
 * undefined when one of them waits without a signal (then never). A request is shared (one JSON-RPC
 * batch, one aggregate3 of many modules' calls), so one caller giving up does not stop it. A loop,
 * not AbortSignal.any: this runs on every EVM request (postJsonRpc's header says what any costs).
 */
const gaveUp = (callers: readonly AbortSignal[] | undefined): boolean => {
  if (!callers) return false;
  for (const signal of callers) if (!signal.aborted) return false;
  return true;
};

/** Thrown in place of an attempt or a retry once every caller has given up; no caller is left to see it. */
class CallersGaveUp extends Error {
  constructor() {
    super('every caller of the request gave up');
  }
}

/** What a request is doing now (an attempt or a backoff), to stop once every caller has given up. */
interface Stoppable {
  stop?: () => void;
}

/** One POST, headers and body within `deadlineMs`; `now.stop` destroys it. */
function postOnce(target: Target, body: string, deadlineMs: number, now: Stoppable): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    let request: ClientRequest | undefined;
    // Why it was cut: in the body, the response may fail first with its own 'aborted', still the cut's doing.
    let cut: Error | undefined;
    const timer = setTimeout(() => {
      cut = new AttemptTimedOut();
      request?.destroy(cut);
    }, deadlineMs);
    now.stop = () => {
      cut = new CallersGaveUp();
      request?.destroy(cut);
    };
    const fail = (error: unknown) => {
      clearTimeout(timer);
      reject(cut ?? error);
    };
    request = send(
      {
        ...target,
        method: 'POST',
        agent: agents[target.protocol],
        headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'node', 'content-length': Buffer.byteLength(body) },
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () => {
          clearTimeout(timer);
          const retryAfter = response.headers['retry-after'];
          resolve({ status: response.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : null, text: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    request.on('error', fail);
    request.end(body);
  });
}

/** A backoff that `now.stop` ends at once (the loop then sees that every caller gave up). */
function backoff(ms: number, now: Stoppable): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    now.stop = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

/** Through the upstream's injected fetch (tests' in-process nodes, the recorder): the same checks as ethereumTransport's. */
async function postThroughFetch(upstream: Upstream, body: string, callers: readonly AbortSignal[] | undefined): Promise<string> {
  // upstreamFetch stops its attempts and retries on its signal: one that fires once every caller has given up.
  const controller = callers && new AbortController();
  const onAbort = () => gaveUp(callers) && controller?.abort(new CallersGaveUp());
  if (callers) for (const signal of callers) signal.addEventListener('abort', onAbort);
  try {
    if (gaveUp(callers)) throw new CallersGaveUp();
    const response = await upstream.fetch(upstream.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, ...(controller && { signal: controller.signal }) });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw upstreamStatus(upstream.id, response.status);
    }
    return await response.text();
  } finally {
    if (callers) for (const signal of callers) signal.removeEventListener('abort', onAbort);
  }
}

/**
 * POSTs a JSON-RPC body (one call or a batch of `methods`) to the upstream and returns the parsed
 * answer. Throws an UpstreamError: upstream_status (a non-2xx after the retries),
 * upstream_timeout, upstream_unreachable, upstream_malformed (a body that is not JSON).
 * `callers` are the signals of everyone waiting on the answer: once all have aborted, no attempt
 * or retry is started and the one under way is destroyed (a scan's deadline cut the read; retries
 * after it would be requests and Lambda time for no one). Without them it always runs to its end.
 *
 * @example const answers = await postJsonRpc(upstream, JSON.stringify(batch), ['eth_chainId', 'eth_call'], [signal]);
 */
export async function postJsonRpc(upstream: Upstream, body: string, methods: readonly string[], callers?: readonly AbortSignal[]): Promise<unknown> {
  const signals = callers && distinct(callers);
  const text = upstream.network ? await postThroughFetch(upstream, body, signals) : await postWithPolicy(upstream, body, methods, signals);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw upstreamMalformed(upstream.id, error);
  }
}

/** Each signal once: a round lists one per module's read, mostly the same few (one per module and chain). */
function distinct(signals: readonly AbortSignal[]): readonly AbortSignal[] {
  const once: AbortSignal[] = [];
  for (const signal of signals) if (!once.includes(signal)) once.push(signal);
  return once;
}

async function postWithPolicy(upstream: Upstream, body: string, methods: readonly string[], callers: readonly AbortSignal[] | undefined): Promise<string> {
  if (!callers) return attemptWithPolicy(upstream, body, methods, undefined, {});
  const now: Stoppable = {};
  // One listener for all the callers' signals, removed at the end (about 1 µs a signal).
  const onAbort = () => gaveUp(callers) && now.stop?.();
  for (const signal of callers) signal.addEventListener('abort', onAbort);
  try {
    return await attemptWithPolicy(upstream, body, methods, callers, now);
  } finally {
    for (const signal of callers) signal.removeEventListener('abort', onAbort);
  }
}

async function attemptWithPolicy(upstream: Upstream, body: string, methods: readonly string[], callers: readonly AbortSignal[] | undefined, now: Stoppable): Promise<string> {
  const { id, policy, counter } = upstream;
  const attempts = isIdempotent(upstream, methods) ? policy.retries + 1 : 1;
  const target = targetOf(upstream.url);
  for (let attempt = 1; ; attempt += 1) {
    // Not counted: no request was sent, and none failed.
    if (gaveUp(callers)) throw new CallersGaveUp();
    counter.sent(id, { retry: attempt > 1, calls: methods.length });
    const last = attempt >= attempts;
    let answer: Answer;
    try {
      answer = await postOnce(target, body, policy.deadlineMs, now);
    } catch (error) {
      if (error instanceof CallersGaveUp) throw error;
      if (last) {
        counter.failed(id);
        // Worded as fetch's failures are (errors.ts reads the code of the cause's cause).
        throw error instanceof AttemptTimedOut ? upstreamTimeout(id, policy.deadlineMs) : upstreamUnreachable(id, new Error('fetch failed', { cause: error }));
      }
      await backoff(backoffDelayMs(attempt, policy), now);
      continue;
    }
    if (answer.status >= 200 && answer.status < 300) return answer.text;
    const asked = retryAfterMs(answer.retryAfter);
    // A server asking for more patience than the policy allows will not be better in time.
    if (!isRetryableStatus(answer.status) || last || (asked !== undefined && asked > policy.backoffMaxMs)) {
      counter.failed(id);
      throw upstreamStatus(id, answer.status);
    }
    await backoff(Math.max(backoffDelayMs(attempt, policy), asked ?? 0), now);
  }
}
