import { describe, expect, it } from 'vitest';
import { DeadlineExceededError, withDeadline } from '../../shared/upstream/withDeadline.js';

/** Work that settles only when its signal aborts, with the signal's reason. */
const untilAborted = (signal: AbortSignal) => new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));

describe('withDeadline', () => {
  it('answers with the work’s value before the deadline', async () => {
    await expect(withDeadline(1_000, async () => 42)).resolves.toBe(42);
  });

  it('rejects with DeadlineExceededError at the deadline, aborting the work’s signal, even if the work ignores it', async () => {
    let seen: AbortSignal | undefined;
    const ignoring = (signal: AbortSignal) => {
      seen = signal;
      return new Promise<never>(() => undefined);
    };
    await expect(withDeadline(20, ignoring)).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(seen!.aborted).toBe(true);
  });

  it('aborts the work’s signal with the parent’s reason when the parent aborts first', async () => {
    const parent = new AbortController();
    const running = withDeadline(10_000, untilAborted, parent.signal);
    parent.abort(new Error('the scan gave up'));
    await expect(running).rejects.toThrow('the scan gave up');
  });

  it('hands the work an aborted signal when the parent has already aborted', async () => {
    const parent = new AbortController();
    parent.abort(new Error('already over'));
    let aborted: boolean | undefined;
    await withDeadline(
      10_000,
      async (signal) => {
        aborted = signal.aborted;
      },
      parent.signal,
    );
    expect(aborted).toBe(true);
  });

  it('stops following the parent once the work has settled (a scan’s signal outlives each chain’s read)', async () => {
    const parent = new AbortController();
    let child: AbortSignal | undefined;
    await withDeadline(
      10_000,
      async (signal) => {
        child = signal;
      },
      parent.signal,
    );
    parent.abort(new Error('later'));
    expect(child!.aborted).toBe(false);
  });
});
