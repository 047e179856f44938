import { isoFromUnixSeconds } from '../../governance/time.js';

/**
 * Real (block number, block timestamp) pairs of Ethereum mainnet, oldest first. Sources:
 * bhemen/dao-governance data/compound_governor_bravo.csv @413efe2 (block and timestamp of Governor
 * Bravo events); a public repository's contract catalogue (search index file 69572750677) listing
 * the deployment block and timestamp of GovernorBravo, the Configurator and CompoundGovernor.
 */
export const BLOCK_TIME_ANCHORS: readonly (readonly [block: number, unixSeconds: number])[] = [
  [12006099, 1615316879], // GovernorBravo NewImplementation
  [15331590, 1660368984], // Comet Configurator deployed
  [16155290, 1670687195], // Bravo proposal 139 created
  [16171998, 1670888807], // Bravo proposal 140 created
  [16204854, 1671285371], // Bravo proposal 140 queued
  [16219183, 1671458219], // Bravo proposal 140 executed
  [16272090, 1672095863], // Bravo proposal 141 created
  [21688680, 1737653243], // CompoundGovernor deployed
];

/** Seconds per slot since the Merge; used past the last anchor (missed slots make real time a bit later). */
const SECONDS_PER_BLOCK = 12;

/**
 * An APPROXIMATE ISO time of a block, for governor timelines kept in block numbers. Not a block
 * header read: the source avoids one eth_getBlockByNumber per block (and future blocks of a live vote
 * have no header yet). Between two anchors it interpolates linearly (error: hours at most); past the
 * last one it adds 12 s per block, which runs early by the share of missed slots (about 1 %). Pure.
 *
 * @example estimateBlockTime(16272090n) // '2022-12-26T23:04:23Z' (an anchor is exact)
 */
export function estimateBlockTime(block: bigint | number): string {
  const target = Number(block);
  const anchors = BLOCK_TIME_ANCHORS;
  const first = anchors[0]!;
  const last = anchors[anchors.length - 1]!;
  let seconds: number;
  if (target <= first[0]) seconds = first[1] - (first[0] - target) * SECONDS_PER_BLOCK;
  else if (target >= last[0]) seconds = last[1] + (target - last[0]) * SECONDS_PER_BLOCK;
  else {
    const after = anchors.findIndex(([anchorBlock]) => anchorBlock >= target);
    const [b0, t0] = anchors[after - 1]!;
    const [b1, t1] = anchors[after]!;
    seconds = Math.round(t0 + ((target - b0) * (t1 - t0)) / (b1 - b0));
  }
  return isoFromUnixSeconds(seconds)!;
}
