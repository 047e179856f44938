import { decodeEventLog, type Hex, hexToString } from 'viem';
import type { FeedProposal } from '../../domain/proposal.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { withUnit } from '../../simulate/format.js';
import { SKY_MARKETS } from './names.js';
import { SP_BEAM_BOUNDS, type SpBeamConfig } from './spBeamLimits.js';

export { SP_BEAM } from './spBeamLimits.js';

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

const utcMinute = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')}\u00a0UTC`;

/**
 * The bounds of the next move of `id`, in words: as SP-BEAM held them on chain at the build (its
 * cfgs, the cooldown from its last set, a halt), or the declared defaults, which it then names. Pure.
 */
export function nextMoveWords(id: string, config?: SpBeamConfig): string {
  if (config) {
    const read = `read from SP-BEAM on chain at ${utcMinute(config.readAt)}`;
    if (config.halted) return `SP-BEAM is halted (SPBEAMMom set bad = 1): no rate moves without a vote until a spell lifts the halt (${read}).`;
    const cfg = config.rates[id];
    const next = `no sooner than ${utcMinute(config.lastSetAt + config.tauSeconds)} (${hours(config.tauSeconds)} after its last set)`;
    if (cfg && cfg.step === 0) return `SP-BEAM no longer configures it: set() refuses it until a spell configures it again (${read}).`;
    if (cfg) return `SP-BEAM may move it again by at most ${percent(cfg.step)} within ${percent(cfg.min)} to ${percent(cfg.max)}, ${next}, with no vote (bounds ${read}).`;
    return `SP-BEAM moves it within bounds set by executive spell, ${next}, with no vote (cooldown ${read}; this rate's bounds not read).`;
  }
  const bounds = id === 'SSR' || id === 'DSR' ? SP_BEAM_BOUNDS[id] : undefined;
  const declared = `declared default from spells-mainnet src/test/config.sol@17aee91`;
  return bounds
    ? `SP-BEAM may move it again by at most ${percent(bounds.step)} within ${percent(bounds.min)} to ${percent(bounds.max)}, no sooner than ${hours(SP_BEAM_BOUNDS.tauSeconds)} after this set, with no vote (${declared}).`
    : `SP-BEAM moves it within bounds set by executive spell, no sooner than ${hours(SP_BEAM_BOUNDS.tauSeconds)} after this set, with no vote (${declared}).`;
}

/**
 * An applied Set as a feed item: executed at once by a steward (SP-BEAM has no vote and no delay:
 * mechanism `steward`, notice 0), its change verified (the event is the chain's own record), and
 * its text stating the bounds the next move is held to (read from chain at the build where they
 * could be, else the declared defaults). "SSR" and "DSR" move the savings rates; any other id is an
 * ilk whose stability fee it sets (a change on that ilk, as spells' fee changes are). Pure.
 */
export function spBeamProposal(set: SpBeamSet, at?: string, config?: SpBeamConfig): FeedProposal {
  const rate = set.id === 'SSR' || set.id === 'DSR' ? RATES[set.id] : undefined;
  const name = rate?.name ?? `the ${set.id} stability fee`;
  const evidence = `SP-BEAM Set("${set.id}", ${set.bps}) in block ${set.blockNumber}`;
  const changes: ParameterChange[] = [
    rate
      ? { protocol: 'sky', market: rate.market, asset: rate.asset, parameter: rate.parameter, to: set.bps, unit: 'bps', evidence, verified: true }
      : { protocol: 'sky', market: set.id, parameter: 'stabilityFee', to: set.bps, unit: 'bps', evidence, verified: true },
  ];
  const limits = nextMoveWords(set.id, config);
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
