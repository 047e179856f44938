import { basename, dirname, join } from 'node:path';
import { feedNames } from '../feedNames.js';
import { HealingFeedStore } from '../healingFeedStore.js';
import type { WriterClaim } from '../types.js';
import { FileObjects } from './fileObjects.js';
import { claimLock, heldByThisProcess, releaseLock } from './storeLock.js';

/** The lock beside the feed: one per folder, since the prebuilt files in it have fixed names. */
export const LOCK_FILE = 'feed-store.lock';

/** Refused: another running process writes this store. */
export class FeedStoreLockedError extends Error {
  constructor(directory: string, holder: string) {
    super(`the feed store in ${directory} is written by ${holder}; this process only reads it`);
    this.name = 'FeedStoreLockedError';
  }
}

/**
 * The feed as one JSON file, with its last good copy, the prebuilt files and the lock in the same
 * folder (healing: ../healingFeedStore.ts; writes: ./fileObjects.ts). Only the process holding the
 * lock writes; it sweeps the temporary files of killed writes when it takes the lock.
 */
export class FileFeedStore extends HealingFeedStore {
  private readonly folder: FileObjects;
  private readonly lock: string;

  constructor(path: string) {
    const folder = new FileObjects(dirname(path));
    super(folder, feedNames(basename(path)));
    this.folder = folder;
    this.lock = join(dirname(path), LOCK_FILE);
  }

  override async claimWriter(): Promise<WriterClaim> {
    // Swept only when this process takes the lock: a temporary is then no running write's.
    const taken = !heldByThisProcess(this.lock);
    const claim = await claimLock(this.lock);
    if (claim.claimed && taken) {
      const swept = await this.folder.sweepTemporaries();
      if (swept.length > 0) console.warn(JSON.stringify({ level: 'warn', message: 'feed store: temporary files of killed writes removed', files: swept }));
    }
    return claim;
  }

  override async releaseWriter(): Promise<void> {
    await releaseLock(this.lock);
  }

  /** Every write claims again (one read of the lock file), so a process that lost the lock finds out before it overwrites another's build. */
  protected override async beforeWrite(): Promise<void> {
    const claim = await this.claimWriter();
    if (!claim.claimed) throw new FeedStoreLockedError(this.folder.directory, claim.holder);
  }
}
