import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { scanWallet } from '../../shared/scan/scanWallet.js';
import type { ScannedProposal } from '../../shared/scan/scanResult.js';
import { walletEntryId, walletFeed, type WalletFeedInput } from '../../web/walletFeed.js';
import { testServices } from '../support/services.js';
import { atomViolations } from './atomRules.js';

/*
 * A wallet's own Atom feed (issue #24 item 1), rendered from the scan of the demo evm wallet on a
 * fixed clock, read back with a real feed parser (@rowanmanning/feed-parser) and checked against
 * RFC 4287's rules (atomRules.ts).
 */

const NOW = '2026-11-25T12:00:00.000Z';
const wallet = demoWallet('evm');
const scan = await scanWallet(wallet, undefined, testServices({ now: () => new Date(NOW) }));
const BASE = 'https://govex.example';
const input = (proposals: readonly ScannedProposal[] = scan.matched, asOf = NOW): WalletFeedInput => ({ shown: wallet.address, address: wallet.address, mode: 'mock', proposals, base: BASE, asOf });

describe('a wallet’s Atom feed', () => {
  const { body, updated } = walletFeed(input());

  it('is a valid Atom feed a feed reader reads: one entry per proposal touching the wallet', () => {
    expect(atomViolations(body)).toEqual([]);
    const feed = parseFeed(body);
    expect(feed.title).toBe(`Govex: proposals touching ${wallet.address}`);
    expect(feed.items.map((item) => item.id)).toEqual(scan.matched.map(({ proposal }) => walletEntryId(wallet.address, proposal.id)));
    expect(feed.self).toBe(`${BASE}/w/${wallet.address}/feed.atom`);
    expect(feed.updated?.toISOString().replace('.000Z', 'Z')).toBe(updated);
  });

  it('links each entry to its proposal page and the wallet page, absolutely, and says its level, figure, deadline and why', () => {
    const feed = parseFeed(body);
    const critical = feed.items.find((item) => item.id === walletEntryId(wallet.address, 'aave-demo-1'))!;
    expect(critical.url).toBe(`${BASE}/p/aave-demo-1`);
    expect(critical.title).toMatch(/^Critical impact · Aave: /);
    expect(critical.content).toContain('health factor 1.420 → 0.948');
    expect(critical.content).toContain('Why it is here: it changes USDC');
    expect(critical.content).toContain('voting not started, opens Nov 28, 2026');
    expect(critical.content).toContain(`href="${BASE}/w/${wallet.address}"`);
    expect(critical.content).toContain(`href="${BASE}/p/aave-demo-1"`);
  });

  it('is the same bytes for the same scan: nothing in it is the time of the request', () => {
    expect(walletFeed(input()).body).toBe(body);
  });

  it('moves an entry’s updated when its level or figure changes, or a date of the proposal is reached; not otherwise', () => {
    const entryUpdated = (proposals: readonly ScannedProposal[], asOf = NOW) => parseFeed(walletFeed(input(proposals, asOf)).body).items[0]!.updated!.toISOString();
    const item = scan.matched.find(({ proposal }) => proposal.id === 'aave-demo-2')!;
    const before = entryUpdated([item]);
    expect(entryUpdated([item], '2026-11-30T00:00:00.000Z')).toBe(before);
    expect(entryUpdated([{ ...item, impact: { ...item.impact!, level: 'high' } }])).not.toBe(before);
    expect(entryUpdated([{ ...item, impact: { ...item.impact!, estimatedChange: 'health factor 1.42 → 1.30' } }])).not.toBe(before);
    expect(entryUpdated([{ ...item, proposal: { ...item.proposal, status: 'passed' } }])).not.toBe(before);
    // Its vote ends on 2027-01-13 12:00: from then its entry says so.
    expect(entryUpdated([item], '2027-01-13T12:05:00.000Z')).toMatch(/^2027-01-13T12:00:/);
  });

  it('escapes what strangers wrote', () => {
    const item = scan.matched[0]!;
    const hostile = { ...item, proposal: { ...item.proposal, title: 'Cap <script>alert(1)</script> & "more"', summary: ']]></content><entry>' } };
    const xml = walletFeed(input([hostile])).body;
    expect(atomViolations(xml)).toEqual([]);
    expect(parseFeed(xml).items[0]!.title).toContain('Cap <script>alert(1)</script> & "more"');
  });

  it('an empty wallet still gets a valid feed', () => {
    const empty = walletFeed(input([])).body;
    expect(atomViolations(empty)).toEqual([]);
    expect(parseFeed(empty).items).toEqual([]);
  });

  it('the rules catch a broken feed (the checker can fail)', () => {
    expect(atomViolations(body.replace('</feed>', ''))[0]).toMatch(/^not well-formed XML/);
    expect(atomViolations(body.replace(/<updated>[^<]+<\/updated>/, ''))).toContain('feed has 0 updated, not exactly one');
  });
});
