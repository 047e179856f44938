import { expect, it } from 'vitest';
import type { UpstreamId } from '../../shared/upstream/endpoints.js';
import { UpstreamError } from '../../shared/upstream/errors.js';
import type { Fault } from '../../shared/upstream/replay/faults.js';
import type { Upstreams } from '../../shared/upstream/upstreams.js';
import { type Replay, TEST_POLICY } from '../upstream/replayHarness.js';

/** The UpstreamError code of a rejection, or what viem wrapped around it; the error's text where there is none. */
export function upstreamCodeOf(error: unknown): string {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) if (cause instanceof UpstreamError) return cause.code;
  return String(error);
}

/** A fault as a test names it, and the UpstreamError code the read must reject with. */
export type FaultCase = [name: string, fault: Fault, code: string];

/** The faults any upstream can be given, recorded or not: no answer to cut or rewrite is needed. */
export const HTTP_FAULTS: readonly FaultCase[] = [
  ['down (503)', { kind: 'status', status: 503 }, 'upstream_status'],
  ['hanging', { kind: 'hang' }, 'upstream_timeout'],
];

/** The faults an EVM source meets on its recorded upstream: HTTP_FAULTS, a cut body, and a node serving another chain. */
export const EVM_FAULTS: readonly FaultCase[] = [
  ...HTTP_FAULTS,
  ['cut bodies', { kind: 'malformed' }, 'upstream_malformed'],
  ['another chain', { kind: 'wrongChain' }, 'upstream_wrong_chain'],
];

export interface FaultCasesParameters {
  replay: Pick<Replay, 'server' | 'upstreams'>;
  upstream: UpstreamId;
  /** The source's whole read on these upstreams (the replay server's, TEST_POLICY's deadline, one retry). */
  read(upstreams: Upstreams): Promise<unknown>;
  faults?: readonly FaultCase[];
}

/**
 * One test per fault: with the fault injected on `upstream`, the read rejects with the fault's
 * code, so a source under a failing upstream gives no partial list (the feed keeps its last good
 * one). Call inside the file's describe, with its replay harness.
 *
 * @example faultCases({ replay, upstream: 'ethereum', read: (upstreams) => source().readProposals({ signal, now, upstreams }) });
 */
export function faultCases({ replay, upstream, read, faults = EVM_FAULTS }: FaultCasesParameters): void {
  it.each(faults)(`rejects, giving no partial list, when ${upstream} is %s`, async (_, fault, code) => {
    replay.server.faults.inject(upstream, fault);
    // TEST_POLICY's short deadline: the hang case waits it out on each attempt.
    const error = await read(replay.upstreams({ ...TEST_POLICY, retries: 1 })).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeDefined();
    expect(upstreamCodeOf(error)).toBe(code);
  });
}
