import { describe, expect, it } from 'vitest';
import { COMET_CONFIGURATOR, COMPOUND_GOVERNOR, COMPTROLLER, CTOKENS, GOVERNOR_BRAVO, TOKENS } from '../../../shared/modules/compound/addresses.js';
import { COMET_MARKET_NAMES, L1_BRIDGES } from '../../../shared/modules/compound/cometMarketNames.js';
import { COMET_MARKETS, UNREAD_COMETS } from '../../../shared/modules/compound/exposure/markets.js';
import { MARKET_UPDATE_DEPLOYMENTS } from '../../../shared/modules/compound/mechanisms/deployments.js';
import { UPSTREAM_IDS } from '../../../shared/upstream/endpoints.js';
import { getAddress } from 'viem';
import { readAddressSnapshot, snapshotAddresses } from '../../fixtures/addresses/addressSnapshot.js';

/*
 * Compound publishes no package of addresses: every address the module declares is checked against
 * a snapshot of compound-finance/comet (deployments/*, roots.json and configuration.json @d5a30b0)
 * and compound-finance/compound-protocol networks/mainnet.json @a3214f6. Each table is compared
 * whole, so an address added, dropped or changed on either side fails.
 */
const snapshot = readAddressSnapshot('compound');
const entries = Object.entries(snapshot.entries);
const addresses = snapshotAddresses(snapshot);
const ofKind = (kind: string) => entries.filter(([name]) => name.startsWith(`${kind}:`));

/** The one cToken no Compound-published file names (listed after networks/mainnet.json's last update). */
const UNPUBLISHED_CTOKENS = ['0x041171993284df560249b57358f931d9eb7b925d'];

describe('Compound addresses', () => {
  it('governors, Timelock-era contracts and the Configurator equal their published files', () => {
    expect({
      GOVERNOR_BRAVO: GOVERNOR_BRAVO.toLowerCase(),
      COMPOUND_GOVERNOR: COMPOUND_GOVERNOR.toLowerCase(),
      COMET_CONFIGURATOR: COMET_CONFIGURATOR.toLowerCase(),
      COMPTROLLER: COMPTROLLER.toLowerCase(),
    }).toEqual({ GOVERNOR_BRAVO: addresses.GOVERNOR_BRAVO, COMPOUND_GOVERNOR: addresses.COMPOUND_GOVERNOR, COMET_CONFIGURATOR: addresses.COMET_CONFIGURATOR, COMPTROLLER: addresses.COMPTROLLER });
  });

  it('the market-admin track read is comet’s own: the MarketUpdateTimelock its deployment test names and the chain’s Configurator proxy (roots.json)', () => {
    expect(MARKET_UPDATE_DEPLOYMENTS.map(({ upstream: chain, timelock, configurator }) => ({ chain, timelock: timelock.toLowerCase(), configurator: configurator.toLowerCase() }))).toEqual(
      [...new Set(ofKind('market-update').map(([, entry]) => String(entry.chain)))].map((chain) => ({ chain, timelock: addresses[`market-update:${chain}:timelock`], configurator: addresses[`market-update:${chain}:configurator`] })),
    );
  });

  it('every Comet proxy, per chain, is the roots.json `comet` of the market it is named after', () => {
    const published: Record<string, Record<string, string>> = {};
    for (const [, entry] of ofKind('comet')) {
      const chain = String(entry.chain);
      const name = chain === 'ethereum' ? `comet-${entry.market}` : `comet-${entry.market}-${chain}`;
      (published[chain] ??= {})[entry.address.toLowerCase()] = name;
    }
    expect(COMET_MARKET_NAMES).toEqual(published);
  });

  it('the exposure reads every Comet of the snapshot on a chain an upstream serves, each on its chain, and no other', () => {
    const served = ofKind('comet').filter(([, entry]) => (UPSTREAM_IDS as readonly string[]).includes(String(entry.chain)));
    const read = (list: readonly { market: string; comet: string; chain: string }[]) => new Set(list.map(({ market, comet, chain }) => `${chain} ${market} ${comet.toLowerCase()}`));
    const name = (chain: string, folder: string) => (chain === 'ethereum' ? `comet-${folder}` : `comet-${folder}-${chain}`);
    expect(read(COMET_MARKETS)).toEqual(read(served.map(([, entry]) => ({ market: name(String(entry.chain), String(entry.market)), comet: entry.address, chain: String(entry.chain) }))));
    expect(COMET_MARKETS).toHaveLength(26);
    expect(new Set(COMET_MARKETS.map((market) => market.chain))).toEqual(new Set(['ethereum', 'arbitrum', 'base', 'linea', 'mantle', 'optimism', 'polygon', 'scroll', 'unichain']));
    // Ethereum's USDC Comet first: the market a what-if table's change without a market lands on.
    expect(COMET_MARKETS[0]).toMatchObject({ market: 'comet-usdc', comet: getAddress(addresses['comet:ethereum:usdc']!) });
  });

  it('leaves unread only the Comets of a chain with no upstream: none since Unichain has one', () => {
    expect(UNREAD_COMETS).toEqual(ofKind('comet').filter(([, entry]) => !(UPSTREAM_IDS as readonly string[]).includes(String(entry.chain))).map(([, entry]) => `comet-${entry.market}-${entry.chain}`));
    expect(UNREAD_COMETS).toEqual([]);
    expect(COMET_MARKETS.filter((market) => market.chain === 'unichain').map((market) => market.market)).toEqual(['comet-usdc-unichain', 'comet-weth-unichain']);
  });

  it('the L1 bridge contracts are the USDC market roots.json messengers, chain for chain', () => {
    expect(L1_BRIDGES).toEqual(Object.fromEntries(ofKind('bridge').map(([, entry]) => [entry.address.toLowerCase(), entry.chain])));
  });

  it('every cToken but cUSDP is published under its symbol; cUSDP is the one with no published source', () => {
    const declared = Object.fromEntries(Object.entries(CTOKENS).filter(([address]) => !UNPUBLISHED_CTOKENS.includes(address)).map(([address, market]) => [address, market.cSymbol]));
    expect(declared).toEqual(Object.fromEntries(ofKind('ctoken').map(([, entry]) => [entry.address.toLowerCase(), entry.cSymbol])));
    expect(UNPUBLISHED_CTOKENS.map((address) => CTOKENS[address]?.cSymbol)).toEqual(['cUSDP']);
  });

  it('every known token is a Comet asset or base of that symbol in the configurations or migrations', () => {
    const declared = Object.fromEntries(Object.entries(TOKENS).map(([address, token]) => [address, token.symbol]));
    expect(declared).toEqual(Object.fromEntries(ofKind('token').map(([, entry]) => [entry.address.toLowerCase(), entry.symbol])));
  });

  it('snapshot holds 115 entries from 56 files at two commits', () => {
    expect(entries).toHaveLength(115);
    expect(Object.keys(snapshot.sources)).toHaveLength(56);
    expect(new Set(Object.values(snapshot.sources).map(({ repo, commit }) => `${repo}@${commit}`))).toEqual(
      new Set(['compound-finance/comet@d5a30b0aaeff7755f1431e87f818990902237b03', 'compound-finance/compound-protocol@a3214f67b73310d547e00fc578e8355911c9d376']),
    );
  });
});
