import { type Address, decodeEventLog, type Hex } from 'viem';

/**
 * The PollingEmitter Sky's polls are created on: the first ("v1") polling contract, which "is still
 * used for creating polls on-chain" while the v2 one, 0xD3A9…b133, only adds batch voting
 * (makerdao/governance-portal-v2 @3ba2440: modules/contracts/contracts.ts `pollingOld`, whose
 * usePollCreate.ts creates polls on it, and SystemStatsSidebar.tsx's "Polling contract versions").
 * The portal's indexer keeps only this contract's PollCreated ("not the primary voting contract"
 * for any other: makerdao/gov-polling-db @68fdfd3 transformers/PollingTransformer.js), and also only
 * those of its AUTHORIZED_CREATORS, a setting of its deployment that no public file lists: anyone may
 * call createPoll, so only polls whose text is in the community repository's governance/polls are
 * listed (pollText.ts). Its events are the v2 contract's (the portal's abis/mainnet/pollingOld.json).
 */
export const POLLING_EMITTER: Address = '0xF9be8F0945acDdeeDaA64DFCA5Fe9629D0CF8E5D';

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
