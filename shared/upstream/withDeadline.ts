/** Raised when a component does not answer within its deadline. */
export class DeadlineExceededError extends Error {
  readonly callerFacing = true;
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'DeadlineExceededError';
  }
}

/**
 * Runs `work` with an AbortSignal that fires after `ms`, and stops waiting at that moment even
 * if the work ignores the signal: one slow upstream never holds a scan past its deadline.
 */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new DeadlineExceededError(ms));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
