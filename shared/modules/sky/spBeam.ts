import { type Address, decodeEventLog, type Hex, hexToString } from 'viem';
import type { FeedProposal } from '../../domain/proposal.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { withUnit } from '../../simulate/format.js';
import { SKY_MARKETS } from './names.js';
import { SP_BEAM_BOUNDS } from './spBeamLimits.js';

/** SP-BEAM on Ethereum (chainlog MCD_SPBEAM, spells-mainnet src/test/addresses_mainnet.sol @17aee91; test/fixtures/addresses/sky.json). */
export const SP_BEAM: Address = '0x36B072ed8AFE665E3Aa6DaBa79Decbec63752b22';

/** `Set(bytes32 indexed id, uint256 bps)`: emitted per rate a facilitator sets (makerdao/sp-beam src/SPBEAM.sol @eaadd53, set()). */
export const setEvent = {
  type: 'event',
  name: 'Set',
  inputs: [
    { name: 'id', type: 'bytes32', indexed: true },
    { name: 'bps', type: 'uint256', indexed: false },
  ],
} as const;

export { SP_BEAM_BOUNDS, type SpBeamBounds } from './spBeamLimits.js';

/** A decoded Set: the rate's id as SP-BEAM names it ("SSR", "DSR" or an ilk such as "ETH-A") and its new bps. */
export interface SpBeamSet {
  id: string;
  bps: number;
  blockNumber: bigint;
  logIndex: number;
  transactionHash?: Hex;
}

/** Decodes a Set log of SP-BEAM; the id is a right-padded bytes32 string. Pure. */
export function decodeSetLog(log: { data: Hex; topics: [Hex, ...Hex[]]; blockNumber: bigint; logIndex: number; transactionHash?: Hex }): SpBeamSet {
  const { args } = decodeEventLog({ abi: [setEvent], data: log.data, topics: log.topics });
  return { id: hexToString(args.id, { size: 32 }).replace(/\0+$/, ''), bps: Number(args.bps), blockNumber: log.blockNumber, logIndex: log.logIndex, ...(log.transactionHash && { transactionHash: log.transactionHash }) };
}

const RATES = { SSR: { parameter: 'ssr', market: SKY_MARKETS.susds, asset: 'sUSDS', name: 'Sky Savings Rate' }, DSR: { parameter: 'dsr', market: SKY_MARKETS.sdai, asset: 'sDAI', name: 'DAI Savings Rate' } } as const;

// Number and unit joined by a no-break space, as every page text joins them (shared/simulate/format.ts).
const percent = (bps: number) => withUnit((bps / 100).toLocaleString('en-US', { maximumFractionDigits: 2 }), '%');
const hours = (seconds: number) => withUnit(String(seconds / 3600), 'hours');

/**
 * An applied Set as a feed item: executed at once by a steward (SP-BEAM has no vote and no delay:
 * mechanism `steward`, notice 0), its change verified (the event is the chain's own record), and
 * its text stating the bounds the next move is held to. "SSR" and "DSR" move the savings rates; any
 * other id is an ilk whose stability fee it sets (a change on that ilk, as spells' fee changes are).
 * Pure.
 */
export function spBeamProposal(set: SpBeamSet, at?: string): FeedProposal {
  const rate = set.id === 'SSR' || set.id === 'DSR' ? RATES[set.id] : undefined;
  const bounds = rate ? SP_BEAM_BOUNDS[set.id as 'SSR' | 'DSR'] : undefined;
  const name = rate?.name ?? `the ${set.id} stability fee`;
  const evidence = `SP-BEAM Set("${set.id}", ${set.bps}) in block ${set.blockNumber}`;
  const changes: ParameterChange[] = [
    rate
      ? { protocol: 'sky', market: rate.market, asset: rate.asset, parameter: rate.parameter, to: set.bps, unit: 'bps', evidence, verified: true }
      : { protocol: 'sky', market: set.id, parameter: 'stabilityFee', to: set.bps, unit: 'bps', evidence, verified: true },
  ];
  const limits = bounds
    ? `SP-BEAM may move it again by at most ${percent(bounds.step)} within ${percent(bounds.min)} to ${percent(bounds.max)}, no sooner than ${hours(SP_BEAM_BOUNDS.tauSeconds)} after this set, with no vote.`
    : `SP-BEAM moves it within bounds set by executive spell, no sooner than ${hours(SP_BEAM_BOUNDS.tauSeconds)} after this set, with no vote.`;
  return {
    id: `sky-spbeam-${set.blockNumber}-${set.logIndex}`,
    protocol: 'sky',
    title: `SP-BEAM set ${rate ? 'the ' : ''}${name} to ${percent(set.bps)}`,
    summary: `Applied at once by an SP-BEAM facilitator: ${name} ${percent(set.bps)}.`,
    description: `${rate ? name : name.replace(/^the /, 'The ')} set to ${set.bps} bps by SP-BEAM (Set event in block ${set.blockNumber}). ${limits}`,
    status: 'executed',
    votes: {},
    timeline: at ? { created: at, effectiveAt: at } : {},
    ...(at && { effectiveDate: at }),
    mechanism: 'steward',
    noticeSeconds: 0,
    changeType: 'parameter',
    changes,
    firstSeen: at ?? new Date(0).toISOString(),
  };
}
