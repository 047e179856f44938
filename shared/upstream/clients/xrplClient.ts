import { Client, RippledError, TimeoutError, type Request } from 'xrpl';
import { backoffDelayMs } from '../callPolicy.js';
import { assertChain, CHAINS } from '../chainIdentity.js';
import { UpstreamError, upstreamTimeout, upstreamUnreachable } from '../errors.js';
import { isXrplRead } from '../isIdempotentRead.js';
import { sleep } from '../upstreamFetch.js';
import type { Upstream } from '../upstreams.js';

/** Marks a request object as a retry; spread copies it along, JSON.stringify leaves it out. */
const RETRY = Symbol('govex.retry');

/**
 * An xrpl.js Client on the XRPL upstream's WebSocket URL, with the per-call deadline as its request
 * timeout. Every request it sends is counted, the server_info that connect() sends included: the
 * client's Connection.request is the one door all of them pass.
 *
 * @example
 * const client = xrplClient(upstreams().xrpl);
 * await client.connect();
 */
export function xrplClient(upstream: Upstream): Client {
  const deadline = upstream.policy.deadlineMs;
  const client = new Client(upstream.url, { timeout: deadline, connectionTimeout: deadline });
  const connection = client.connection;
  const send = connection.request.bind(connection);
  connection.request = ((request: Request & { [RETRY]?: boolean }, timeout?: number) => {
    upstream.counter.sent(upstream.id, { retry: request[RETRY] === true });
    return send(request, timeout);
  }) as typeof connection.request;
  return client;
}

/**
 * A connected client whose server is on XRPL mainnet. connect() already asks server_info (xrpl.js
 * caches network_id and build_version from it) so the check costs no extra request.
 *
 * @throws UpstreamError upstream_unreachable, upstream_timeout, or upstream_wrong_chain.
 */
export async function connectXrpl(upstream: Upstream): Promise<Client> {
  const client = xrplClient(upstream);
  try {
    await client.connect();
  } catch (error) {
    await client.disconnect().catch(() => undefined);
    throw upstreamUnreachable(upstream.id, error);
  }
  // xrpl.js logs and swallows a failed server_info inside connect(); build_version is then unset.
  if (client.buildVersion === undefined) {
    await client.disconnect().catch(() => undefined);
    throw upstreamTimeout(upstream.id, upstream.policy.deadlineMs);
  }
  try {
    // rippled reports network_id only when the server configures one; mainnet's is 0 (UNCONFIRMED
    // that every mainnet server sets it, so an absent id is taken as mainnet).
    assertChain(upstream.id, CHAINS.xrplMainnet, client.networkID ?? 0);
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
 * backoff; other commands go out once. Failures are counted and come back as UpstreamError.
 *
 * @example
 * const info = await readXrpl(client, upstream, { command: 'account_info', account, ledger_index: 'validated' });
 */
export async function readXrpl<R extends Request>(client: Client, upstream: Upstream, request: R): ReturnType<typeof client.request<R>> {
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
      await sleep(backoffDelayMs(attempt, upstream.policy));
    }
  }
}

/**
 * Runs `work` on one connected mainnet client and always disconnects. Aborting `signal` closes the
 * connection, which fails the requests in flight; the signal's reason then wins over their errors.
 *
 * @example
 * const info = await withXrplConnection(upstream, signal, (client) => readXrpl(client, upstream, { command: 'account_info', account }));
 */
export async function withXrplConnection<T>(upstream: Upstream, signal: AbortSignal, work: (client: Client) => Promise<T>): Promise<T> {
  signal.throwIfAborted();
  const client = await connectXrpl(upstream);
  const close = () => void client.disconnect().catch(() => undefined);
  signal.addEventListener('abort', close, { once: true });
  try {
    // An abort during connect() found no listener yet.
    signal.throwIfAborted();
    return await work(client);
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
