import { statSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { feedEtag } from '../feedEtag.js';
import type { FeedObjects, ObjectRead } from '../feedObjects.js';

/** A temporary file this store writes before renaming it into place: `<name>.<uuid>.tmp`. */
const TEMPORARY = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/**
 * A folder's files as the feed store's objects. A write goes to a temporary file, is flushed to disk
 * (the file, then the folder's entry), and is renamed over the target: rename is atomic on one file
 * system, so a reader sees the old file or the new one, never half, and after a power cut the file is
 * one of the two, never empty.
 */
export class FileObjects implements FeedObjects {
  /** Per file, the identity last read and its ETag: every write renames a new file in, so the same inode, size and mtime mean the same body. */
  private readonly lastRead = new Map<string, { identity: string; etag: string }>();

  constructor(readonly directory: string) {}

  async get(name: string, ifNoneMatch?: string): Promise<ObjectRead> {
    const path = join(this.directory, name);
    // Every request reads the feed: a stat answers an unchanged one without reading and hashing the whole file.
    // Synchronous: a local stat takes microseconds, while through libuv's thread pool it cost more than
    // the rest of a cached /api/proposals answer, and put its p99 at 7 times a bare server's (bench/load.ts).
    let identity: string;
    let body: string;
    try {
      const stats = statSync(path);
      identity = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
      const last = this.lastRead.get(name);
      if (ifNoneMatch !== undefined && last?.identity === identity && last.etag === ifNoneMatch) return { status: 'unchanged' };
      body = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
      throw error;
    }
    const etag = feedEtag(body);
    this.lastRead.set(name, { identity, etag });
    if (etag === ifNoneMatch) return { status: 'unchanged' };
    return { status: 'found', body, etag };
  }

  async put(name: string, body: string): Promise<string> {
    await mkdir(this.directory, { recursive: true });
    const target = join(this.directory, name);
    const temporary = `${target}.${randomUUID()}.tmp`;
    const file = await open(temporary, 'wx');
    try {
      await file.writeFile(body, 'utf8');
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, target);
    await syncDirectory(this.directory);
    return feedEtag(body);
  }

  async remove(name: string): Promise<void> {
    await unlink(join(this.directory, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await syncDirectory(this.directory);
  }

  /** Deletes the temporary files of writes that were killed before their rename. Only the store's writer may: another's may be in flight. */
  async sweepTemporaries(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const swept = names.filter((name) => TEMPORARY.test(name));
    await Promise.all(swept.map((name) => unlink(join(this.directory, name)).catch(() => undefined)));
    return swept;
  }
}

/** Flushes a folder's entries, so a rename survives a power cut. Windows cannot open a folder for this; there a rename is its own journal entry. */
async function syncDirectory(directory: string): Promise<void> {
  let handle;
  try {
    handle = await open(directory, 'r');
    await handle.sync();
  } catch (error) {
    if (!['EISDIR', 'EPERM', 'EINVAL', 'EACCES'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await handle?.close();
  }
}
