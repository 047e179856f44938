import { AaveV4Ethereum, GovernanceV3Ethereum } from '@aave-dao/aave-address-book';
import type { Address, Chain } from 'viem';
import { mainnet } from 'viem/chains';
import { CHAINS } from '../../../upstream/chainIdentity.js';
import type { UpstreamId } from '../../../upstream/endpoints.js';
import { V4_SPOKES, type V4Spoke } from './spokes.js';

/** One chain's Aave v4 configuration watch: the contracts that emit configuration events there, and the PayloadsController whose PayloadExecuted marks a vote's transaction. */
export interface V4ConfigChain {
  /** The governance system's key in the module's source, and its items' id prefix. */
  system: string;
  upstream: UpstreamId;
  viemChain: Chain;
  chainId: string;
  secondsPerBlock: number;
  /** 30 days of blocks (CHANGED_RECENTLY_DAYS), so every change the feed still shows is in the window. */
  lookbackBlocks: bigint;
  logChunkBlocks: bigint;
  explorer: string;
  payloadsController: Address;
  /** The user spokes (ISpoke: UpdateReserveConfig, Add/UpdateDynamicReserveConfig, UpdateLiquidationConfig, AddReserve). */
  spokes: readonly V4Spoke[];
  /** The hubs (IHub.UpdateSpokeConfig: a spoke's add and draw caps). */
  hubs: readonly Address[];
  /** The hubs' interest rate strategies (IAssetInterestRateStrategy.UpdateRateData). */
  rateStrategies: readonly Address[];
}

interface BookV4Config {
  ALL_HUBS: readonly Address[];
  IR_STRATEGIES: Readonly<Record<string, Address>>;
}

const unique = (addresses: readonly Address[]): Address[] => [...new Map(addresses.map((address) => [address.toLowerCase(), address])).values()];
const DAY_SECONDS = 24 * 3600;

/**
 * Ethereum's v4 deployment from @aave-dao/aave-address-book (AaveV4Ethereum: SPOKES, ALL_HUBS,
 * IR_STRATEGIES): one eth_getLogs filter covers every spoke, hub and rate strategy. The v4 risk
 * steward (aave-dao/aave-v4-risk-stewards: one RiskSteward for every hub and spoke, holding the
 * configurators' domain-admin roles) acts through the HubConfigurator and SpokeConfigurator, so its
 * changes show as these contracts' own events. Avalanche's deployment is the same code with its
 * book entry; it joins when an Avalanche recording exists.
 */
export const V4_CONFIG_ETHEREUM: V4ConfigChain = {
  system: 'v4stewards',
  upstream: 'ethereum',
  viemChain: mainnet,
  chainId: CHAINS.ethereumMainnet,
  secondsPerBlock: 12,
  // The v3 stewards' window (stewardChains.ts): 30 days of 12 s slots in ranges of at most 50,000 blocks.
  lookbackBlocks: BigInt((30 * DAY_SECONDS) / 12),
  logChunkBlocks: 50_000n,
  explorer: 'https://etherscan.io',
  payloadsController: GovernanceV3Ethereum.PAYLOADS_CONTROLLER,
  spokes: V4_SPOKES.filter((spoke) => spoke.chain === 'ethereum'),
  hubs: unique((AaveV4Ethereum as unknown as BookV4Config).ALL_HUBS),
  rateStrategies: unique(Object.values((AaveV4Ethereum as unknown as BookV4Config).IR_STRATEGIES)),
};

/** Every address the source reads logs of on a chain. Pure. */
export const watchedV4Addresses = (chain: V4ConfigChain): Address[] => unique([...chain.spokes.map((spoke) => spoke.spoke), ...chain.hubs, ...chain.rateStrategies, chain.payloadsController]);
