import * as book from '@aave-dao/aave-address-book';
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import * as configChains from '../../../../shared/modules/aave/v4/v4ConfigChains.js';
import { V4_SPOKES } from '../../../../shared/modules/aave/v4/spokes.js';
import { v4Probes } from '../../../../shared/modules/aave/v4/v4Probes.js';
import { CHAINS, hexChainId } from '../../../../shared/upstream/chainIdentity.js';

/*
 * Every Aave v4 deployment the address book lists (@aave-dao/aave-address-book 4.68.1: AaveV4Ethereum,
 * AaveV4Avalanche, AaveV4Arc), against what Govex covers on it: on a chain an upstream serves,
 * every user spoke is read for positions and the doctor asks one of them; its configuration
 * events are watched, or the chain is named below with why not. A deployment the book adds, a
 * spoke the reader misses or a chain that starts being watched fails here until this list says so.
 */

interface BookV4 {
  CHAIN_ID: number;
  SPOKES: Readonly<Record<string, Address>>;
  ALL_HUBS: readonly Address[];
  IR_STRATEGIES: Readonly<Record<string, Address>>;
}
const DEPLOYMENTS = Object.entries(book)
  .filter(([name]) => /^AaveV4[A-Z][A-Za-z]+$/.test(name) && name !== 'AaveV4')
  .map(([name, entry]) => ({ name, ...(entry as unknown as BookV4) }))
  .filter((entry) => typeof entry.CHAIN_ID === 'number' && entry.SPOKES !== undefined);
const served = (chainId: number) => (Object.values(CHAINS) as string[]).includes(hexChainId(chainId));
const userSpokes = (entry: BookV4) => Object.entries(entry.SPOKES).filter(([key]) => /_E?SPOKE$/.test(key) && key !== 'TREASURY_SPOKE').map(([, address]) => address.toLowerCase());

/** Deployments on a chain no upstream serves. */
const NO_UPSTREAM: Readonly<Record<string, string>> = { AaveV4Arc: 'Arc (chain 5042) has no upstream here: no public keyless RPC is configured for it' };
/**
 * Deployments whose configuration events are not watched yet: none. Ethereum's and Avalanche's are,
 * each proven on a recording of its own upstream (test/fixtures/upstream/ethereum/aave-v4-stewards.json,
 * test/fixtures/upstream/avalanche/aave-v4-stewards.json: SYNTHETIC events on the book's real
 * contracts, since no public window of either exists).
 */
const NOT_WATCHED: Readonly<Record<string, string>> = {};

const watched = Object.values(configChains).filter((value): value is configChains.V4ConfigChain => typeof value === 'object' && value !== null && 'spokes' in value && 'hubs' in value && 'rateStrategies' in value);

describe('Aave v4 deployments in the address book against what Govex covers', () => {
  it('lists Ethereum, Avalanche and Arc', () => {
    expect(DEPLOYMENTS.map((entry) => entry.name).sort()).toEqual(['AaveV4Arc', 'AaveV4Avalanche', 'AaveV4Ethereum']);
  });

  it('reads every user spoke of a deployment on a served chain, and none elsewhere', () => {
    for (const entry of DEPLOYMENTS) {
      const read = V4_SPOKES.filter((spoke) => spoke.viemChain.id === entry.CHAIN_ID).map((spoke) => spoke.spoke.toLowerCase());
      if (!served(entry.CHAIN_ID)) {
        expect(NO_UPSTREAM[entry.name], entry.name).toBeDefined();
        expect(read).toEqual([]);
        continue;
      }
      expect(NO_UPSTREAM[entry.name], entry.name).toBeUndefined();
      expect(read.sort(), entry.name).toEqual(userSpokes(entry).sort());
      expect(read.length, entry.name).toBeGreaterThan(0);
    }
  });

  it('gives each served deployment one doctor line, on one of its spokes', () => {
    const probed = v4Probes().map((probe) => probe.upstream);
    const chains = DEPLOYMENTS.filter((entry) => served(entry.CHAIN_ID)).map((entry) => V4_SPOKES.find((spoke) => spoke.viemChain.id === entry.CHAIN_ID)!.chain);
    expect(probed.sort()).toEqual([...new Set(chains)].sort());
  });

  it('watches the configuration of every served deployment but those named with a reason, each whole (spokes, hubs, rate strategies), each on its own chain', () => {
    expect(watched.map((chain) => chain.upstream).sort()).toEqual(['avalanche', 'ethereum']);
    for (const chain of watched) {
      expect(chain.spokes.every((spoke) => spoke.chain === chain.upstream), chain.system).toBe(true);
      expect(hexChainId(chain.viemChain.id), chain.system).toBe(chain.chainId);
    }
    expect(new Set(watched.map((chain) => chain.system)).size).toBe(watched.length);
    for (const entry of DEPLOYMENTS.filter((deployment) => served(deployment.CHAIN_ID))) {
      const chain = watched.find((candidate) => candidate.spokes.some((spoke) => spoke.viemChain.id === entry.CHAIN_ID));
      if (NOT_WATCHED[entry.name]) {
        expect(chain, `${entry.name} is watched now: take it off NOT_WATCHED`).toBeUndefined();
        continue;
      }
      expect(chain, entry.name).toBeDefined();
      expect(chain!.spokes.map((spoke) => spoke.spoke.toLowerCase()).sort()).toEqual(userSpokes(entry).sort());
      expect(chain!.hubs.map((hub) => hub.toLowerCase()).sort()).toEqual([...new Set(entry.ALL_HUBS.map((hub) => hub.toLowerCase()))].sort());
      expect(chain!.rateStrategies.map((strategy) => strategy.toLowerCase()).sort()).toEqual([...new Set(Object.values(entry.IR_STRATEGIES).map((strategy) => strategy.toLowerCase()))].sort());
    }
  });
});
