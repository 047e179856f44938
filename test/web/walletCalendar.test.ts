import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { scanWallet } from '../../shared/scan/scanWallet.js';
import type { ScannedProposal } from '../../shared/scan/scanResult.js';
import { calendarUid, walletCalendar, type WalletCalendarInput } from '../../web/walletCalendar.js';
import { foldLine, icsText } from '../../web/walletCalendarText.js';
import { testServices } from '../support/services.js';

/*
 * A wallet's calendar (issue #24 item 2, RFC 5545), rendered from the scan of the demo evm wallet on
 * a fixed clock and read back with ical.js.
 */

const NOW = '2026-11-25T12:00:00.000Z';
const wallet = demoWallet('evm');
const scan = await scanWallet(wallet, undefined, testServices({ now: () => new Date(NOW) }));
const BASE = 'https://govex.example';
const input = (proposals: readonly ScannedProposal[] = scan.matched): WalletCalendarInput => ({ shown: wallet.address, address: wallet.address, mode: 'mock', proposals, base: BASE, asOf: NOW });
const eventsOf = (ics: string) => new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent');

describe('a wallet’s calendar', () => {
  const { body } = walletCalendar(input());
  const events = eventsOf(body);

  it('has an event at each voting end and each effective time of the proposals touching the wallet, with stable UIDs', () => {
    const expected = scan.matched.flatMap(({ proposal }) => [
      ...(proposal.timeline.end ? [{ uid: calendarUid(wallet.address, proposal.id, 'vote-end'), at: proposal.timeline.end }] : []),
      ...(proposal.effectiveDate ? [{ uid: calendarUid(wallet.address, proposal.id, 'effective'), at: proposal.effectiveDate }] : []),
    ]);
    expect(expected.length).toBeGreaterThan(scan.matched.length);
    expect(events.map((event) => ({ uid: event.getFirstPropertyValue('uid'), at: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString() }))).toEqual(expected);
    expect(walletCalendar(input()).body).toBe(body);
  });

  it('sets an alarm 24 hours before each event, a DTSTAMP, a summary and the proposal’s absolute link', () => {
    for (const event of events) {
      const alarm = event.getFirstSubcomponent('valarm')!;
      expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
      expect((alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(-24 * 3600);
      expect(event.getFirstPropertyValue('dtstamp')).toBeTruthy();
      expect(String(event.getFirstPropertyValue('url'))).toMatch(/^https:\/\/govex\.example\/p\//);
    }
    const voteEnd = events.find((event) => event.getFirstPropertyValue('uid') === calendarUid(wallet.address, 'aave-demo-1', 'vote-end'))!;
    expect(voteEnd.getFirstPropertyValue('summary')).toMatch(/^Vote ends: Aave: /);
    expect(voteEnd.getFirstPropertyValue('description')).toContain('Critical impact for 0xde30');
  });

  it('ends every line in CRLF and folds none over 75 octets', () => {
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(body).toMatch(/\r\n [^\r\n]/);
  });

  it('escapes commas, semicolons, backslashes and line breaks in text, which the parser reads back whole', () => {
    const item = scan.matched[0]!;
    const title = 'Cap; raise, then \\ lower\nsecond line — ünïcödé ✓ '.repeat(4);
    const { body: hostile } = walletCalendar(input([{ ...item, proposal: { ...item.proposal, title } }]));
    expect(eventsOf(hostile)[0]!.getFirstPropertyValue('summary')).toBe(`Vote ends: Aave: ${title}`);
  });

  it('folds on character boundaries, never inside a UTF-8 sequence', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n').map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('an empty wallet gets an empty calendar that still parses', () => {
    const { body: empty } = walletCalendar(input([]));
    expect(eventsOf(empty)).toEqual([]);
    expect(new ICAL.Component(ICAL.parse(empty)).getFirstPropertyValue('version')).toBe('2.0');
  });
});
