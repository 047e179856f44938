import type { NoVoteBounds } from '../../envelopes/noVoteBounds.js';

/** sparkdotfi/sparklend-freezer at HEAD 2025-06-06, where SparkLendFreezerMom was read. */
const FREEZER_COMMIT = 'f87388bad3302b83d4ca9b92b9219527181f0586';
const FREEZER = {
  source: `sparkdotfi/sparklend-freezer src/SparkLendFreezerMom.sol@${FREEZER_COMMIT.slice(0, 7)}`,
  sourceUrl: `https://github.com/sparkdotfi/sparklend-freezer/blob/${FREEZER_COMMIT}/src/SparkLendFreezerMom.sol`,
};

/**
 * What SparkLend's no-vote paths can do to a position. SparkLendFreezerMom freezes or pauses one
 * reserve or all of them (`freezeMarket`, `pauseMarket`, …) for its owner, a relied address or
 * the chief's hat (`auth`: isAuthorized), with no GSM delay. SparkLend is aave core-v3 3.0: its
 * PoolConfigurator.setReserveFreeze only sets the frozen flag, so the LTV stays. No bound sizes
 * either, so they are stated in words. The CapAutomator (sparklend-cap-automator) moves supply and
 * borrow caps toward use plus a gap, up to a max: a cap limits new supply or borrowing, never a
 * position already held, so it has no envelope. SparkLend has no risk steward for LT or LTV: those
 * move by spell only.
 */
export const SPARK_NO_VOTE_BOUNDS: NoVoteBounds = {
  bounds: [],
  guardians: [
    {
      actor: 'SparkLend’s Freezer Mom (its owner, a relied multisig or the Sky chief’s hat)',
      does: 'freeze a reserve at once: no new supply or borrowing of it; its LTV and the health factor do not change.',
      mechanisms: ['guardian'],
      ...FREEZER,
    },
    {
      actor: 'SparkLend’s Freezer Mom',
      does: 'pause a reserve at once: no supply, withdrawal, borrowing, repayment or liquidation of it until it is unpaused; the health factor does not change.',
      mechanisms: ['guardian'],
      ...FREEZER,
    },
  ],
};
