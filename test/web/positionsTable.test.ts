import { describe, expect, it } from 'vitest';
import type { Position } from '../../shared/contract/position.js';
import { positionsTable } from '../../web/positionsTable.js';

const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/[ \n\t]+/g, ' ').trim();
const rows = (positions: Position[]) => positionsTable(positions).text.split('<tr>').slice(2).map(text);
const base = { user_address: 'x', amount: '1' };

describe('the positions table', () => {
  it('shows a Hub delegation, its rewards and the liquid ATOM apart, with the validators’ names', () => {
    const [delegated, rewards, liquid] = rows([
      { ...base, id: 'd', protocol: 'cosmoshub', chain: 'cosmoshub', holding: 'delegated', name: 'Figment, Chorus One', asset: 'ATOM', amount: '1200', apy: 0.1727 },
      { ...base, id: 'r', protocol: 'cosmoshub', chain: 'cosmoshub', holding: 'rewards', asset: 'ATOM', amount: '4.2' },
      { ...base, id: 'l', protocol: 'cosmoshub', chain: 'cosmoshub', holding: 'liquid', asset: 'ATOM', amount: '35.5' },
    ]);
    expect(delegated).toBe('Cosmos Hub Figment, Chorus One ATOM delegated 1,200 — 17.27\u00a0%');
    expect(rewards).toContain('ATOM rewards, not withdrawn 4.2');
    expect(liquid).toContain('ATOM in the account 35.5');
  });

  it('names a trust line’s issuer, short, with the whole account on hover, and the part of the account by its words (the ledger named once)', () => {
    const markup = positionsTable([{ ...base, id: 't', protocol: 'xrpl', chain: 'xrpl', market: 'trustlines', holding: 'liquid', issuer: 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B', asset: 'USD', amount: '250' }]).text;
    expect(text(markup)).toContain('XRP Ledger trust lines USD in the account issued by rvYAfWj5…ubs59B 250');
    expect(markup).toContain('title="rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B"');
    expect(markup).not.toContain('trustlines');
  });

  it('names a lending market by its module, the chain only where the name does not say it, and a vault by its own name', () => {
    const [aave, vault, lido] = rows([
      { ...base, id: 'a', protocol: 'aave', chain: 'arbitrum', market: 'aave-v3-arbitrum', asset: 'USDC', debt: '1', healthFactor: 1.95, apy: 0.058 },
      { ...base, id: 'v', protocol: 'morpho', chain: 'base', market: 'metamorpho-base-0xc1256ae5ff1cf2719d4937adb3bbccab2e00a2ca', holding: 'vault', name: 'Moonwell Flagship USDC', asset: 'USDC' },
      { ...base, id: 's', protocol: 'lido', chain: 'ethereum', holding: 'staked', asset: 'stETH' },
    ]);
    expect(aave).toBe('Aave Aave v3 Arbitrum USDC borrowed 1 — 5.8\u00a0% 1.95');
    expect(vault).toContain('Morpho Morpho vault on Base Moonwell Flagship USDC USDC vault shares');
    expect(lido).toContain('Lido Ethereum stETH staked');
  });

  it('leaves out the market, APY and health factor columns when no position has them', () => {
    const markup = positionsTable([{ ...base, id: 'x', protocol: 'jito', asset: 'JitoSOL' }]).text;
    expect(markup).not.toMatch(/>Market<|>APY<|>Health factor</);
  });
});
