import { UpstreamError, upstreamMalformed, upstreamStatus } from '../errors.js';
import type { Upstream } from '../upstreams.js';

export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/**
 * Runs a GraphQL query (Snapshot hub) and returns its `data`. A query is an idempotent read, so
 * the upstream retries it; GraphQL `errors` (e.g. Snapshot's "argument must not be greater than")
 * are the caller's mistake and are not retried.
 *
 * @throws UpstreamError upstream_status, upstream_malformed, or upstream_error for GraphQL errors.
 * @example
 * const { proposals } = await graphqlQuery<{ proposals: Proposal[] }>(services.upstreams.snapshot, { query, variables: { spaces } }, signal);
 */
export async function graphqlQuery<T>(upstream: Upstream, request: GraphqlRequest, signal?: AbortSignal): Promise<T> {
  const response = await upstream.fetch(upstream.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(request),
    ...(signal && { signal }),
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw upstreamStatus(upstream.id, response.status);
  }
  let body: { data?: T; errors?: { message?: string }[] };
  try {
    body = (await response.json()) as typeof body;
  } catch (error) {
    throw upstreamMalformed(upstream.id, error);
  }
  if (body.errors?.length) {
    throw new UpstreamError('upstream_error', upstream.id, `GraphQL error: ${body.errors.map((error) => error.message).join('; ').slice(0, 300)}`);
  }
  if (body.data === undefined || body.data === null) throw upstreamMalformed(upstream.id, new Error('no data in the GraphQL answer'));
  return body.data;
}
