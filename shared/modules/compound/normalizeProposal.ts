import { formatUnits, getAddress } from 'viem';
import type { SourceLink } from '../../contract/common.js';
import type { FeedProposal } from '../../domain/proposal.js';
import { proposalId } from '../../governance/proposalId.js';
import { summarize } from '../../governance/summarize.js';
import { isoFromUnixSeconds } from '../../governance/time.js';
import { COMP_DECIMALS, COMPOUND_GOVERNOR } from './addresses.js';
import { decodeActions } from './decodeActions.js';
import { estimateBlockTime } from './estimateBlockTime.js';
import { statusOf } from './statusOf.js';
import type { RawCompoundProposal } from './types.js';

const comp = (raw: bigint): number => Number(formatUnits(raw, COMP_DECIMALS));

/**
 * A feed proposal from one governor proposal. Times: `created`, `start` and `end` are block numbers
 * turned into APPROXIMATE times (estimateBlockTime); `effectiveDate` is the Timelock eta (exact,
 * unix seconds), the earliest time the change can execute. Pure.
 */
export function normalizeProposal(raw: RawCompoundProposal): FeedProposal {
  const title = titleOf(raw.description, raw.id);
  const changes = decodeActions(raw.actions);
  const created = estimateBlockTime(raw.createdBlock);
  const forQuorum = raw.forVotes + (raw.quorumCountsAbstain ? raw.abstainVotes : 0n);
  const effectiveDate = isoFromUnixSeconds(raw.eta);
  return {
    id: proposalId('compound', raw.governor, raw.id),
    protocol: 'compound',
    title,
    summary: summarize(raw.description, title),
    description: raw.description,
    proposer: getAddress(raw.proposer),
    status: statusOf(raw.state),
    votes: {
      for: comp(raw.forVotes),
      against: comp(raw.againstVotes),
      abstain: comp(raw.abstainVotes),
      total: comp(raw.forVotes + raw.againstVotes + raw.abstainVotes),
      quorumRequired: comp(raw.quorum),
      quorumReached: forQuorum >= raw.quorum,
    },
    timeline: { created, start: estimateBlockTime(raw.startBlock), end: estimateBlockTime(raw.endBlock) },
    sourceLinks: sourceLinksOf(raw),
    ...(changes.length > 0 && { changeType: changes.some((change) => change.parameter === 'listing') ? 'shape' : 'parameter' }),
    ...(effectiveDate && { effectiveDate }),
    changes,
    firstSeen: created,
  };
}

/** The first line of the body, markdown heading marks removed (Compound's convention for titles). Pure. */
export function titleOf(description: string, id: bigint): string {
  const line = description.split('\n').find((text) => text.trim() !== '');
  const title = line?.replace(/^\s*#+\s*/, '').trim();
  return title || `Compound proposal ${id}`;
}

function sourceLinksOf(raw: RawCompoundProposal): SourceLink[] {
  // Tally serves both governors under one id space; the govId names the new one explicitly.
  const tally =
    raw.governor === 'bravo'
      ? `https://www.tally.xyz/gov/compound/proposal/${raw.id}`
      : `https://www.tally.xyz/gov/compound/proposal/${raw.id}?govId=eip155:1:${COMPOUND_GOVERNOR}`;
  const links: SourceLink[] = [{ url: tally, label: 'View on Tally' }];
  if (raw.transactionHash) links.push({ url: `https://etherscan.io/tx/${raw.transactionHash}`, label: 'Proposal transaction on Etherscan' });
  return links;
}
