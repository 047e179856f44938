import { afterEach, describe, expect, it } from 'vitest';
import { PartialPositions } from '../../shared/modules/partialPositions.js';
import { positionsOnChains } from '../../shared/modules/positionsOnChains.js';
import type { ComponentContext } from '../../shared/modules/types.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';

const CHAINS = Array.from({ length: 19 }, (_, index) => `chain${index}`);
const contextOf = (signal: AbortSignal): ComponentContext => ({ signal, now: new Date('2026-11-26T00:00:00Z'), upstreams: createUpstreams({ endpoints: {}, env: {} }), deadlineMs: 10_000 });

/** A read that settles only when its signal aborts, keeping the signal. */
function hangingReads() {
  const signals: AbortSignal[] = [];
  const read = (_chain: string, signal: AbortSignal) =>
    new Promise<never>((_, reject) => {
      signals.push(signal);
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  return { signals, read };
}

describe('positionsOnChains', () => {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  afterEach(() => {
    process.off('warning', onWarning);
    warnings.length = 0;
  });

  it('passes the scan’s abort to every chain’s read, with its reason, and keeps no chain’s positions it did not read', async () => {
    const scan = new AbortController();
    const { signals, read } = hangingReads();
    const reading = positionsOnChains(CHAINS, read, contextOf(scan.signal));
    await new Promise((resolve) => setImmediate(resolve));
    scan.abort(new Error('the scan gave up'));
    const failure = await reading.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PartialPositions);
    expect((failure as PartialPositions).chains.map(({ cause }) => String(cause))).toEqual(CHAINS.map(() => 'Error: the scan gave up'));
    expect(signals).toHaveLength(CHAINS.length);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });

  it('links 19 chains to the scan without Node’s listener-leak warning', async () => {
    process.on('warning', onWarning);
    const scan = new AbortController();
    await positionsOnChains(CHAINS, async () => [], contextOf(scan.signal));
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map(({ name }) => name)).not.toContain('MaxListenersExceededWarning');
  });

  it('stops following the scan once every chain has answered', async () => {
    const scan = new AbortController();
    const signals: AbortSignal[] = [];
    await positionsOnChains(CHAINS, async (_chain, signal) => (signals.push(signal), []), contextOf(scan.signal));
    scan.abort(new Error('later'));
    expect(signals.some((signal) => signal.aborted)).toBe(false);
  });
});
