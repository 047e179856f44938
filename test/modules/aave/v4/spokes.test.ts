import { AaveV4Avalanche, AaveV4Ethereum } from '@aave-dao/aave-address-book';
import { describe, expect, it } from 'vitest';
import { aaveMarketName } from '../../../../shared/modules/aave/names.js';
import { AAVE_POSITION_CHAINS } from '../../../../shared/modules/aave/positionChains.js';
import { V4_POSITION_CHAINS, V4_SPOKE_NAMES } from '../../../../shared/modules/aave/v4/spokeNames.js';
import { V4_SPOKES } from '../../../../shared/modules/aave/v4/spokes.js';

describe('the Aave v4 spokes positions are read in', () => {
  it('are every user spoke the address book lists on Ethereum and Avalanche, each with its own oracle', () => {
    const bookSpokes = [AaveV4Ethereum, AaveV4Avalanche].flatMap((book) => book.ALL_SPOKES as readonly string[]);
    expect(V4_SPOKES.map((spoke) => spoke.spoke).sort()).toEqual([...bookSpokes].sort());
    for (const spoke of V4_SPOKES) expect(spoke.oracle).not.toBe(spoke.spoke);
    expect(V4_SPOKES.find((spoke) => spoke.market === 'aave-v4-ethereum-main')).toMatchObject({ spoke: AaveV4Ethereum.SPOKES.MAIN_SPOKE, oracle: AaveV4Ethereum.SPOKES.MAIN_SPOKE_ORACLE, chain: 'ethereum' });
  });

  it('leave out the treasury spoke, which holds no user’s position', () => {
    expect(V4_SPOKES.map((spoke) => spoke.spoke)).not.toContain(AaveV4Ethereum.TREASURY_SPOKE);
  });

  it('have a name for people each, kept in the light list the catalog reads, on chains GET /api lists', () => {
    expect(Object.keys(V4_SPOKE_NAMES).sort()).toEqual(V4_SPOKES.map((spoke) => spoke.market).sort());
    for (const chain of V4_POSITION_CHAINS) expect(AAVE_POSITION_CHAINS).toContain(chain);
    expect(aaveMarketName('aave-v4-ethereum-main')).toBe('Aave v4 Ethereum Main Spoke');
    expect(aaveMarketName('aave-v4-ethereum-lombard-btc')).toBe('Aave v4 Ethereum Lombard BTC Spoke');
    expect(aaveMarketName('aave-v4-avalanche-avax-correlated')).toBe('Aave v4 Avalanche AVAX Correlated Spoke');
    // Names that are no spoke's keep the v3 rule.
    expect(aaveMarketName('aave-v3-ethereum-lido')).toBe('Aave v3 Ethereum Prime');
  });
});
