import { AaveV4Ethereum, GovernanceV3Ethereum } from '@aave-dao/aave-address-book';
import type { Address } from 'viem';
import { uniqueAddresses } from '../../../governance/logChain.js';
import { ETHEREUM_RECENT_CHANGES } from '../../../governance/ethereumRecentChanges.js';
import type { AaveLogChain } from '../aaveLogChain.js';
import { V4_SPOKES, type V4Spoke } from './spokes.js';

/** One chain's Aave v4 configuration watch: the contracts that emit configuration events there. */
export interface V4ConfigChain extends AaveLogChain {
  /** The user spokes (ISpoke: UpdateReserveConfig, Add/UpdateDynamicReserveConfig, UpdateLiquidationConfig, AddReserve). */
  spokes: readonly V4Spoke[];
  /** The hubs (IHub.UpdateSpokeConfig: a spoke's add and draw caps). */
  hubs: readonly Address[];
  /** The hubs' interest rate strategies (IAssetInterestRateStrategy.UpdateInterestRateData). */
  rateStrategies: readonly Address[];
}

interface BookV4Config {
  ALL_HUBS: readonly Address[];
  IR_STRATEGIES: Readonly<Record<string, Address>>;
}

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
  ...ETHEREUM_RECENT_CHANGES,
  payloadsController: GovernanceV3Ethereum.PAYLOADS_CONTROLLER,
  spokes: V4_SPOKES.filter((spoke) => spoke.chain === 'ethereum'),
  hubs: uniqueAddresses((AaveV4Ethereum as unknown as BookV4Config).ALL_HUBS),
  rateStrategies: uniqueAddresses(Object.values((AaveV4Ethereum as unknown as BookV4Config).IR_STRATEGIES)),
};

/** Every address the source reads logs of on a chain. Pure. */
export const watchedV4Addresses = (chain: V4ConfigChain): Address[] => uniqueAddresses([...chain.spokes.map((spoke) => spoke.spoke), ...chain.hubs, ...chain.rateStrategies, chain.payloadsController]);
