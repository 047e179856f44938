import { upstreamUnavailable } from '../contract/errors.js';
import type { FeedObjects, ObjectRead } from './feedObjects.js';
import type { FeedNames } from './feedNames.js';
import { parseStoredFeed } from './storedFeedShape.js';
import {
  type FeedRead,
  type FeedStore,
  type FeedStoreRepair,
  PREBUILT_CONTENT_TYPES,
  type PrebuiltFile,
  type PrebuiltName,
  type StoredFeed,
  type WriterClaim,
} from './types.js';

const JSON_TYPE = 'application/json';
type Copy = { body: string; etag: string };

const warn = (message: string, fields: Record<string, unknown> = {}) => console.warn(JSON.stringify({ level: 'warn', message, ...fields }));

/**
 * The feed store over named objects (files, S3 keys, a map), healing itself so that a damaged store
 * never means permanent errors, and a deleted feed never means an empty one:
 * - every write also keeps a last good copy beside the feed, and the process keeps the last good feed
 *   and prebuilt files it saw in memory;
 * - a feed that is missing, does not parse, or cannot be read is answered from the last good copy
 *   (memory first, then the stored copy), else with 502 upstream_unavailable, never a 500;
 * - before a build, repair() sets a feed that does not parse aside under a dated name, so the build
 *   goes on from the last good copy (keeping every proposal's firstSeen) or from empty.
 *
 * @example class FileFeedStore extends HealingFeedStore { ... } // the adapters give the objects
 */
export class HealingFeedStore implements FeedStore {
  /** The last feed this process read whole or wrote. */
  private lastGood?: Copy;
  private readonly lastGoodPrebuilt = new Map<PrebuiltName, string>();
  /**
   * The ETag of a feed repair() set aside: read as missing from then on, for objects that cannot
   * remove it (S3: the builder may not delete). A new write has another ETag.
   */
  private setAsideEtag?: string;
  /** The last repair this process made (the stored record is preferred: another process may have repaired since). */
  private repaired?: FeedStoreRepair;
  /** Whether readers are being answered from the last good copy, so that is logged once, not per request. */
  private servingLastGood = false;

  constructor(
    protected readonly objects: FeedObjects,
    protected readonly names: FeedNames,
  ) {}

  async read(ifNoneMatch?: string): Promise<FeedRead> {
    let read: ObjectRead;
    try {
      read = await this.objects.get(this.names.feed, ifNoneMatch);
    } catch (error) {
      // The store itself is down: the stored copy is in it too, so only memory can answer.
      return this.fromLastGood(ifNoneMatch, { cause: error, stored: false });
    }
    if (read.status === 'unchanged') return read;
    if (read.status === 'missing' || read.etag === this.setAsideEtag) return this.fromLastGood(ifNoneMatch, { stored: true });
    const feed = parseStoredFeed(read.body, this.names.feed);
    if (feed instanceof Error) return this.fromLastGood(ifNoneMatch, { cause: feed, stored: true });
    this.lastGood = { body: read.body, etag: read.etag };
    this.servingLastGood = false;
    return { status: 'found', feed, etag: read.etag };
  }

  async write(feed: StoredFeed): Promise<string> {
    await this.beforeWrite();
    const body = JSON.stringify(feed);
    const etag = await this.objects.put(this.names.feed, body, JSON_TYPE);
    this.lastGood = { body, etag };
    this.setAsideEtag = undefined;
    this.servingLastGood = false;
    // The copy is a second object, not a link: a feed damaged in place (`printf '{' > feed.json`) leaves it whole.
    await this.objects.put(this.names.lastGood, body, JSON_TYPE).catch((error: unknown) => warn('feed store: last good copy not written', { cause: String(error) }));
    return etag;
  }

  async writePrebuilt(name: PrebuiltName, file: PrebuiltFile): Promise<void> {
    await this.beforeWrite();
    await this.objects.put(name, file.body, file.contentType);
    this.lastGoodPrebuilt.set(name, file.body);
  }

  /** A deleted or unreadable prebuilt file is answered from memory until the next build writes it again. */
  async readPrebuilt(name: PrebuiltName): Promise<PrebuiltFile | undefined> {
    const remembered = this.lastGoodPrebuilt.get(name);
    const file = (body: string) => ({ body, contentType: PREBUILT_CONTENT_TYPES[name] });
    let read: ObjectRead;
    try {
      read = await this.objects.get(name);
    } catch (error) {
      if (remembered !== undefined) return file(remembered);
      throw upstreamUnavailable(`the prebuilt ${name} could not be read from the feed store; retry shortly`, error);
    }
    if (read.status !== 'found') return remembered === undefined ? undefined : file(remembered);
    this.lastGoodPrebuilt.set(name, read.body);
    return file(read.body);
  }

  async repair(now: Date): Promise<FeedStoreRepair | undefined> {
    await this.beforeWrite();
    // A store that cannot be read fails the build here, as it would a moment later: nothing to heal.
    const read = await this.objects.get(this.names.feed);
    if (read.status === 'found' && read.etag === this.setAsideEtag) return undefined; // set aside by an earlier build that then failed
    if (read.status === 'found') {
      const feed = parseStoredFeed(read.body, this.names.feed);
      if (!(feed instanceof Error)) return undefined;
      const aside = this.names.corrupt(now);
      const kept = await this.objects.put(aside, read.body, JSON_TYPE).then(
        () => true,
        (error: unknown) => (warn('feed store: an unreadable feed could not be kept', { name: aside, cause: String(error) }), false),
      );
      this.setAsideEtag = read.etag;
      // Removed only once kept: the damaged body is evidence. Where it stays, its ETag marks it read as missing.
      if (kept) await this.objects.remove?.(this.names.feed).catch((error: unknown) => warn('feed store: an unreadable feed could not be removed', { cause: String(error) }));
      const from = await this.lastGoodFeed();
      const goesOn = from ? `the build goes on from the last good copy (built ${from.builtAt})` : 'the build goes on from empty (no last good copy)';
      return this.record(now, `${feed.message}; ${kept ? `kept as ${aside}` : 'it could not be kept'}; ${goesOn}`, kept ? aside : undefined);
    }
    if (read.status === 'missing') {
      // Missing after a feed was written: deleted. Readers have been answered from the last good copy.
      const from = await this.lastGoodFeed();
      if (!from) return undefined; // no feed was ever built here: the first build
      return this.record(now, `feed ${this.names.feed} was missing; the build goes on from the last good copy (built ${from.builtAt})`);
    }
    return undefined;
  }

  async lastRepair(): Promise<FeedStoreRepair | undefined> {
    try {
      const read = await this.objects.get(this.names.repair);
      if (read.status === 'found') {
        const recorded = JSON.parse(read.body) as FeedStoreRepair;
        if (typeof recorded.at === 'string' && typeof recorded.message === 'string') return recorded;
      }
    } catch {
      // An unreadable record is no reason to fail a health check: this process's own repair still answers.
    }
    return this.repaired;
  }

  async claimWriter(): Promise<WriterClaim> {
    return { claimed: true };
  }

  async releaseWriter(): Promise<void> {}

  /** Called before every write: an adapter with a lock makes sure it holds it. */
  protected async beforeWrite(): Promise<void> {}

  private async fromLastGood(ifNoneMatch: string | undefined, { cause, stored }: { cause?: unknown; stored: boolean }): Promise<FeedRead> {
    const copy = this.lastGood ?? (stored ? await this.storedLastGood() : undefined);
    if (!copy) {
      if (cause === undefined) return { status: 'missing' };
      throw upstreamUnavailable('the proposal feed could not be read; retry shortly', cause);
    }
    if (!this.servingLastGood) {
      warn('feed store: serving the last good copy of the feed', { feed: this.names.feed, cause: cause === undefined ? 'missing' : String(cause).slice(0, 300) });
      this.servingLastGood = true;
    }
    if (copy.etag === ifNoneMatch) return { status: 'unchanged' };
    return { status: 'found', feed: JSON.parse(copy.body) as StoredFeed, etag: copy.etag };
  }

  /** The stored last good copy, remembered once read; undefined when there is none or it is damaged too. */
  private async storedLastGood(): Promise<Copy | undefined> {
    try {
      const read = await this.objects.get(this.names.lastGood);
      if (read.status !== 'found' || parseStoredFeed(read.body, this.names.lastGood) instanceof Error) return undefined;
      this.lastGood = { body: read.body, etag: read.etag };
      return this.lastGood;
    } catch {
      return undefined;
    }
  }

  private async lastGoodFeed(): Promise<StoredFeed | undefined> {
    const copy = this.lastGood ?? (await this.storedLastGood());
    return copy && (JSON.parse(copy.body) as StoredFeed);
  }

  private async record(now: Date, message: string, setAsideAs?: string): Promise<FeedStoreRepair> {
    this.repaired = { at: now.toISOString(), message, ...(setAsideAs && { setAsideAs }) };
    warn('feed store repaired', { ...this.repaired });
    await this.objects.put(this.names.repair, JSON.stringify(this.repaired), JSON_TYPE).catch((error: unknown) => warn('feed store: repair record not written', { cause: String(error) }));
    return this.repaired;
  }
}
