import { describe, expect, it } from 'vitest';
import { BASE, ETHEREUM, MORPHO_BLUE, type MorphoChain } from '../../../shared/modules/morpho/deployment.js';
import { ADAPTIVE_CURVE_IRM, BLUE_MARKETS, EXPOSURE_READS } from '../../../shared/modules/morpho/exposure/blueMarkets.js';
import { readAddressSnapshot } from '../../fixtures/addresses/addressSnapshot.js';

/*
 * Morpho publishes no package of the addresses the module uses: they are checked against a snapshot
 * of morpho-org/morpho-blue-api-metadata (data/vaults-listing.json, data/price-feeds.json) and of
 * sparkdotfi/spark-address-registry (src/Ethereum.sol, src/Base.sol), each table compared whole.
 */
const snapshot = readAddressSnapshot('morpho');
const entries = Object.entries(snapshot.entries);
const ofKind = (kind: string) => entries.filter(([name]) => name.startsWith(`${kind}:`)).map(([, entry]) => entry);
const address = (name: string) => snapshot.entries[name]!.address.toLowerCase();
const CHAIN_IDS: Readonly<Record<MorphoChain['name'], number>> = { ethereum: 1, base: 8453 };
const CHAINS = [ETHEREUM, BASE];

describe('Morpho addresses', () => {
  it('Morpho Blue and each chain’s AdaptiveCurveIrm are the Spark registry’s MORPHO and MORPHO_DEFAULT_IRM', () => {
    expect([MORPHO_BLUE, MORPHO_BLUE].map((value) => value.toLowerCase())).toEqual([address('MORPHO_BLUE:ethereum'), address('MORPHO_BLUE:base')]);
    expect({ ethereum: ADAPTIVE_CURVE_IRM.ethereum.toLowerCase(), base: ADAPTIVE_CURVE_IRM.base.toLowerCase() }).toEqual({
      ethereum: address('ADAPTIVE_CURVE_IRM.ethereum'),
      base: address('ADAPTIVE_CURVE_IRM.base'),
    });
  });

  it('every vault read is in the api-metadata vault listing on its chain, and no listed entry is unread', () => {
    const declared = Object.fromEntries(CHAINS.map((chain) => [CHAIN_IDS[chain.name], chain.vaults.map((vault) => vault.address.toLowerCase()).sort()]));
    const listed: Record<number, string[]> = {};
    for (const entry of ofKind('vault')) (listed[Number(entry.chainId)] ??= []).push(entry.address.toLowerCase());
    expect(declared).toEqual(Object.fromEntries(Object.entries(listed).map(([chainId, vaults]) => [chainId, vaults.sort()])));
  });

  it('the listing dropped the Spark DAI vault on 2026-01-07; the module still reads it (README §2)', () => {
    const removed = ofKind('vault').filter((entry) => entry.removed !== undefined);
    expect(removed.map((entry) => [entry.address, entry.removed])).toEqual([['0x73e65DBD630f90604062f6E02fAb9138e713edD9', '2026-01-07T17:48:29Z']]);
    expect(ETHEREUM.vaults.map((vault) => vault.address)).toContain('0x73e65DBD630f90604062f6E02fAb9138e713edD9');
  });

  it('each USD feed is the Chainlink feed api-metadata lists for that token on that chain', () => {
    const declared = CHAINS.flatMap((chain) =>
      Object.entries(EXPOSURE_READS[chain.name].usdFeeds).map(([symbol, feed]) => {
        const token = Object.entries(chain.tokens).find(([, known]) => known.symbol === symbol)?.[0];
        return [CHAIN_IDS[chain.name], token, feed.toLowerCase()];
      }),
    );
    const published = ofKind('feed').map((entry) => [entry.chainId, String(entry.tokenIn).toLowerCase(), entry.address.toLowerCase()]);
    expect(new Set(ofKind('feed').map((entry) => entry.vendor))).toEqual(new Set(['Chainlink']));
    expect(declared.sort()).toEqual(published.sort());
  });

  it('the Spark DAI vault’s sUSDe/DAI markets use the registry’s MORPHO_SUSDE_ORACLE', () => {
    const sUsdeMarkets = BLUE_MARKETS.filter((market) => market.collateralToken.toLowerCase() === '0x9d39a5de30e57443bff2a8307a4256c8797a3497');
    expect(sUsdeMarkets.map((market) => market.oracle.toLowerCase())).toEqual([address('sUSDe/DAI oracle'), address('sUSDe/DAI oracle')]);
  });

  it('snapshot holds 22 entries: two registry files and two api-metadata files, each at one commit', () => {
    expect(entries).toHaveLength(22);
    expect(Object.values(snapshot.sources).map(({ repo, path }) => `${repo} ${path}`).sort()).toEqual([
      'morpho-org/morpho-blue-api-metadata data/price-feeds.json',
      'morpho-org/morpho-blue-api-metadata data/vaults-listing.json',
      'sparkdotfi/spark-address-registry src/Base.sol',
      'sparkdotfi/spark-address-registry src/Ethereum.sol',
    ]);
  });
});
