import { describe, expect, it } from 'vitest';
import { catalog } from '../../shared/api/catalog.js';
import { CatalogResponse } from '../../shared/contract/responses.js';
import { AAVE_MARKETS } from '../../shared/modules/aave/exposure/markets.js';

/* GET /api lists the chains each protocol's positions are read on (issue #22 item 1). */
describe('the catalog’s protocols', () => {
  const body = catalog('https://govex.example', { rateLimit: { quota: 60, windowSeconds: 60, secret: 's' } } as never);
  const chainsOf = (slug: string) => body.protocols.find((protocol) => protocol.slug === slug)?.chains;

  it('list Aave on the chains of every market it reads, Ethereum first', () => {
    expect(chainsOf('aave')).toEqual([...new Set(AAVE_MARKETS.map((market) => market.chain))]);
    expect(chainsOf('aave')).toHaveLength(20);
    expect(chainsOf('aave')?.slice(0, 4)).toEqual(['ethereum', 'polygon', 'avalanche', 'arbitrum']);
  });

  it('list a module of one chain on its address kind’s chain', () => {
    expect(chainsOf('lido')).toEqual(['ethereum']);
    expect(chainsOf('jito')).toEqual(['solana']);
    expect(chainsOf('cosmoshub')).toEqual(['cosmoshub']);
    expect(chainsOf('xrpl')).toEqual(['xrpl']);
  });

  it('list Compound on the chains of every Comet it reads', () => {
    expect(chainsOf('compound')).toEqual(['ethereum', 'arbitrum', 'base', 'linea', 'mantle', 'optimism', 'polygon', 'scroll', 'unichain']);
  });

  it('match the contract’s schema', () => {
    expect(CatalogResponse.safeParse(body).success).toBe(true);
  });
});
