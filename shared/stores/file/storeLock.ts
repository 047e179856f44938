import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import type { WriterClaim } from '../types.js';

/**
 * One writer per store folder, between processes: a lock file naming the writer's pid. Two servers on
 * one store would otherwise overwrite each other's builds. A lock whose pid is no longer running (a
 * killed server) is taken over. Within one process the lock is shared: its stores are one writer.
 */

/** This process, as a lock names it: the pid alone would mistake an earlier process that had the same pid (a container restarted) for this one. */
const SELF = { pid: process.pid, process: randomUUID() };
type Holder = { pid: number; process: string; since?: string };

/** Lock files this process holds: given up at exit, whatever way it exits. */
const held = new Set<string>();
let exitHookSet = false;

/**
 * Takes the lock at `path`, or confirms this process still holds it.
 *
 * @example const claim = await claimLock('.data/live/feed-store.lock'); // { claimed: false, holder: 'pid 4242' }
 */
export async function claimLock(path: string): Promise<WriterClaim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const holder = await holderOf(path);
    if (holder?.process === SELF.process) return hold(path);
    if (holder && holder.pid !== SELF.pid && isRunning(holder.pid)) return { claimed: false, holder: `pid ${holder.pid}${holder.since ? ` (since ${holder.since})` : ''}` };
    // No lock, or a stale one: its process is gone, or it had this pid before this process. A lock
    // left empty by a kill is stale too (a lock is linked in whole, below, so a live one is never empty).
    // Read again just before: another process may have taken the stale lock over in between. (A
    // narrower window, not none; every write claims again, so a second holder is refused at its next write.)
    if (holder !== undefined || (await exists(path))) {
      if ((await holderOf(path))?.process !== holder?.process) continue;
      await unlink(path).catch(() => undefined);
    }
    if (await create(path)) return hold(path);
  }
  return { claimed: false, holder: 'another process (the lock changed hands while this one took it)' };
}

/** Whether this process already holds the lock (another store object in it took it). */
export const heldByThisProcess = (path: string): boolean => held.has(path);

/** Gives the lock up if this process holds it. */
export async function releaseLock(path: string): Promise<void> {
  held.delete(path);
  if ((await holderOf(path))?.process === SELF.process) await unlink(path).catch(() => undefined);
}

function hold(path: string): WriterClaim {
  held.add(path);
  if (!exitHookSet) {
    exitHookSet = true;
    process.once('exit', () => {
      for (const lock of held) {
        try {
          if ((JSON.parse(readFileSync(lock, 'utf8')) as Holder).process === SELF.process) unlinkSync(lock);
        } catch {
          // already gone, or another's: nothing to give up
        }
      }
    });
  }
  return { claimed: true };
}

/** Writes the lock whole under a temporary name and links it in: link fails if a lock exists, so two processes never both create one. */
async function create(path: string): Promise<boolean> {
  const temporary = `${path}.${randomUUID()}.tmp`;
  await mkdir(dirname(path), { recursive: true });
  await writeFile(temporary, JSON.stringify({ ...SELF, since: new Date().toISOString() }), { flag: 'wx' });
  try {
    await link(temporary, path);
    return true;
  } catch (error) {
    // EEXIST: another took it first. ENOENT: the writer holding the store swept this temporary; try again.
    if (['EEXIST', 'ENOENT'].includes((error as NodeJS.ErrnoException).code ?? '')) return false;
    throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

async function holderOf(path: string): Promise<Holder | undefined> {
  try {
    const holder = JSON.parse(await readFile(path, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.process === 'string' ? (holder as Holder) : undefined;
  } catch {
    return undefined;
  }
}

const exists = (path: string) => readFile(path).then(() => true, (error: NodeJS.ErrnoException) => error.code !== 'ENOENT');

/** Signal 0 tests that a process exists without touching it; EPERM means it exists under another user. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
