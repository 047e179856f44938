import { AAVE_V3_ORIGIN_3_7, AAVE_V4_0_5_11, COMPOUND_COMET_D5A30B0, MAKERDAO_DSS, type PublishedSources } from './publishedSources.js';

/**
 * The oracle harnesses and how each is compiled: the compiler each protocol's sources need and
 * the settings their upstream builds use (optimizer on, no viaIR: the same semantics, and Morpho
 * compiles 6× faster without it; bytecode hash off so the cache key alone decides the bytecode).
 */
export interface OracleTarget {
  /** The harness file under test/oracles/solidity/. */
  file: string;
  /** The npm package (or alias) of the solc-js build to use. */
  compiler: 'solc' | 'solc-0.8.28' | 'solc-0.8.19' | 'solc-0.8.15' | 'solc-0.8.10' | 'solc-0.6.12';
  /** Contracts of that file to deploy. */
  contracts: readonly string[];
  evmVersion: string;
  remappings: readonly string[];
  /** Compile through the IR pipeline, where the protocol's own build does and its code needs it (stack too deep without). */
  viaIR?: boolean;
  /**
   * Sources in no npm package: the harness is compiled where they were extracted into the cache;
   * elsewhere (a clean clone, CI) it is deployed from its committed artifact (compiledArtifacts.ts).
   */
  published?: PublishedSources;
}

export const ORACLE_TARGETS: readonly OracleTarget[] = [
  {
    // aave-v3-origin 3.6.0: upstream foundry.toml compiles with 0.8.27 (OZ SafeCast needs ≥ 0.8.20), evm shanghai.
    file: 'AaveV36Oracle.sol',
    compiler: 'solc',
    contracts: ['AaveV36Oracle', 'AaveV36RateOracle'],
    evmVersion: 'shanghai',
    // The package ships src/ without its foundry remappings: its bare imports resolve through these.
    remappings: [
      'openzeppelin-contracts/contracts/=@openzeppelin/contracts/',
      'openzeppelin-contracts-upgradeable/contracts/=@openzeppelin/contracts-upgradeable/',
      'solidity-utils/contracts/=@bgd-labs/solidity-utils/src/contracts/',
    ],
  },
  {
    // aave-v3-origin 3.7.0 (isolated eModes): the same build as 3.6; its sources from the oracle cache.
    file: 'AaveV37Oracle.sol',
    compiler: 'solc',
    contracts: ['AaveV37Oracle'],
    evmVersion: 'shanghai',
    remappings: [
      `aave-v3-origin-3.7/=.cache/govex-oracles/sources/${AAVE_V3_ORIGIN_3_7.name}/`,
      'openzeppelin-contracts/contracts/=@openzeppelin/contracts/',
      'openzeppelin-contracts-upgradeable/contracts/=@openzeppelin/contracts-upgradeable/',
      'solidity-utils/contracts/=@bgd-labs/solidity-utils/src/contracts/',
    ],
    published: AAVE_V3_ORIGIN_3_7,
  },
  {
    // aave core-v3 1.19.3 (v3.0.x, SparkLend's fork base): its hardhat build pins solc 0.8.10, evm london.
    file: 'SparkLendOracle.sol',
    compiler: 'solc-0.8.10',
    contracts: ['SparkLendOracle'],
    evmVersion: 'london',
    remappings: [],
  },
  {
    // morpho-blue 1.0.0: Morpho.sol pins pragma 0.8.19; evm paris as upstream.
    file: 'MorphoBlueOracle.sol',
    compiler: 'solc-0.8.19',
    contracts: ['MorphoBlueOracle'],
    evmVersion: 'paris',
    remappings: [],
  },
  {
    // makerdao/dss (Vat, Spotter, Dog): its sources pin ^0.6.12 and its Makefile builds with 0.6.12; evm istanbul, 0.6.12's default.
    file: 'SkyVatOracle.sol',
    compiler: 'solc-0.6.12',
    contracts: ['SkyVatOracle'],
    evmVersion: 'istanbul',
    remappings: [`dss/=.cache/govex-oracles/sources/${MAKERDAO_DSS.name}/src/`],
    published: MAKERDAO_DSS,
  },
  {
    // aave-v4 v0.5.11's hub libraries and rate strategy: its foundry.toml builds with 0.8.28 (the strategy pins it), evm cancun.
    file: 'AaveV4HubOracle.sol',
    compiler: 'solc-0.8.28',
    contracts: ['AaveV4HubOracle'],
    evmVersion: 'cancun',
    remappings: [`src/=.cache/govex-oracles/sources/${AAVE_V4_0_5_11.name}/src/`],
    published: AAVE_V4_0_5_11,
  },
];

const COMET_REMAPPINGS = [`comet/=.cache/govex-oracles/sources/${COMPOUND_COMET_D5A30B0.name}/contracts/`];

/**
 * compound-finance/comet d5a30b0's Comets, which cometCurrentValues.test.ts deploys on an anvil of
 * its own (not the run's): solc 0.8.15 as its hardhat.config pins, evm london; the extended asset
 * list needs the IR pipeline, as comet's own build uses (stack too deep without).
 */
export const COMET_TARGETS: readonly OracleTarget[] = [
  {
    file: 'CometOracle.sol',
    compiler: 'solc-0.8.15',
    contracts: ['CometOracle', 'CometExtOracle', 'CometFeedStub', 'CometTokenStub'],
    evmVersion: 'london',
    remappings: COMET_REMAPPINGS,
    published: COMPOUND_COMET_D5A30B0,
  },
  {
    file: 'CometExtendedOracle.sol',
    compiler: 'solc-0.8.15',
    contracts: ['CometExtendedOracle', 'CometExtAssetListOracle', 'CometAssetListFactoryOracle'],
    evmVersion: 'london',
    remappings: COMET_REMAPPINGS,
    viaIR: true,
    published: COMPOUND_COMET_D5A30B0,
  },
];

/** Every harness built from sources in no npm package: each has a committed artifact (test/oracles/compiled/). */
export const PUBLISHED_TARGETS: readonly OracleTarget[] = [...ORACLE_TARGETS, ...COMET_TARGETS].filter((target) => target.published);
