import { parseAbi } from 'viem';
import { hexChainId } from '../../../upstream/chainIdentity.js';
import { evmProbe } from '../../../upstream/probes/evmProbe.js';
import type { Probe } from '../../../upstream/probes/probe.js';
import { V4_SPOKES, type V4Spoke } from './spokes.js';
import { V4_SPOKE_NAMES } from './spokeNames.js';

/** ISpoke.ORACLE() (aave/aave-v4 src/spoke/interfaces/ISpoke.sol): the spoke's AaveOracle, which the address book pairs with it as `<NAME>_SPOKE_ORACLE`. */
export const SPOKE_ORACLE_PROBE_ABI = parseAbi(['function ORACLE() view returns (address)']);

/** The spoke a chain's doctor line asks: its Main spoke where it has one, else its first. Pure. */
export const probedSpokes = (spokes: readonly V4Spoke[] = V4_SPOKES): V4Spoke[] =>
  [...new Set(spokes.map((spoke) => spoke.chain))].map((chain) => {
    const onChain = spokes.filter((spoke) => spoke.chain === chain);
    return onChain.find((spoke) => spoke.market.endsWith('-main')) ?? onChain[0]!;
  });

/**
 * One doctor read per chain Aave v4 spokes are read on: eth_chainId, and the probed spoke's
 * ORACLE(), whose answer the address book states (so a wrong endpoint or a redeployed spoke shows).
 */
export const v4Probes = (spokes: readonly V4Spoke[] = V4_SPOKES): Probe[] =>
  probedSpokes(spokes).map((spoke) =>
    evmProbe(spoke.chain, hexChainId(spoke.viemChain.id), { address: spoke.spoke, abi: SPOKE_ORACLE_PROBE_ABI, functionName: 'ORACLE', what: `the Aave v4 ${V4_SPOKE_NAMES[spoke.market] ?? spoke.market} spoke’s oracle` }),
  );
