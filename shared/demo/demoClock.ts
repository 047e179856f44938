/**
 * The demo story's dates, counted from the clock that serves it (Services.now): a demo vote "ends in
 * 3 days" whichever day someone opens the demo, where fixed dates would soon read as a vote that ended
 * before it was due. Counted from the start of `now`'s hour, so dates read as whole hours and stay the
 * same for every request within that hour. Pure.
 *
 * @example demoClock(new Date('2026-11-22T12:34:00Z'))(2, 21) // '2026-11-25T09:00:00.000Z'
 */
export function demoClock(now: Date): (days: number, hours?: number) => string {
  const hour = Math.floor(now.getTime() / HOUR) * HOUR;
  return (days, hours = 0) => new Date(hour + (days * 24 + hours) * HOUR).toISOString();
}

const HOUR = 3_600_000;
