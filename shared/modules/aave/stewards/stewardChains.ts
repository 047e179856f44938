import { AaveV3Arbitrum, AaveV3Base, AaveV3Ethereum, AaveV3EthereumEtherFi, AaveV3EthereumHorizon, AaveV3EthereumLido, AaveV3Optimism, GovernanceV3Arbitrum, GovernanceV3Base, GovernanceV3Ethereum, GovernanceV3Optimism } from '@aave-dao/aave-address-book';
import type { Address } from 'viem';
import { arbitrum, base, optimism } from 'viem/chains';
import { recentChangesWindow, uniqueAddresses } from '../../../governance/logChain.js';
import { ETHEREUM_RECENT_CHANGES } from '../../../governance/ethereumRecentChanges.js';
import { CHAINS } from '../../../upstream/chainIdentity.js';
import type { AaveLogChain } from '../aaveLogChain.js';
import { marketSlugOf } from '../exposure/markets.js';
import type { OracleUpdateType } from './stewardEvents.js';

/** A reserve as the book lists it: its symbol and decimals, by its underlying or aToken address. */
export interface StewardAsset {
  underlying: Address;
  symbol: string;
  decimals: number;
}

/** One Aave v3 instance the source watches: where its changes are made, and by whom. */
export interface StewardMarket {
  /** The market's name as positions and payload changes carry it (`aave-v3-ethereum-lido`). */
  market: string;
  configurator: Address;
  /** The risk council's Safe, which alone may call the manual RiskSteward (RiskSteward.onlyRiskCouncil). */
  riskCouncil?: Address;
  riskSteward?: Address;
  /** The Edge injector of each update type the instance runs (the book's EDGE_INJECTOR_*). */
  injectors: Partial<Record<OracleUpdateType, Address>>;
  /** By lower-case underlying address, and by lower-case aToken address (what a cap update names). */
  assets: ReadonlyMap<string, StewardAsset>;
  aTokens: ReadonlyMap<string, StewardAsset>;
}

/** One chain's watch: the Edge RiskOracle there, and its instances. */
export interface StewardChain extends AaveLogChain {
  riskOracle?: Address;
  markets: readonly StewardMarket[];
}

interface BookAsset {
  UNDERLYING: Address;
  A_TOKEN: Address;
  decimals: number;
}
interface BookInstance {
  CHAIN_ID: number;
  POOL_CONFIGURATOR: Address;
  ASSETS: Record<string, BookAsset>;
  RISK_COUNCIL?: Address;
  RISK_STEWARD?: Address;
  EDGE_INJECTOR_CAPS?: Address;
  EDGE_INJECTOR_RATES?: Address;
  EDGE_INJECTOR_PENDLE_EMODE?: Address;
  EDGE_INJECTOR_DISCOUNT_RATE?: Address;
}

/** Book keys that are not the token's symbol: native USDC is `USDCn` beside the bridged `USDC` (exposure/markets.ts). */
const BOOK_KEY_SYMBOLS: Readonly<Record<string, string>> = { USDCn: 'USDC' };

/**
 * An instance from @aave-dao/aave-address-book: the book's asset keys are the symbols, except Pendle
 * tokens' keys, which put `_` where the symbol has `-` (exposure/deployment.ts). Pure.
 */
export function stewardMarketOf(exportName: string, book: BookInstance): StewardMarket {
  const assets = Object.entries(book.ASSETS).map(([key, asset]) => [asset, { underlying: asset.UNDERLYING, symbol: BOOK_KEY_SYMBOLS[key] ?? key.replace(/_/g, '-'), decimals: asset.decimals }] as const);
  const injectors: StewardMarket['injectors'] = {
    ...(book.EDGE_INJECTOR_CAPS && { supplyCap: book.EDGE_INJECTOR_CAPS, borrowCap: book.EDGE_INJECTOR_CAPS }),
    ...(book.EDGE_INJECTOR_RATES && { RateStrategyUpdate: book.EDGE_INJECTOR_RATES }),
    ...(book.EDGE_INJECTOR_PENDLE_EMODE && { EModeCategoryUpdate: book.EDGE_INJECTOR_PENDLE_EMODE }),
    ...(book.EDGE_INJECTOR_DISCOUNT_RATE && { PendleDiscountRateUpdate: book.EDGE_INJECTOR_DISCOUNT_RATE }),
  };
  return {
    market: marketSlugOf(exportName, book.CHAIN_ID),
    configurator: book.POOL_CONFIGURATOR,
    ...(book.RISK_COUNCIL && { riskCouncil: book.RISK_COUNCIL }),
    ...(book.RISK_STEWARD && { riskSteward: book.RISK_STEWARD }),
    injectors,
    assets: new Map(assets.map(([asset, entry]) => [asset.UNDERLYING.toLowerCase(), entry])),
    aTokens: new Map(assets.map(([asset, entry]) => [asset.A_TOKEN.toLowerCase(), entry])),
  };
}

/**
 * Ethereum's four instances (Core, Prime, EtherFi, Horizon) on one upstream: one eth_getLogs filter
 * covers them all. Other chains' instances are the same code with their book entries; they join when
 * their upstreams are recorded (test/fixtures/upstream/ethereum/aave-stewards.md).
 */
export const STEWARD_ETHEREUM: StewardChain = {
  system: 'stewards',
  ...ETHEREUM_RECENT_CHANGES,
  riskOracle: AaveV3Ethereum.EDGE_RISK_ORACLE,
  payloadsController: GovernanceV3Ethereum.PAYLOADS_CONTROLLER,
  markets: (
    [
      ['AaveV3Ethereum', AaveV3Ethereum],
      ['AaveV3EthereumLido', AaveV3EthereumLido],
      ['AaveV3EthereumEtherFi', AaveV3EthereumEtherFi],
      ['AaveV3EthereumHorizon', AaveV3EthereumHorizon],
    ] as [string, BookInstance][]
  ).map(([name, book]) => stewardMarketOf(name, book)),
};

/**
 * Arbitrum's instance, where the Edge oracle sets supply and borrow caps (EDGE_INJECTOR_CAPS; AIP
 * "Caps Risk Oracle Activation on Arbitrum", bgd-labs/aave-proposals-v3 20250218). Blocks are
 * 0.25 s apart: 30 days are 10,368,000 blocks, asked in three ranges (not checked against the
 * default endpoint's range cap: no network here).
 */
export const STEWARD_ARBITRUM: StewardChain = {
  system: 'arbstewards',
  upstream: 'arbitrum',
  viemChain: arbitrum,
  chainId: CHAINS.arbitrumOne,
  ...recentChangesWindow(0.25, 3_456_000n),
  explorer: 'https://arbiscan.io',
  riskOracle: AaveV3Arbitrum.EDGE_RISK_ORACLE,
  payloadsController: GovernanceV3Arbitrum.PAYLOADS_CONTROLLER,
  markets: [stewardMarketOf('AaveV3Arbitrum', AaveV3Arbitrum as unknown as BookInstance)],
};

/**
 * Base's and Optimism's instances, where the Edge oracle sets supply and borrow caps too (the book's
 * EDGE_INJECTOR_CAPS on each; no rates, eMode or discount injector there). Blocks are 2 s apart:
 * 30 days are 1,296,000 blocks, asked in three ranges of at most 500,000 (not checked against the
 * default endpoints' range caps: no network here).
 */
const OP_STACK_WINDOW = recentChangesWindow(2, 500_000n);

export const STEWARD_BASE: StewardChain = {
  system: 'basestewards',
  upstream: 'base',
  viemChain: base,
  chainId: CHAINS.baseMainnet,
  ...OP_STACK_WINDOW,
  explorer: 'https://basescan.org',
  riskOracle: AaveV3Base.EDGE_RISK_ORACLE,
  payloadsController: GovernanceV3Base.PAYLOADS_CONTROLLER,
  markets: [stewardMarketOf('AaveV3Base', AaveV3Base as unknown as BookInstance)],
};

export const STEWARD_OPTIMISM: StewardChain = {
  system: 'opstewards',
  upstream: 'optimism',
  viemChain: optimism,
  chainId: CHAINS.optimismMainnet,
  ...OP_STACK_WINDOW,
  explorer: 'https://optimistic.etherscan.io',
  riskOracle: AaveV3Optimism.EDGE_RISK_ORACLE,
  payloadsController: GovernanceV3Optimism.PAYLOADS_CONTROLLER,
  markets: [stewardMarketOf('AaveV3Optimism', AaveV3Optimism as unknown as BookInstance)],
};

/** Every address whose logs the source reads on a chain: configurators, councils, the oracle, injectors, the PayloadsController. Pure. */
export function watchedAddresses(chain: StewardChain): Address[] {
  return uniqueAddresses([
    ...chain.markets.flatMap((market) => [market.configurator, ...(market.riskCouncil ? [market.riskCouncil] : []), ...Object.values(market.injectors)]),
    ...(chain.riskOracle ? [chain.riskOracle] : []),
    chain.payloadsController,
  ]);
}
