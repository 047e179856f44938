import { Client, RippledError, TimeoutError, type Request } from 'xrpl';
import { backoffDelayMs } from '../callPolicy.js';
import { assertChain, CHAINS } from '../chainIdentity.js';
import { UpstreamError, upstreamTimeout, upstreamUnreachable } from '../errors.js';
import { guardedBy } from '../guardedBy.js';
import { isXrplRead } from '../isIdempotentRead.js';
import { sleep } from '../upstreamFetch.js';
import type { Upstream } from '../upstreams.js';

/** Marks a request object as a retry; spread copies it along, JSON.stringify leaves it out. */
const RETRY = Symbol('govex.retry');

/**
 * An xrpl.js Client on the XRPL upstream's WebSocket URL, with the per-call deadline on every
 * request. Every request it sends is counted: the client's Connection.request is the one door all
 * of them pass.
 *
 * @example
 * const client = xrplClient(services.upstreams.xrpl);
 * await client.connection.connect();
 */
export function xrplClient(upstream: Upstream): Client {
  const deadline = upstream.policy.deadlineMs;
  // xrpl.js pings on an interval of its `timeout` and reconnects when a ping goes unanswered; on
  // our short-lived connections that would tear down the socket under the reads it carries (and
  // hang the disconnect racing it). So the client's own timeout is an hour, and the per-call
  // deadline is given to each request instead.
  const client = new Client(upstream.url, { timeout: HEARTBEAT_INTERVAL_MS, connectionTimeout: deadline });
  const connection = client.connection;
  const send = connection.request.bind(connection);
  connection.request = ((request: Request & { [RETRY]?: boolean }, timeout?: number) => {
    upstream.counter.sent(upstream.id, { retry: request[RETRY] === true });
    return send(request, timeout ?? deadline);
  }) as typeof connection.request;
  return client;
}

/** Longer than any connection of ours lives, so xrpl.js's heartbeat never fires. */
const HEARTBEAT_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Opens the WebSocket of an xrpl.js client without connect()'s own server_info: that request
 * would be one more sequential wait before any read, so the mainnet check goes out beside the
 * reads instead (withXrplConnection).
 *
 * @throws UpstreamError upstream_unreachable when the socket does not open.
 */
async function openXrpl(upstream: Upstream): Promise<Client> {
  const client = xrplClient(upstream);
  try {
    await client.connection.connect();
  } catch (error) {
    await client.disconnect().catch(() => undefined);
    throw upstreamUnreachable(upstream.id, error);
  }
  return client;
}

/**
 * Asks server_info and checks that the server is on XRPL mainnet.
 *
 * @throws UpstreamError upstream_timeout, upstream_wrong_chain, or what readXrpl throws.
 */
async function assertXrplMainnet(client: Client, upstream: Upstream, signal?: AbortSignal): Promise<void> {
  const answer = await readXrpl(client, upstream, { command: 'server_info' }, signal);
  // rippled reports network_id only when the server configures one; mainnet's is 0 (UNCONFIRMED
  // that every mainnet server sets it, so an absent id is taken as mainnet).
  assertChain(upstream.id, CHAINS.xrplMainnet, answer.result.info.network_id ?? 0);
}

/**
 * A connected client whose server is on XRPL mainnet: the socket, then server_info.
 *
 * @throws UpstreamError upstream_unreachable, upstream_timeout, or upstream_wrong_chain.
 */
export async function connectXrpl(upstream: Upstream): Promise<Client> {
  const client = await openXrpl(upstream);
  try {
    await assertXrplMainnet(client, upstream);
  } catch (error) {
    await client.disconnect().catch(() => undefined);
    throw error;
  }
  return client;
}

/** rippled's own "try again later" answers (api-conventions/rate-limiting, error-formatting). */
const RETRYABLE_RIPPLED_ERRORS = new Set(['slowDown', 'tooBusy', 'noNetwork', 'noCurrent', 'noClosed']);

const isRetryableXrplFailure = (error: unknown): boolean =>
  error instanceof TimeoutError ||
  (error instanceof RippledError && RETRYABLE_RIPPLED_ERRORS.has(String((error.data as { error?: unknown } | undefined)?.error)));

/**
 * A read command through the client, retried on a timeout or a busy server with the upstream's
 * backoff (cut short by `signal`); other commands go out once. Failures are counted and come back
 * as UpstreamError.
 *
 * @example
 * const info = await readXrpl(client, upstream, { command: 'account_info', account, ledger_index: 'validated' });
 */
export async function readXrpl<R extends Request>(client: Client, upstream: Upstream, request: R, signal?: AbortSignal): ReturnType<typeof client.request<R>> {
  const attempts = isXrplRead(request.command) ? upstream.policy.retries + 1 : 1;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await client.request({ ...request, [RETRY]: attempt > 1 } as R);
    } catch (error) {
      if (attempt >= attempts || !isRetryableXrplFailure(error)) {
        upstream.counter.failed(upstream.id);
        if (error instanceof TimeoutError) throw upstreamTimeout(upstream.id, upstream.policy.deadlineMs);
        if (error instanceof RippledError) throw new UpstreamError('upstream_error', upstream.id, error.message, { cause: error });
        throw upstreamUnreachable(upstream.id, error);
      }
      // An abort ends the wait too, not only the requests in flight.
      await sleep(backoffDelayMs(attempt, upstream.policy), signal);
    }
  }
}

/**
 * Runs `work` on one client whose server is on XRPL mainnet and always disconnects. The mainnet
 * check (server_info) goes out with work's first requests, so a typical read waits one round
 * trip after the socket opens, not two; work's answers count only once the check has passed, and
 * a failed check wins over work's own failure. Aborting `signal` closes the connection, which
 * fails the requests in flight; the signal's reason then wins over their errors.
 *
 * @example
 * const info = await withXrplConnection(upstream, signal, (client) => readXrpl(client, upstream, { command: 'account_info', account }));
 */
export async function withXrplConnection<T>(upstream: Upstream, signal: AbortSignal, work: (client: Client) => Promise<T>): Promise<T> {
  signal.throwIfAborted();
  const client = await openXrpl(upstream);
  const close = () => void client.disconnect().catch(() => undefined);
  signal.addEventListener('abort', close, { once: true });
  try {
    // An abort while the socket opened found no listener yet.
    signal.throwIfAborted();
    // A failed check closes the socket, so work stops at once instead of reading the wrong network.
    const checked = assertXrplMainnet(client, upstream, signal).catch((error: unknown) => {
      close();
      throw error;
    });
    return await guardedBy(checked, work(client));
  } catch (error) {
    signal.throwIfAborted();
    throw error;
  } finally {
    signal.removeEventListener('abort', close);
    await client.disconnect().catch(() => undefined);
  }
}

/** rippled's own error code (actNotFound, txnNotFound, unknownCmd…) inside an UpstreamError from readXrpl, if any. */
export function rippledErrorCode(error: unknown): string | undefined {
  const cause = error instanceof UpstreamError ? error.cause : undefined;
  return cause instanceof RippledError ? String((cause.data as { error?: unknown } | undefined)?.error) : undefined;
}
