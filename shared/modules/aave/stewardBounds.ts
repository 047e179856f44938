import type { NoVoteBounds, ParameterBound } from '../../envelopes/noVoteBounds.js';
import { EDGE_EMODE_CATEGORIES } from './stewards/edgeEModeCategories.js';

/** aave-dao/aave-v3-risk-stewards at the 3.7 stewards (HEAD 2026-06-30), where every bound below was read. */
const STEWARDS_COMMIT = 'ab499683d120323e70349fbe210f65da08bcff5e';
const stewardsFile = (path: string) => ({ source: `aave-dao/aave-v3-risk-stewards ${path}@${STEWARDS_COMMIT.slice(0, 7)}`, sourceUrl: `https://github.com/aave-dao/aave-v3-risk-stewards/blob/${STEWARDS_COMMIT}/${path}` });

/**
 * The v3 markets the positions read that DeployStewards.s.sol gives a RiskSteward with the default
 * config (DeployEthereum … DeployMonad, DeployMegaEth included; Ink aside with a 1-day delay and not
 * read here); Horizon and zkSync have none there.
 */
const STEWARD_MARKETS = [
  'ethereum', 'ethereum-lido', 'ethereum-etherfi', 'polygon', 'avalanche', 'arbitrum', 'optimism', 'base', 'gnosis', 'bnb',
  'scroll', 'linea', 'celo', 'sonic', 'plasma', 'mantle', 'metis', 'soneium', 'xlayer', 'monad', 'megaeth',
].map((chain) => `aave-v3-${chain}`);

/** Every v3 market the positions read: the guardian's freeze and pause reach them all (v4 spokes have their own configurators). */
const V3_MARKETS = [...STEWARD_MARKETS, 'aave-v3-ethereum-horizon', 'aave-v3-zksync'];

const THREE_DAYS = 3 * 86_400;

/**
 * The manual RiskSteward's default config (DeployStewards.s.sol `_getRiskConfig`): LT, LTV and
 * bonus move by absolute bps, so `maxPercentChange: 50` is 0.5 point a step (RiskSteward
 * `_updateWithinAllowedRange`, isChangeRelative false), an eMode LT by 10 bps; each waits 3 days
 * from the last change of the same parameter of the same asset or category (`_timelocks`, checked
 * in `_validateParamUpdate`). A step to 0 reverts (`InvalidUpdateToZero`), so 1 bps is the floor.
 * Only the chain's risk council calls it (`onlyRiskCouncil`). A scan of a real wallet reads each
 * of its markets' `getRiskConfig()` instead (stewards/boundsOnChain.ts); these stand in where it cannot.
 */
const manual = (parameter: string, bps: number, largestStep: ParameterBound['largestStep'] = { kind: 'absolute', bps }): ParameterBound => ({
  parameter,
  markets: STEWARD_MARKETS,
  largestStep,
  minDelaySeconds: THREE_DAYS,
  delayScope: 'parameter',
  floorBps: 1,
  actor: 'the market’s Aave risk council (a Safe), through the RiskSteward',
  stepWords: 'steward steps',
  mechanisms: ['steward'],
  origin: 'declared',
  ...stewardsFile('scripts/deploy/DeployStewards.s.sol'),
});

/**
 * The Edge risk oracle's eMode steward (EdgeRiskStewardEMode, DeployEModeInjector.s.sol
 * `_getRiskConfig`): a second RiskSteward with its own debounce and a 0.5-point eMode LT step,
 * called by the injector for the categories it whitelists: category 8 on Ethereum Core
 * (DeployEthereum; Plasma's whitelists none). Its steps add to the manual steward's.
 */
const edgeEMode: ParameterBound = {
  parameter: 'eModeLiquidationThreshold',
  markets: ['aave-v3-ethereum'],
  only: EDGE_EMODE_CATEGORIES,
  largestStep: { kind: 'absolute', bps: 50 },
  minDelaySeconds: THREE_DAYS,
  delayScope: 'parameter',
  floorBps: 1,
  actor: 'the Chaos Labs Edge risk oracle, applied by its injector through the eMode steward',
  stepWords: 'risk-oracle steps',
  mechanisms: ['riskOracle'],
  origin: 'declared',
  ...stewardsFile('scripts/deploy/DeployEModeInjector.s.sol'),
};

/** aave-v3-origin's PoolConfigurator (npm @aave-dao/aave-v3-origin 3.6.0; unchanged in 3.7 @4fbd744). */
const ORIGIN_COMMIT = '4fbd744239fd6682ebad2412f094f5f95abc6393';

export const AAVE_NO_VOTE_BOUNDS: NoVoteBounds = {
  bounds: [
    manual('liquidationThreshold', 50),
    manual('ltv', 50),
    manual('liquidationBonus', 50),
    manual('eModeLiquidationThreshold', 10),
    manual('eModeLtv', 50),
    manual('eModeLiquidationBonus', 50),
    // Rate strategy: base rate and slope 1 by 1 point, slope 2 by 20, optimal usage by 3 (absolute bps). The
    // envelope does not price them yet (a curve moves a rate through the market's model, not one to one).
    manual('baseRate', 100),
    manual('slope1', 100),
    manual('slope2', 2000),
    manual('optimalUsage', 300),
    // Caps by up to 100 % of themselves (relative), never to 0: a cap limits new supply or borrowing, never a position held.
    manual('supplyCap', 0, { kind: 'relative', share: 1 }),
    manual('borrowCap', 0, { kind: 'relative', share: 1 }),
    edgeEMode,
  ],
  guardians: [
    {
      markets: V3_MARKETS,
      // setReserveFreeze is onlyRiskOrPoolOrEmergencyAdmins; freezing sets the reserve's ltvzero and its bit in every eMode category that holds it.
      actor: 'the Aave guardian (the emergency admin) or a risk admin',
      does: 'freeze a reserve at once: no new supply or borrowing of it, and its LTV to 0, so no borrowing power from it; the health factor does not change.',
      mechanisms: ['guardian'],
      source: `aave-dao/aave-v3-origin src/contracts/protocol/pool/PoolConfigurator.sol@${ORIGIN_COMMIT.slice(0, 7)} (setReserveFreeze)`,
      sourceUrl: `https://github.com/aave-dao/aave-v3-origin/blob/${ORIGIN_COMMIT}/src/contracts/protocol/pool/PoolConfigurator.sol`,
    },
    {
      markets: V3_MARKETS,
      // setReservePause is onlyEmergencyOrPoolAdmin; unpausing may open a liquidation grace period.
      actor: 'the Aave guardian (the emergency admin)',
      does: 'pause a reserve at once: no supply, withdrawal, borrowing, repayment or liquidation of it until it is unpaused; the health factor does not change.',
      mechanisms: ['guardian'],
      source: `aave-dao/aave-v3-origin src/contracts/protocol/pool/PoolConfigurator.sol@${ORIGIN_COMMIT.slice(0, 7)} (setReservePause)`,
      sourceUrl: `https://github.com/aave-dao/aave-v3-origin/blob/${ORIGIN_COMMIT}/src/contracts/protocol/pool/PoolConfigurator.sol`,
    },
  ],
};
