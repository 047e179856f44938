import type { NoVoteBounds } from '../../envelopes/noVoteBounds.js';

/** compound-finance/comet at HEAD 2026-05-29, where Comet.pause was read. */
const COMET_COMMIT = 'd5a30b0aaeff7755f1431e87f818990902237b03';

/**
 * Compound III's only no-vote power over a held position: Comet.pause(supply, transfer, withdraw,
 * absorb, buy), callable by the governor or the pause guardian (the Community Multisig), at once.
 * No bound sizes it and it moves no health factor or rate, so it is stated in words. The L2
 * market-admin track is a timelock with its full calldata (at least 2 days), shown as feed items.
 */
export const COMPOUND_NO_VOTE_BOUNDS: NoVoteBounds = {
  bounds: [],
  guardians: [
    {
      actor: 'the Compound pause guardian (the Community Multisig)',
      does: 'pause supply, transfers, withdrawals, liquidations (absorb) or collateral buys of this market at once, until unpaused; no figure of the position moves, but you could not withdraw or add while it lasts.',
      mechanisms: ['guardian'],
      source: `compound-finance/comet contracts/Comet.sol@${COMET_COMMIT.slice(0, 7)} (pause)`,
      sourceUrl: `https://github.com/compound-finance/comet/blob/${COMET_COMMIT}/contracts/Comet.sol`,
    },
  ],
};
