import type { Wallet } from '../address/types.js';
import type { ImpactLevel, ProposalStatus } from '../contract/enums.js';
import type { WatchEventType } from '../contract/watch.js';
import type { PositionsSnapshot } from '../scan/positionsSnapshot.js';

/** What a watch remembers of a proposal it told the receiver about: what a change is measured from. */
export interface SeenProposal {
  level: ImpactLevel;
  status: ProposalStatus;
}

/** What the last check of a watch found: kept so that the next check sends only what changed. */
export interface WatchState {
  /**
   * The positions the last check read (absent when too large to keep): a feed change re-matches
   * them without reading the chains again; they are read anew once they are an hour old.
   */
  snapshot?: PositionsSnapshot;
  /** When the positions were read from upstream (ISO). */
  positionsReadAt: string;
  /** The protocols the wallet holds positions in: a build that changed none of them skips the wallet. */
  protocols: string[];
  /** Every proposal at or above minImpact at the last check, by id. */
  seen: Record<string, SeenProposal>;
  checkedAt: string;
}

/** A wallet watched for a receiver (issue #24 item 3). */
export interface Watch {
  id: string;
  /** `whsec_…`: signs every delivery and authorizes test and delete. */
  secret: string;
  wallet: Wallet;
  url: string;
  minImpact: ImpactLevel;
  events: WatchEventType[];
  createdAt: string;
  /** Set when the receiver answered 410 Gone: nothing is sent any more. */
  disabled?: { at: string; reason: string };
  state?: WatchState;
}

/**
 * Where watches are kept: memory on one machine (shared/stores/memory/memoryWatchStore.ts), one
 * DynamoDB item per watch in AWS (shared/stores/aws/dynamoWatchStore.ts).
 */
export interface WatchStore {
  /** Stores a new watch. */
  create(watch: Watch): Promise<void>;
  get(id: string): Promise<Watch | undefined>;
  /** Every watch, disabled ones included (the delivery pass skips them). */
  list(): Promise<Watch[]>;
  /** How many watches a wallet has (the per-address cap). */
  countFor(wallet: Wallet): Promise<number>;
  /** Records a check's result; a watch deleted meanwhile stays deleted. */
  saveState(id: string, state: WatchState): Promise<void>;
  /** Stops deliveries (a 410 from the receiver); a watch deleted meanwhile stays deleted. */
  disable(id: string, disabled: NonNullable<Watch['disabled']>): Promise<void>;
  /** Returns whether there was one to delete. */
  delete(id: string): Promise<boolean>;
}

/** The watch without its secret or state: what a log line may carry. */
export const watchLabel = (watch: Pick<Watch, 'id' | 'wallet'>): string => `${watch.id} (${watch.wallet.kind}:${watch.wallet.address})`;
