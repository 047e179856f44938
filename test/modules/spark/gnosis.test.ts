import type { Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { PartialPositions } from '../../../shared/modules/partialPositions.js';
import { SPARKLEND_ETHEREUM, SPARKLEND_GNOSIS, SPARKLEND_GNOSIS_SYMBOLS, SPARKLEND_SYMBOLS } from '../../../shared/modules/spark/exposure/deployment.js';
import { SPARKLEND_MARKETS, sparkExposure } from '../../../shared/modules/spark/exposure/sparkExposure.js';
import { sparkInfo } from '../../../shared/modules/spark/info.js';
import { sparkMarketName } from '../../../shared/modules/spark/names.js';
import { erc20SymbolAbi } from '../../../shared/upstream/clients/erc20Symbol.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import type { FetchFn } from '../../../shared/upstream/upstreamFetch.js';
import { syntheticChain, type SyntheticState } from '../../exposure/syntheticChain.js';
import { lowerCased, readAddressSnapshot, snapshotAddresses } from '../../fixtures/addresses/addressSnapshot.js';
import { COUNTING_POLICY } from '../../upstream/replayHarness.js';
import { BORROWER, NOBODY, same, SPARK_ABIS, sparkLendState } from './sparkLendChain.js';

/*
 * SparkLend on Gnosis (issue #22 item 2): still listed by sparkdotfi/spark-address-registry @5348de2
 * and holding positions, its reserves frozen since the 2026-01-29 spell (deployment.ts), read by the
 * same lending-pool reader as Ethereum's on the gnosis upstream. The chain is SYNTHETIC: the
 * Ethereum SparkLend state of sparkLendChain.ts (its BORROWER: 10 WETH against 12,000 USDT), served
 * on gnosis at SparkLend Gnosis' real addresses; no real Gnosis account's state was published.
 */
const wallet: Wallet = { kind: 'evm', address: '0x3333333333333333333333333333333333333333' };
const snapshot = readAddressSnapshot('spark');
const addresses = snapshotAddresses(snapshot);

describe('SparkLend Gnosis addresses', () => {
  it('the pool, provider, oracle, data provider and configurator are the registry’s Gnosis.sol constants', () => {
    const { market: _market, ...contracts } = SPARKLEND_GNOSIS;
    expect(lowerCased(Object.fromEntries(Object.entries(contracts).map(([name, address]) => [`gnosis:${name}`, address])))).toEqual(
      Object.fromEntries(Object.entries(addresses).filter(([name]) => name.startsWith('gnosis:'))),
    );
  });

  it('the reserves’ symbols are the registry’s nine Gnosis tokens, named as the spells’ diff report names them', () => {
    const published = Object.entries(snapshot.entries).filter(([name]) => name.startsWith('gnosisAsset:'));
    expect(SPARKLEND_GNOSIS_SYMBOLS).toEqual(Object.fromEntries(published.map(([, entry]) => [entry.address.toLowerCase(), entry.symbol])));
    expect(published).toHaveLength(9);
  });
});

/** Gnosis' contracts answered as sparkLendState answers Ethereum's (same code, synthetic state). */
const ON_GNOSIS: Readonly<Record<string, string>> = {
  [SPARKLEND_GNOSIS.pool.toLowerCase()]: SPARKLEND_ETHEREUM.pool,
  [SPARKLEND_GNOSIS.addressesProvider.toLowerCase()]: SPARKLEND_ETHEREUM.addressesProvider,
  [SPARKLEND_GNOSIS.dataProvider.toLowerCase()]: SPARKLEND_ETHEREUM.dataProvider,
};

function twoChains(onEthereum: SyntheticState, onGnosis: SyntheticState): SyntheticState {
  return {
    answer(target, functionName, args, block, chain) {
      // The synthetic reserves are Ethereum's tokens, which Gnosis' table does not name: their symbol() is asked.
      if (functionName === 'symbol') return SPARKLEND_SYMBOLS[target.toLowerCase()] ? { abi: erc20SymbolAbi as unknown as Abi, result: SPARKLEND_SYMBOLS[target.toLowerCase()] } : undefined;
      if (chain !== 'gnosis') return onEthereum.answer(target, functionName, args, block, chain);
      return onGnosis.answer(ON_GNOSIS[target.toLowerCase()] ?? target, functionName, args, block, chain);
    },
  };
}

function upstreamsOver(state: SyntheticState, gnosisDown = false) {
  const chain = syntheticChain([...SPARK_ABIS, erc20SymbolAbi as unknown as Abi], state);
  const fetch: FetchFn = async (input, init) => (gnosisDown && String(input instanceof Request ? input.url : input).includes('synthetic-gnosis') ? new Response('down', { status: 503 }) : chain.fetch(input, init));
  return createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/', gnosis: 'http://synthetic-gnosis.invalid/' }, fetch, policy: { ...COUNTING_POLICY, retries: 0 }, env: {} });
}
const context = (upstreams: ReturnType<typeof upstreamsOver>) => ({ signal: AbortSignal.timeout(10_000), now: new Date('2026-11-25T12:00:00Z'), upstreams });

describe('spark exposure on Ethereum and Gnosis', () => {
  it('reads both SparkLend markets, each on its chain', () => {
    expect(SPARKLEND_MARKETS.map(({ market, chain }) => [market.market, market.chain, chain])).toEqual([
      ['sparklend-ethereum', 'ethereum', 'ethereum'],
      ['sparklend-gnosis', 'gnosis', 'gnosis'],
    ]);
    expect(sparkInfo.chains).toEqual(SPARKLEND_MARKETS.map(({ chain }) => chain));
    expect(sparkMarketName('sparklend-gnosis')).toBe('SparkLend Gnosis');
  });

  it('names a Gnosis holder’s positions sparklend-gnosis on gnosis, with the account the chain gives', async () => {
    const positions = await sparkExposure().readPositions(wallet, context(upstreamsOver(twoChains(sparkLendState(NOBODY), sparkLendState(BORROWER)))));
    expect(positions.map(({ position }) => [position.id, position.chain, position.market])).toEqual([
      ['sparklend-gnosis-weth-supply', 'gnosis', 'sparklend-gnosis'],
      ['sparklend-gnosis-usdt-borrow', 'gnosis', 'sparklend-gnosis'],
    ]);
    expect(positions.every(({ inputs }) => inputs.market === 'sparklend-gnosis' && inputs.account?.healthFactor === 2.15)).toBe(true);
  });

  it('costs at most 2 requests per chain on a fresh reader and 1 per chain after', async () => {
    const upstreams = upstreamsOver(twoChains(sparkLendState(BORROWER), sparkLendState(BORROWER)));
    const requests = () => ({ ethereum: upstreams.counter.snapshot().ethereum.requests, gnosis: upstreams.counter.snapshot().gnosis.requests });
    await sparkExposure().readPositions(wallet, context(upstreams));
    expect(requests()).toEqual({ ethereum: 2, gnosis: 2 });
    await sparkExposure().readPositions(wallet, context(upstreams));
    expect(requests()).toEqual({ ethereum: 3, gnosis: 3 });
  });

  it('keeps the Ethereum positions when Gnosis fails, and names gnosis', async () => {
    const error = await sparkExposure()
      .readPositions(wallet, context(upstreamsOver(twoChains(sparkLendState(BORROWER), sparkLendState(BORROWER)), true)))
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(error).toBeInstanceOf(PartialPositions);
    const partial = error as PartialPositions;
    expect(partial.chains.map(({ chain }) => chain)).toEqual(['gnosis']);
    expect(partial.positions.map(({ position }) => position.id)).toEqual(['sparklend-ethereum-weth-supply', 'sparklend-ethereum-usdt-borrow']);
    expect(same(partial.positions[0]!.inputs.market, 'sparklend-ethereum')).toBe(true);
  });
});
