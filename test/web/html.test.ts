import { describe, expect, it } from 'vitest';
import { escapeHtml, html, trustedHtml } from '../../web/html.js';
import { walletPage } from '../../web/walletPage.js';
import { walletHeadline } from '../../web/walletSections.js';
import { externalLink, sourceList } from '../../web/sourceLinks.js';

describe('html, the escaping template', () => {
  it('escapes every interpolation, in text and in attributes', () => {
    const hostile = `<script>alert("x")</script>' onerror='x`;
    expect(html`<p title="${hostile}">${hostile}</p>`.text).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onerror=&#39;x">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onerror=&#39;x</p>',
    );
  });

  it('nests html results unescaped, joins arrays and renders nothing for absent values', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${undefined}${null}${false}`.text).toBe('<ul><li>a&lt;b</li><li>c</li></ul>');
  });

  it('takes markup unescaped only when marked trusted', () => {
    expect(html`${trustedHtml('<br>')}${'<br>'}`.text).toBe('<br>&lt;br&gt;');
  });

  it('drops control characters XML forbids, keeps bidi controls as text', () => {
    expect(escapeHtml('a\u0000b\u0007c\u202Ed')).toBe('abc\u202Ed');
  });
});

describe('links', () => {
  it('renders an anchor only for http(s)', () => {
    expect(externalLink('https://example.org/a?b=1&c=2', 'Forum').text).toBe('<a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer nofollow ugc">Forum</a>');
    for (const url of ['javascript:alert(1)', 'data:text/html,x', ' javascript:alert(1)', 'vbscript:x', '//evil.example']) expect(externalLink(url, 'x').text).not.toContain('<a ');
  });

  it('never links a proposal held back as spam', () => {
    const links = sourceList({ sourceLinks: [{ url: 'https://phish.example/claim', label: 'Claim' }], spam: { rule: 'r', reason: 'airdrop' } }).text;
    expect(links).toContain('https://phish.example/claim');
    expect(links).not.toContain('<a ');
  });
});

describe('the wallet headline', () => {
  const matched = (level: 'critical' | 'high' | 'low') => ({ proposal: {} as never, impact: { level, summary: '' } });
  it('counts the proposals and names the most severe level', () => {
    expect(walletHeadline({ positions: 2, proposals: [matched('critical'), matched('high'), matched('critical')] })).toBe('3 proposals touch this wallet, 2 critical');
    expect(walletHeadline({ positions: 2, proposals: [matched('low')] })).toBe('1 proposal touches this wallet');
  });

  it('says plainly when nothing touches the wallet, or nothing was found', () => {
    expect(walletHeadline({ positions: 3, proposals: [] })).toBe('3 positions, no live proposal touches them');
    expect(walletHeadline({ positions: 0, proposals: [] })).toBe('No positions found for this wallet');
  });
});

describe('the wallet page when there is little to show', () => {
  const base = { shown: 'rX', kind: 'xrpl' as const, address: 'rX', mode: 'live' as const, checked: ['xrpl'], degraded: [], refreshedAt: '2026-11-22T10:00:00Z', jsonUrl: 'http://localhost/api/scan/rX' };
  it('says which protocols were checked when nothing was found', () => {
    expect(walletPage({ ...base, positions: [], proposals: [] })).toContain('Nothing found: this wallet has no positions on the protocols checked (XRP Ledger).');
  });

  it('says plainly that no proposal touches the positions it found', () => {
    const page = walletPage({ ...base, positions: [{ id: 'x', protocol: 'xrpl', asset: 'XRP', amount: '5', user_address: 'rX' }], proposals: [] });
    expect(page).toContain('No live or recent proposal touches these positions. Protocols checked: XRP Ledger.');
  });

  it('names each module and component it could not check', () => {
    const page = walletPage({ ...base, positions: [], proposals: [], degraded: [{ module: 'xrpl', component: 'exposure', message: 'timed out' }] });
    expect(page).toContain('Partial coverage.');
    expect(page).toContain('XRP Ledger — positions</li>');
    expect(page).not.toContain('xrpl/exposure');
  });
});
