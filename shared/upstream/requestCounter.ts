import { UPSTREAM_IDS, type UpstreamId } from './endpoints.js';

/** What one upstream was asked, since the counter was created. */
export interface UpstreamCounts {
  /** HTTP requests (or WebSocket requests) actually sent, retries included. */
  requests: number;
  /** Of those, the ones that were retries. */
  retries: number;
  /** Calls carried: a JSON-RPC batch of 5 is 1 request and 5 calls. */
  calls: number;
  /** Requests that finally failed (after their retries): an error or a non-2xx answer. */
  failures: number;
}

export type CountsByUpstream = Record<UpstreamId, UpstreamCounts>;

const zero = (): UpstreamCounts => ({ requests: 0, retries: 0, calls: 0, failures: 0 });

/**
 * Counts requests per upstream, for tests and the bench: take a snapshot before a scan or a feed
 * build and `countsSince` it afterwards. Counts from concurrent work in the same process mix.
 */
export class RequestCounter {
  private readonly counts = Object.fromEntries(UPSTREAM_IDS.map((id) => [id, zero()])) as CountsByUpstream;

  /** One request went out; `calls` is how many calls it carried. */
  sent(id: UpstreamId, { retry = false, calls = 1 }: { retry?: boolean; calls?: number } = {}): void {
    const counts = this.counts[id];
    counts.requests += 1;
    if (retry) counts.retries += 1;
    else counts.calls += calls;
  }

  failed(id: UpstreamId): void {
    this.counts[id].failures += 1;
  }

  snapshot(): CountsByUpstream {
    return Object.fromEntries(UPSTREAM_IDS.map((id) => [id, { ...this.counts[id] }])) as CountsByUpstream;
  }

  /** What happened since `before` (a snapshot of this counter). */
  countsSince(before: CountsByUpstream): CountsByUpstream {
    return countsBetween(before, this.snapshot());
  }
}

/** The difference of two snapshots, per upstream. Pure. */
export function countsBetween(before: CountsByUpstream, after: CountsByUpstream): CountsByUpstream {
  return Object.fromEntries(
    UPSTREAM_IDS.map((id) => [
      id,
      {
        requests: after[id].requests - before[id].requests,
        retries: after[id].retries - before[id].retries,
        calls: after[id].calls - before[id].calls,
        failures: after[id].failures - before[id].failures,
      },
    ]),
  ) as CountsByUpstream;
}

/** Total requests across upstreams in a snapshot or a difference. */
export const totalRequests = (counts: CountsByUpstream): number => UPSTREAM_IDS.reduce((sum, id) => sum + counts[id].requests, 0);
