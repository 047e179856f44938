import { describe, expect, it } from 'vitest';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { needsAttention } from '../../shared/scan/needsAttention.js';
import type { ScannedProposal } from '../../shared/scan/scanResult.js';
import { attentionStrip, timeLeft } from '../../web/attentionStrip.js';
import { change, proposal } from '../simulate/fixtures.js';

const AS_OF = '2026-11-25T12:00:00.000Z';
const live = { asOf: AS_OF };
const recorded = { asOf: AS_OF, recording: { modules: { aave: '2022-12-26T00:00:00Z' } } };
const text = (markup: { text: string }) => markup.text.replace(/<[^>]+>/g, '');

describe('the time left, on the page’s clock', () => {
  it.each([
    [{ kind: 'vote_ends', at: '2026-11-27T12:00:00.000Z' }, 'vote ends in 2\u00a0days'],
    [{ kind: 'executes', at: '2026-11-26T06:00:00.000Z' }, 'executes in 18\u00a0hours'],
    [{ kind: 'executes', at: '2026-11-22T12:00:00.000Z' }, 'was due to execute 3\u00a0days ago'],
    [{ kind: 'window_ends', at: '2026-11-29T16:00:00.000Z' }, 'ends in 4\u00a0days'],
    [{ kind: 'vote_ends', at: '2026-11-24T12:00:00.000Z' }, 'vote ended 24\u00a0hours ago'],
  ] as const)('words %j as "%s", with the date on hover', (deadline, words) => {
    const markup = timeLeft(deadline, live);
    expect(text(markup)).toBe(words);
    expect(markup.text).toContain(`<time datetime="${deadline.at}" title="`);
  });

  it('says only the date under a recording, never a phrase counted from today', () => {
    const words = text(timeLeft({ kind: 'vote_ends', at: '2026-12-01T09:00:00.000Z' }, recorded));
    expect(words).toBe('vote ends Dec 1, 2026, 09:00 UTC (as recorded)');
    expect(words).not.toMatch(/\bin \d|ago/);
  });
});

const account = { market: 'aave-v3-ethereum', healthFactor: 1.42, debtUsd: 33_080, collateral: [{ asset: 'WETH', valueUsd: 37_800, liquidationThreshold: 8300 }, { asset: 'USDC', valueUsd: 20_000, liquidationThreshold: 7800 }] };
const critical = (fields: Partial<FeedProposal> = {}): ScannedProposal => ({
  proposal: proposal([], { status: 'active', timeline: { end: '2026-11-27T12:00:00.000Z' }, ...fields }),
  impact: { level: 'critical', summary: 'could be liquidated', estimatedChange: 'health factor 1.420 → 0.948', analysisStatus: 'simulated' },
  accounts: [{ account, changes: [change({ asset: 'USDC', parameter: 'liquidationThreshold', to: 0 })] }],
});

describe('the strip', () => {
  it('names the repay and the collateral to add, rounded up to three significant digits so the amount is enough', () => {
    const words = text(attentionStrip(needsAttention([critical()], { 'aave-v3-ethereum': { prices: { WETH: 3_150 }, borrowed: ['USDT'] } }), live));
    // 4,558.55 → $4,560; 6,041.45 → $6,050 (test/simulate/safetyActions.test.ts works them by hand).
    expect(words).toContain('Repay about $4,560 or add about $6,050 of WETH collateral');
    expect(words).toContain('health factor 1.420 → 0.948 · vote ends in 2\u00a0days');
    expect(words).toContain('needs WETH above about $3,321 (WETH is 100');
  });

  it('links the title to our proposal page, its id encoded, and offers the vote link of the proposal’s primary source', () => {
    const markup = attentionStrip(needsAttention([critical({ id: 'aave-a/b?c', sourceLinks: [{ url: 'https://vote.onaave.com/proposal/?proposalId=1', label: 'Aave governance' }] })]), live).text;
    expect(markup).toContain('href="/p/aave-a%2Fb%3Fc"');
    expect(markup).toContain('Vote or follow it: <a href="https://vote.onaave.com/proposal/?proposalId=1" rel="noopener noreferrer nofollow ugc">Aave governance</a>');
  });

  it('never links the sources of a proposal held back as spam', () => {
    const markup = attentionStrip(needsAttention([critical({ spam: { rule: 'test', reason: 'phishing' }, sourceLinks: [{ url: 'https://phish.example', label: 'Claim' }] })]), live).text;
    expect(markup).not.toContain('phish.example');
  });

  it('says so when nothing is critical or high', () => {
    expect(text(attentionStrip({ items: [], combined: [] }, live))).toContain('Nothing critical or high');
  });
});
