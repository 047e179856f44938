import * as book from '@aave-dao/aave-address-book';
import { describe, expect, it } from 'vitest';
import { AAVE_MARKETS, BOOK_MARKETS, marketSlugOf } from '../../../shared/modules/aave/exposure/markets.js';
import { marketOfPool } from '../../../shared/modules/aave/marketOfPool.js';
import { PAYLOAD_CHAINS } from '../../../shared/modules/aave/payloadChains.js';
import { AAVE_PAYLOAD_CHAINS, AAVE_POSITION_CHAINS } from '../../../shared/modules/aave/positionChains.js';
import { aaveInfo } from '../../../shared/modules/aave/info.js';

/*
 * The markets come from @aave-dao/aave-address-book, not from lists of ours (issue #22 item 1):
 * every mainnet v3 market the book lists on a chain we have an upstream for is read, named as the
 * feed names the market a payload configures.
 */
const served = (chainId: number) => chainId === 1 || PAYLOAD_CHAINS[chainId] !== undefined;
// Not Aave DAO markets, though on a served chain: the Ink whitelabel instance.
const NOT_DAO = new Set(['AaveV3InkWhitelabel']);

describe('the Aave markets the exposure reads', () => {
  it('are every v3 market of the address book on a chain an upstream serves', () => {
    const inBook = Object.entries(book)
      .filter(([name, value]) => /^AaveV3[A-Z]/.test(name) && typeof value === 'object' && value !== null && 'POOL' in value && 'CHAIN_ID' in value)
      .filter(([name, value]) => served((value as { CHAIN_ID: number }).CHAIN_ID) && !NOT_DAO.has(name))
      .map(([name]) => name)
      .sort();
    expect(Object.keys(BOOK_MARKETS).sort()).toEqual(inBook);
  });

  it('take their pool, addresses provider and oracle from the book', () => {
    for (const [name, entry] of Object.entries(BOOK_MARKETS)) {
      const market = AAVE_MARKETS.find((candidate) => candidate.market === marketSlugOf(name, entry.CHAIN_ID))!;
      expect([market.pool, market.addressesProvider, market.oracle, market.viemChain.id]).toEqual([entry.POOL, entry.POOL_ADDRESSES_PROVIDER, entry.ORACLE, entry.CHAIN_ID]);
    }
  });

  it('are named as marketOfPool names the pool a payload configures (its network name)', () => {
    const networks: Record<string, string> = { AaveV3EthereumLido: 'Ethereum Lido', AaveV3EthereumEtherFi: 'Ethereum EtherFi', AaveV3EthereumHorizon: 'Ethereum Horizon', AaveV3Ethereum: 'Ethereum', AaveV3BNB: 'BNB Smart Chain', AaveV3Arbitrum: 'Arbitrum', AaveV3ZkSync: 'ZkSync', AaveV3XLayer: 'XLayer' };
    for (const [name, network] of Object.entries(networks)) expect(marketSlugOf(name, BOOK_MARKETS[name]!.CHAIN_ID)).toBe(marketOfPool(BOOK_MARKETS[name]!.CHAIN_ID, network));
    // Without a network name, marketOfPool names the chain's market as the exposure does.
    for (const market of AAVE_MARKETS.filter((entry) => entry.chain !== 'ethereum')) expect(marketOfPool(market.viemChain.id, undefined)).toBe(market.market);
  });

  it('sit on the chains the module lists for GET /api (a light list the catalog reads without the book)', () => {
    expect([...new Set(AAVE_MARKETS.map((market) => market.chain))]).toEqual([...AAVE_POSITION_CHAINS]);
    expect(aaveInfo.chains).toBe(AAVE_POSITION_CHAINS);
  });

  it('have their payload chains in a light list too, which names the upstreams the module declares', () => {
    expect(Object.values(PAYLOAD_CHAINS).map((chain) => chain.upstream).sort()).toEqual([...AAVE_PAYLOAD_CHAINS].sort());
    // Unichain's upstream serves Compound's Comets alone: no Aave market or payload runs there.
    expect(aaveInfo.upstreams.map((upstream) => upstream.id)).toEqual(expect.arrayContaining([...AAVE_PAYLOAD_CHAINS, 'megaeth']));
    expect(aaveInfo.upstreams.map((upstream) => upstream.id)).not.toContain('unichain');
  });
});
