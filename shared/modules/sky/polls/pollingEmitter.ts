import { type Address, decodeEventLog, type Hex } from 'viem';

/**
 * The PollingEmitter Sky's polls are created on (the "batch polling" contract of
 * makerdao/symbolic-voting, verified on Etherscan 2020-07-22; the governance portal's `polling`
 * address). Anyone may call createPoll: only polls whose text is in the community repository's
 * governance/polls are listed (pollText.ts).
 */
export const POLLING_EMITTER: Address = '0xD3A9FE267852281a1e6307a1C37CDfD76d39b133';

/** Its events as that source declares them: `PollCreated` (pollId indexed, dates in unix seconds, the text's hash and URL) and `PollWithdrawn`. */
export const pollCreatedEvent = {
  type: 'event',
  name: 'PollCreated',
  inputs: [
    { name: 'creator', type: 'address', indexed: true },
    { name: 'blockCreated', type: 'uint256', indexed: false },
    { name: 'pollId', type: 'uint256', indexed: true },
    { name: 'startDate', type: 'uint256', indexed: false },
    { name: 'endDate', type: 'uint256', indexed: false },
    { name: 'multiHash', type: 'string', indexed: false },
    { name: 'url', type: 'string', indexed: false },
  ],
} as const;

export const pollWithdrawnEvent = {
  type: 'event',
  name: 'PollWithdrawn',
  inputs: [
    { name: 'creator', type: 'address', indexed: true },
    { name: 'blockWithdrawn', type: 'uint256', indexed: false },
    { name: 'pollId', type: 'uint256', indexed: false },
  ],
} as const;

export interface PollCreated {
  creator: Address;
  pollId: number;
  blockCreated: bigint;
  /** Unix seconds. */
  startDate: number;
  endDate: number;
  multiHash: string;
  url: string;
}

/** A log of the emitter as a created poll, or the id of a withdrawn one; undefined for any other. Pure. */
export function decodePollLog(log: { data: Hex; topics: [Hex, ...Hex[]] }): { created: PollCreated } | { withdrawn: { creator: Address; pollId: number } } | undefined {
  try {
    const { eventName, args } = decodeEventLog({ abi: [pollCreatedEvent, pollWithdrawnEvent], data: log.data, topics: log.topics });
    if (eventName === 'PollWithdrawn') return { withdrawn: { creator: args.creator, pollId: Number(args.pollId) } };
    return { created: { creator: args.creator, pollId: Number(args.pollId), blockCreated: args.blockCreated, startDate: Number(args.startDate), endDate: Number(args.endDate), multiHash: args.multiHash, url: args.url } };
  } catch {
    return undefined;
  }
}
