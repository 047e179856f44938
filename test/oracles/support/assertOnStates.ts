import fc from 'fast-check';

/**
 * A property over `runs` generated states, checked against an oracle that answers over JSON-RPC:
 * every state is sent at once (the client batches them, anvil answers in parallel), which is
 * three to four times faster than fast-check's one-at-a-time async run. If any state fails, the
 * first failing one is handed to fc.assert as an example, so fast-check shrinks it against the
 * oracle as usual; the error says how many states of the run failed and the seed that draws them.
 * Returns how many states the check accepted.
 */
export async function assertOnStates<T, R>(arbitrary: fc.Arbitrary<T>, runs: number, ask: (state: T) => Promise<R>, check: (state: T, answer: R) => void): Promise<number> {
  const seed = Date.now() ^ (Math.random() * 2 ** 31);
  const states = fc.sample(arbitrary, { numRuns: runs, seed });
  const answers = await Promise.all(states.map(ask));
  const failing = states.filter((state, index) => {
    try {
      check(state, answers[index]!);
      return false;
    } catch {
      return true;
    }
  });
  if (failing.length === 0) return states.length;
  try {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (state) => check(state, await ask(state))),
      { examples: [[failing[0]!]], numRuns: 1, seed },
    );
  } catch (error) {
    (error as Error).message = `${failing.length} of ${runs} generated states disagree with the oracle (fc.sample seed ${seed}).\n${(error as Error).message}`;
    throw error;
  }
  throw new Error(`${failing.length} of ${runs} generated states disagree with the oracle (fc.sample seed ${seed}), but the first did not fail again`);
}
