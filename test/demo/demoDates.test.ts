import { describe, expect, it } from 'vitest';
import { demoClock } from '../../shared/demo/demoClock.js';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { MODULE_ENTRIES } from '../../shared/modules/loaders.js';
import { proposalTiming } from '../../web/proposalCard.js';

/** Every module's demo proposals as the scan builds them for a demo wallet at `now`. */
async function demoProposals(now: Date): Promise<FeedProposal[]> {
  const modules = await Promise.all(MODULE_ENTRIES.map((entry) => entry.load()));
  return modules.flatMap((module) => module.demo.proposals(now));
}

/** A card's timing line as a reader sees it, the dates themselves dropped: what stays the same any day. */
const phrases = (proposal: FeedProposal, now: Date) => proposalTiming(proposal, { asOf: now.toISOString() }).text.replace(/<time[^>]*>[^<]*<\/time>/g, '<date>');

// Two clocks years apart, neither on the hour.
const CLOCKS = [new Date('2026-11-22T12:34:56Z'), new Date('2031-03-09T07:45:00Z')] as const;

describe('demo dates count from the clock', () => {
  it('tells the same story on any day: every timing phrase is the same under two clocks, only the dates move', async () => {
    const [first, second] = await Promise.all(CLOCKS.map(demoProposals));
    expect(first!.length).toBeGreaterThan(10);
    expect(first!.map((proposal) => phrases(proposal, CLOCKS[0]))).toEqual(second!.map((proposal) => phrases(proposal, CLOCKS[1])));
    // The same offsets from the start of each clock's hour.
    const shift = Date.parse('2031-03-09T07:00:00Z') - Date.parse('2026-11-22T12:00:00Z');
    for (const [index, proposal] of first!.entries()) expect(Date.parse(second![index]!.timeline.created!) - Date.parse(proposal.timeline.created!)).toBe(shift);
  });

  it('says how far each date is: a pending vote opens later, a spell still executable "Ends" ahead, an old vote "ended" ago', async () => {
    const now = CLOCKS[1];
    const byId = Object.fromEntries((await demoProposals(now)).map((proposal) => [proposal.id, phrases(proposal, now)]));
    expect(byId['aave-demo-1']).toBe('Vote ends <date>, in 5\u00a0days');
    expect(byId['spark-demo-1']).toBe('Ends <date>, in 4\u00a0days');
    expect(byId['compound-demo-1']).toBe('Vote ended <date>, 46\u00a0days ago · Effective <date>, 44\u00a0days ago');
    expect(byId['xrpl-demo-amendment']).toBe('Takes effect <date>, in 6\u00a0days');
  });

  it('keeps every status true at the clock: open votes end ahead, pending ones open ahead, decided ones ended before', async () => {
    for (const now of CLOCKS) {
      for (const proposal of await demoProposals(now)) {
        const { start, end, created } = proposal.timeline;
        expect(Date.parse(created!), proposal.id).toBeLessThanOrEqual(now.getTime());
        expect(proposal.firstSeen, proposal.id).toBe(created);
        if (proposal.status === 'active') expect(Date.parse(end!), proposal.id).toBeGreaterThan(now.getTime());
        if (proposal.status === 'pending') expect(Date.parse(start!), proposal.id).toBeGreaterThan(now.getTime());
        if (['executed', 'closed', 'canceled'].includes(proposal.status) && end) expect(Date.parse(end), proposal.id).toBeLessThan(now.getTime());
      }
    }
  });

  it('counts from the start of the clock’s hour, so every request within an hour sees the same dates', () => {
    expect(demoClock(new Date('2026-11-22T12:34:56Z'))(2, 21)).toBe('2026-11-25T09:00:00.000Z');
    expect(demoClock(new Date('2026-11-22T12:00:00Z'))(-4, -3)).toBe('2026-11-18T09:00:00.000Z');
  });
});
