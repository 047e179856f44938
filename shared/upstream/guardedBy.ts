/**
 * The value of reads sent beside the chain check that guards them, once that check has passed.
 * Sending both at once saves a round trip; a failed check wins over the reads' own failure, since
 * the answers of a server on another network mean nothing.
 *
 * @example const positions = await guardedBy(checked, readPositions(client));
 */
export async function guardedBy<T>(check: Promise<void>, reads: Promise<T>): Promise<T> {
  const [checked, result] = await Promise.allSettled([check, reads]);
  if (checked.status === 'rejected') throw checked.reason;
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
