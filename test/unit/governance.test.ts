import { describe, expect, it } from 'vitest';
import { proposalId } from '../../shared/governance/proposalId.js';
import { summarize } from '../../shared/governance/summarize.js';
import { isoFromUnixSeconds } from '../../shared/governance/time.js';

describe('proposalId', () => {
  it('joins protocol, source and native id', () => {
    expect(proposalId('compound', 'bravo', 289)).toBe('compound-bravo-289');
  });

  it('keeps ids to [A-Za-z0-9_-]', () => {
    expect(proposalId('lido', 'snapshot', '0xa4:78/fa')).toBe('lido-snapshot-0xa4_78_fa');
  });
});

describe('summarize', () => {
  it('takes the first prose paragraph, skipping headings and metadata', () => {
    const body = '---\ntitle: x\n---\n# AIP: weETH\n\nAuthor: Chaos Labs\n\n## Simple Summary\n\nThis proposal raises the **LTV** of [weETH](https://x) on Plasma.\n\n| a | b |';
    expect(summarize(body, 'AIP: weETH')).toBe('This proposal raises the LTV of weETH on Plasma.');
  });

  it('falls back to the title when the body has no prose', () => {
    expect(summarize('| a | b |\n|---|---|', 'Title only')).toBe('Title only');
  });

  it('caps long prose near 600 characters at a word', () => {
    const summary = summarize(`${'word '.repeat(300)}end`, 't');
    expect(summary.length).toBeLessThanOrEqual(600);
    expect(summary.endsWith('…')).toBe(true);
  });
});

describe('isoFromUnixSeconds', () => {
  it('converts seconds, bigints and strings', () => {
    expect(isoFromUnixSeconds(1765989234)).toBe('2025-12-17T16:33:54Z');
    expect(isoFromUnixSeconds(1765989234n)).toBe('2025-12-17T16:33:54Z');
    expect(isoFromUnixSeconds('1765989234')).toBe('2025-12-17T16:33:54Z');
  });

  it('treats 0 and absent as unknown', () => {
    expect(isoFromUnixSeconds(0)).toBeUndefined();
    expect(isoFromUnixSeconds(undefined)).toBeUndefined();
  });
});
