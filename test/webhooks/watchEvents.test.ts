import { describe, expect, it } from 'vitest';
import type { ImpactLevel } from '../../shared/contract/enums.js';
import type { WatchEventType } from '../../shared/contract/watch.js';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { changedProtocols } from '../../shared/webhooks/changedProtocols.js';
import { eventBody, MAX_PAYLOAD_BYTES, watchEvents } from '../../shared/webhooks/watchEvents.js';
import { feedProposal } from '../support/feed.js';

const wallet = { kind: 'evm' as const, address: '0xde30000000000000000000000000000000000001' };
const ALL: WatchEventType[] = ['proposal.matched', 'proposal.level_changed', 'proposal.status_changed', 'proposal.executed'];
const watch = (events = ALL, minImpact: ImpactLevel = 'medium') => ({ id: 'wh_AAAAAAAAAAAAAAAAAAAAAAAA', wallet, minImpact, events });
const matched = (id: string, level: ImpactLevel, status: FeedProposal['status'] = 'active', title = 'A change') => ({
  proposal: feedProposal({ id, protocol: 'aave', status, title }),
  impact: { level, summary: `${level} impact` },
});

describe('what a watch is told (pure)', () => {
  it('sends proposal.matched for each proposal at or above minImpact not seen before, and nothing below it', () => {
    const { events, seen } = watchEvents(watch(), [matched('aave-gov-1', 'high'), matched('aave-gov-2', 'low')], {}, 'https://govex.example');
    expect(events.map((event) => [event.type, event.proposal.id])).toEqual([['proposal.matched', 'aave-gov-1']]);
    expect(seen).toEqual({ 'aave-gov-1': { level: 'high', status: 'active' } });
    expect(events[0]!.proposal.url).toBe(`https://govex.example/api/proposals/aave-gov-1?address=${wallet.address}`);
  });

  it('sends level_changed, status_changed and executed with what they changed from, and nothing for what did not change', () => {
    const before = { 'aave-gov-1': { level: 'medium', status: 'active' }, 'aave-gov-2': { level: 'high', status: 'active' }, 'aave-gov-3': { level: 'high', status: 'passed' }, 'aave-gov-4': { level: 'high', status: 'active' } } as const;
    const now = [matched('aave-gov-1', 'critical'), matched('aave-gov-2', 'high', 'passed'), matched('aave-gov-3', 'high', 'executed'), matched('aave-gov-4', 'high')];
    const { events } = watchEvents(watch(), now, before, '');
    expect(events.map((event) => [event.type, event.proposal.id, event.previous])).toEqual([
      ['proposal.level_changed', 'aave-gov-1', { level: 'medium' }],
      ['proposal.status_changed', 'aave-gov-2', { status: 'active' }],
      ['proposal.executed', 'aave-gov-3', { status: 'passed' }],
    ]);
  });

  it('sends only the types the watch asked for, and remembers all the same', () => {
    const { events, seen } = watchEvents(watch(['proposal.executed']), [matched('aave-gov-1', 'high'), matched('aave-gov-3', 'high', 'executed')], { 'aave-gov-3': { level: 'high', status: 'passed' } }, '');
    expect(events.map((event) => event.type)).toEqual(['proposal.executed']);
    expect(Object.keys(seen).sort()).toEqual(['aave-gov-1', 'aave-gov-3']);
  });

  it('matches again a proposal that fell below minImpact and rose back', () => {
    const first = watchEvents(watch(), [matched('aave-gov-1', 'low')], { 'aave-gov-1': { level: 'high', status: 'active' } }, '');
    expect(first.events).toEqual([]);
    expect(watchEvents(watch(), [matched('aave-gov-1', 'high')], first.seen, '').events.map((event) => event.type)).toEqual(['proposal.matched']);
  });

  it('keeps a delivery thin: under 20 kB even for a proposal with a huge title', () => {
    const { events } = watchEvents(watch(), [matched('aave-gov-1', 'high', 'active', 'x'.repeat(200_000))], {}, '');
    const body = eventBody(watch(), events[0]!, new Date('2026-11-25T21:00:00Z'));
    expect(Buffer.byteLength(body)).toBeLessThan(MAX_PAYLOAD_BYTES);
    expect(JSON.parse(body)).toMatchObject({ type: 'proposal.matched', timestamp: '2026-11-25T21:00:00.000Z', data: { watchId: watch().id, address: wallet.address } });
  });
});

describe('which protocols a feed build changed (pure)', () => {
  const a1 = feedProposal({ id: 'aave-gov-1', protocol: 'aave', status: 'active' });
  const l1 = feedProposal({ id: 'lido-snapshot-1', protocol: 'lido', status: 'active' });

  it('names none when nothing changed, and a protocol whose proposal came, went or moved', () => {
    expect(changedProtocols([a1, l1], [a1, l1])).toEqual([]);
    expect(changedProtocols([a1], [a1, l1])).toEqual(['lido']);
    expect(changedProtocols([a1, l1], [l1])).toEqual(['aave']);
    expect(changedProtocols([a1, l1], [{ ...a1, status: 'passed' }, l1])).toEqual(['aave']);
  });

  it('ignores what a watch cannot react to (firstSeen, source bookkeeping)', () => {
    expect(changedProtocols([a1], [{ ...a1, firstSeen: '2020-01-01T00:00:00Z', sourceKey: 'aave/other' }])).toEqual([]);
  });
});
