import { type CallPolicy, policyFromEnv } from './callPolicy.js';
import { ENDPOINTS, type EndpointUrls, endpointsFromEnv, UPSTREAM_IDS, type UpstreamId, type UpstreamProtocol } from './endpoints.js';
import { RequestCounter } from './requestCounter.js';
import type { Recording } from './recording.js';
import type { ReplayMiss } from './replay/replayServer.js';
import { type FetchFn, upstreamFetch } from './upstreamFetch.js';

/** One configured upstream: where it is, how calls to it are bounded, and the fetch that applies it. */
export interface Upstream {
  id: UpstreamId;
  url: string;
  protocol: UpstreamProtocol;
  policy: CallPolicy;
  /** Deadline, retries and counting for HTTP upstreams (XRPL counts through its client adapter). */
  fetch: FetchFn;
  counter: RequestCounter;
  /** The network fetch under `fetch` when one was injected (tests, synthetic chains); global fetch otherwise. */
  network?: FetchFn;
}

/**
 * Every upstream of the service, sharing one request counter. When they replay recordings
 * (UPSTREAM=recorded): `recording`, so what is shown from them says so and of when, and
 * `replayMisses`, the requests no recording answered (live), so a failure is told as not recorded.
 */
export type Upstreams = Record<UpstreamId, Upstream> & { counter: RequestCounter; recording?: Recording; replayMisses?: readonly ReplayMiss[] };

export interface CreateUpstreamsOptions {
  /** Overrides of the environment's (or default) URLs, e.g. the replay server's. */
  endpoints?: Partial<EndpointUrls>;
  /** Overrides of every upstream's policy (tests shorten deadlines and backoff). */
  policy?: Partial<CallPolicy>;
  env?: NodeJS.ProcessEnv;
  counter?: RequestCounter;
  fetch?: FetchFn;
  random?: () => number;
}

/** Builds the upstreams from the environment, with any overrides. No I/O. */
export function createUpstreams(options: CreateUpstreamsOptions = {}): Upstreams {
  const env = options.env ?? process.env;
  const urls = { ...endpointsFromEnv(env), ...options.endpoints };
  const counter = options.counter ?? new RequestCounter();
  const entries = UPSTREAM_IDS.map((id): [UpstreamId, Upstream] => {
    const policy = { ...policyFromEnv(id, env), ...options.policy };
    const protocol = ENDPOINTS[id].protocol;
    return [
      id,
      {
        id,
        url: urls[id],
        protocol,
        policy,
        counter,
        fetch: upstreamFetch({ id, protocol, policy, counter, fetch: options.fetch, random: options.random }),
        ...(options.fetch && { network: options.fetch }),
      },
    ];
  });
  return { ...(Object.fromEntries(entries) as Record<UpstreamId, Upstream>), counter };
}

/** The same upstream with a tighter policy (e.g. capped by a caller's own deadline); same counter, same network. */
export function withPolicy(upstream: Upstream, policy: Partial<CallPolicy>): Upstream {
  const merged = { ...upstream.policy, ...policy };
  return {
    ...upstream,
    policy: merged,
    fetch: upstreamFetch({ id: upstream.id, protocol: upstream.protocol, policy: merged, counter: upstream.counter, fetch: upstream.network }),
  };
}

/**
 * The same upstream with the caller's signal on every request, alongside any signal the request
 * has: for chain libraries that take no per-call signal (viem, cosmjs).
 */
export function withSignal(upstream: Upstream, signal: AbortSignal | undefined): Upstream {
  if (!signal) return upstream;
  return {
    ...upstream,
    fetch: (input, init = {}) => upstream.fetch(input, { ...init, signal: init.signal ? AbortSignal.any([init.signal, signal]) : signal }),
  };
}
