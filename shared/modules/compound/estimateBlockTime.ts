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
  [24275593, 1768907351], // Lido vote #198 executed (lidofinance/scripts archive/scripts/upgrade_2026_01_20_v3_phase_2.py: block 24275593, Jan-20-2026 11:09:11 UTC)
];

/** Seconds per slot since the Merge; used before the first anchor only. */
const SECONDS_PER_BLOCK = 12;

/**
 * An APPROXIMATE ISO time of a block, for governor timelines kept in block numbers. Not a block
 * header read: the source avoids one eth_getBlockByNumber per block (and future blocks of a live vote
 * have no header yet). Between two anchors it interpolates linearly (error: hours at most); past the
 * last one it goes on at the last segment's pace (about 12.1 s a block: slots are 12 s, and about
 * 1 % of them are missed), so a year past it drifts by hours, not days. Pure.
 *
 * @example estimateBlockTime(16272090n) // '2022-12-26T23:04:23Z' (an anchor is exact)
 */
export function estimateBlockTime(block: bigint | number, anchors: typeof BLOCK_TIME_ANCHORS = BLOCK_TIME_ANCHORS): string {
  const target = Number(block);
  const first = anchors[0]!;
  const last = anchors[anchors.length - 1]!;
  let seconds: number;
  if (target <= first[0]) seconds = first[1] - (first[0] - target) * SECONDS_PER_BLOCK;
  else if (target >= last[0]) {
    const [b0, t0] = anchors[anchors.length - 2]!;
    seconds = Math.round(last[1] + ((target - last[0]) * (last[1] - t0)) / (last[0] - b0));
  }
  else {
    const after = anchors.findIndex(([anchorBlock]) => anchorBlock >= target);
    const [b0, t0] = anchors[after - 1]!;
    const [b1, t1] = anchors[after]!;
    seconds = Math.round(t0 + ((target - b0) * (t1 - t0)) / (b1 - b0));
  }
  return isoFromUnixSeconds(seconds)!;
}
