import { AaveV4Avalanche, AaveV4Ethereum, GovernanceV3Avalanche, GovernanceV3Ethereum } from '@aave-dao/aave-address-book';
import type { Address } from 'viem';
import { avalanche } from 'viem/chains';
import { recentChangesWindow, uniqueAddresses } from '../../../governance/logChain.js';
import { ETHEREUM_RECENT_CHANGES } from '../../../governance/ethereumRecentChanges.js';
import { CHAINS } from '../../../upstream/chainIdentity.js';
import type { UpstreamId } from '../../../upstream/endpoints.js';
import type { AaveLogChain } from '../aaveLogChain.js';
import { V4_SPOKES, type V4Spoke } from './spokes.js';

/** One chain's Aave v4 configuration watch: the contracts that emit configuration events there. */
export interface V4ConfigChain extends AaveLogChain {
  /** The user spokes (ISpoke: UpdateReserveConfig, Add/UpdateDynamicReserveConfig, UpdateLiquidationConfig, AddReserve). */
  spokes: readonly V4Spoke[];
  /** The hubs (IHub.UpdateSpokeConfig: a spoke's add and draw caps; IHub.UpdateAssetConfig: an asset's liquidity fee and rate strategy). */
  hubs: readonly Address[];
  /** The hubs' interest rate strategies (IAssetInterestRateStrategy.UpdateInterestRateData). */
  rateStrategies: readonly Address[];
}

interface BookV4Config {
  ALL_HUBS: readonly Address[];
  IR_STRATEGIES: Readonly<Record<string, Address>>;
}

/** A deployment's watch from its address book entry (ALL_HUBS, IR_STRATEGIES) and the spokes read on its chain. Pure. */
const watchOf = (book: BookV4Config, chain: UpstreamId): Pick<V4ConfigChain, 'spokes' | 'hubs' | 'rateStrategies'> => ({
  spokes: V4_SPOKES.filter((spoke) => spoke.chain === chain),
  hubs: uniqueAddresses(book.ALL_HUBS),
  rateStrategies: uniqueAddresses(Object.values(book.IR_STRATEGIES)),
});

/**
 * Ethereum's v4 deployment from @aave-dao/aave-address-book (AaveV4Ethereum: SPOKES, ALL_HUBS,
 * IR_STRATEGIES): one eth_getLogs filter covers every spoke, hub and rate strategy. The v4 risk
 * steward (aave-dao/aave-v4-risk-stewards: one RiskSteward for every hub and spoke, holding the
 * configurators' domain-admin roles) acts through the HubConfigurator and SpokeConfigurator, so its
 * changes show as these contracts' own events.
 */
export const V4_CONFIG_ETHEREUM: V4ConfigChain = {
  system: 'v4stewards',
  ...ETHEREUM_RECENT_CHANGES,
  payloadsController: GovernanceV3Ethereum.PAYLOADS_CONTROLLER,
  ...watchOf(AaveV4Ethereum as unknown as BookV4Config, 'ethereum'),
};

/**
 * Avalanche's v4 deployment, the same code with its book entry (AaveV4Avalanche: three user spokes,
 * the Core hub, one rate strategy for its seven assets; GovernanceV3Avalanche.PAYLOADS_CONTROLLER
 * marks a vote's execution). C-Chain blocks have come about 2 s apart, faster since ACP-226 lets
 * validators lower the minimum delay, so 30 days are counted at 1 s a block: 2,592,000 blocks, never
 * short of the window (older items leave the feed by their own dates), asked in six ranges of at
 * most 500,000 (not checked against the default endpoint's range cap: no network here). A log the
 * node sends without blockTimestamp is dated from the head at that 1 s, so it may read as older.
 */
export const V4_CONFIG_AVALANCHE: V4ConfigChain = {
  system: 'v4avaxstewards',
  upstream: 'avalanche',
  viemChain: avalanche,
  chainId: CHAINS.avalancheMainnet,
  ...recentChangesWindow(1, 500_000n),
  explorer: avalanche.blockExplorers.default.url,
  payloadsController: GovernanceV3Avalanche.PAYLOADS_CONTROLLER,
  ...watchOf(AaveV4Avalanche as unknown as BookV4Config, 'avalanche'),
};

/** Every address the source reads logs of on a chain. Pure. */
export const watchedV4Addresses = (chain: V4ConfigChain): Address[] => uniqueAddresses([...chain.spokes.map((spoke) => spoke.spoke), ...chain.hubs, ...chain.rateStrategies, chain.payloadsController]);
