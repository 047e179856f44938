import type { TallyResult } from 'cosmjs-types/cosmos/gov/v1/gov';
import type { ProposalVotes } from '../../contract/proposal.js';

/** uatom per ATOM (the Hub's staking denom has 6 decimals). */
const UATOM_PER_ATOM = 1_000_000;

/** What quorum needs: the tally param (fraction of bonded stake) and the bonded tokens now. */
export interface QuorumInputs {
  quorum: number;
  /** Bonded tokens in uatom (staking Pool). */
  bondedTokens: string;
}

/**
 * Votes in ATOM from a gov v1 tally (uatom strings). NoWithVeto is a vote against, so `against`
 * is no + no_with_veto; `total` is all four options, as quorum counts them (abstain included).
 * Quorum is quorum × bonded stake (x/gov tally.go), given only for a live vote: for an ended one
 * today's bonded stake is not the stake it was counted against. Pure.
 */
export function votesOf(tally: TallyResult | undefined, quorum?: QuorumInputs): ProposalVotes {
  if (!tally) return {};
  const yes = uatom(tally.yesCount);
  const no = uatom(tally.noCount) + uatom(tally.noWithVetoCount);
  const abstain = uatom(tally.abstainCount);
  const total = yes + no + abstain;
  const votes: ProposalVotes = { for: atom(yes), against: atom(no), abstain: atom(abstain), total: atom(total) };
  const bonded = quorum ? uatom(quorum.bondedTokens) : 0n;
  if (!quorum || bonded === 0n) return votes;
  return { ...votes, quorumRequired: (quorum.quorum * Number(bonded)) / UATOM_PER_ATOM, quorumReached: Number(total) >= quorum.quorum * Number(bonded) };
}

const uatom = (value: string): bigint => (/^\d+$/.test(value) ? BigInt(value) : 0n);

const atom = (value: bigint): number => Number(value) / UATOM_PER_ATOM;
