import { mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LocalServer, startServer } from '../../local/server.js';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import type { ModuleEntry } from '../../shared/modules/types.js';
import { FileFeedStore } from '../../shared/stores/file/fileFeedStore.js';
import type { FeedStore } from '../../shared/stores/types.js';
import { feedProposal } from '../support/feed.js';
import { testServices } from '../support/services.js';

/*
 * The file feed store heals (issue 19, item 2): a feed that does not parse is set aside under a dated
 * name and the build goes on; a deleted feed is served from the last good copy and rebuilt from it
 * with every firstSeen kept; killed writes leave no temporary files behind. Everything here is the
 * real store on a temporary folder and the real local server; the one source is a stand-in.
 */
const NO_UPSTREAMS = testServices().upstreams;
const FIRST_BUILD = '2026-11-20T10:00:00.000Z';
const REPAIR_AT = '2026-11-22T10:00:00.000Z';

/** A proposal whose source gives no creation time: its firstSeen is when a build first saw it, and only the previous feed remembers that. */
const UNDATED = { ...feedProposal({ id: 'aave-gov3-7', protocol: 'aave', status: 'active', title: 'Raise the WETH supply cap' }), timeline: {} };
const SOURCE = { slug: 'aave', load: async () => ({ source: { gov3: { readProposals: async () => [UNDATED] } } }) } as unknown as ModuleEntry;
const build = (store: FeedStore, at: string) => buildFeed({ modules: [SOURCE], store, now: () => new Date(at), deadlineMs: 1000, upstreams: NO_UPSTREAMS });

let directory = '';
let feedPath = '';
const servers: LocalServer[] = [];
const logged: string[] = [];
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'govex-healing-'));
  feedPath = join(directory, 'feed.json');
  logged.length = 0;
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  vi.restoreAllMocks();
  await rm(directory, { recursive: true, force: true });
});

/** The local server over a file store: a new store object is a restarted server, which holds nothing in memory. */
async function serve(store: FeedStore = new FileFeedStore(feedPath)): Promise<{ get: (path: string) => Promise<Response>; store: FeedStore }> {
  const server = await startServer({ port: 0, services: { ...testServices(), feedStore: store } });
  servers.push(server);
  return { get: (path) => fetch(`${server.url}${path}`), store };
}
const idsOf = async (response: Response) => ((await response.json()) as { proposals: { id: string }[] }).proposals.map((proposal) => proposal.id);
const firstSeenIn = async (path: string) => (JSON.parse(await readFile(path, 'utf8')) as { proposals: { firstSeen: string }[] }).proposals[0]!.firstSeen;

describe('a stored feed that does not parse', () => {
  it('is answered from the last good copy by a restarted server, never with a 500', async () => {
    await build(new FileFeedStore(feedPath), FIRST_BUILD);
    await writeFile(feedPath, '{');
    const { get } = await serve();
    const feed = await get('/api/proposals');
    expect(feed.status).toBe(200);
    expect(await idsOf(feed)).toEqual(['aave-gov3-7']);
    expect((await get('/api/proposals/aave-gov3-7')).status).toBe(200);
  });

  it('is set aside under a dated name, and the build goes on from the last good copy with firstSeen kept', async () => {
    await build(new FileFeedStore(feedPath), FIRST_BUILD);
    await writeFile(feedPath, '{');
    const store = new FileFeedStore(feedPath);
    const repair = await store.repair(new Date(REPAIR_AT));
    expect(repair).toMatchObject({ at: REPAIR_AT, setAsideAs: 'feed.corrupt-2026-11-22T10-00-00Z.json' });
    expect(repair!.message).toMatch(/not whole JSON.*kept as feed\.corrupt-2026-11-22T10-00-00Z\.json; the build goes on from the last good copy \(built 2026-11-20T10:00:00\.000Z\)/);
    expect(await readFile(join(directory, 'feed.corrupt-2026-11-22T10-00-00Z.json'), 'utf8')).toBe('{');

    const rebuilt = await build(store, REPAIR_AT);
    expect(rebuilt.written).toBe(true);
    expect(await firstSeenIn(feedPath)).toBe(FIRST_BUILD);
  });

  it('that is JSON but not a stored feed is set aside too; with no last good copy the build goes on from empty, and readers get 502 until it has', async () => {
    await writeFile(feedPath, JSON.stringify({ builtAt: FIRST_BUILD, sources: {}, proposals: { title: 'not a list' } }));
    const { get, store } = await serve();
    const before = await get('/api/proposals');
    expect(before.status).toBe(502);
    expect(await before.json()).toMatchObject({ code: 'upstream_unavailable' });

    const repair = await store.repair(new Date(REPAIR_AT));
    expect(repair!.message).toMatch(/not a stored feed: proposals is not a list; kept as feed\.corrupt-2026-11-22T10-00-00Z\.json; the build goes on from empty/);
    await build(store, REPAIR_AT);
    const after = await get('/api/proposals');
    expect(after.status).toBe(200);
    expect(await idsOf(after)).toEqual(['aave-gov3-7']);
  });

  it('whose one proposal is malformed is not set aside: that proposal is held back on read and named, the others are served', async () => {
    await build(new FileFeedStore(feedPath), FIRST_BUILD);
    const stored = JSON.parse(await readFile(feedPath, 'utf8')) as { proposals: Record<string, unknown>[] };
    stored.proposals.push({ ...stored.proposals[0], id: 'aave-gov3-8', status: 'no such status' });
    await writeFile(feedPath, JSON.stringify(stored));
    const { get, store } = await serve();
    const answer = await get('/api/proposals');
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { proposals: { id: string }[]; degraded: { module: string; message: string }[] };
    expect(body.proposals.map((proposal) => proposal.id)).toEqual(['aave-gov3-7']);
    expect(body.degraded).toContainEqual(expect.objectContaining({ module: 'aave', message: expect.stringMatching(/held back on read/) }));
    expect(await store.repair(new Date(REPAIR_AT))).toBeUndefined();
    expect((await readdir(directory)).filter((name) => name.includes('corrupt'))).toEqual([]);
  });

  it('is named on /api/health in a header, by any server on the store, while the body stays the contract’s', async () => {
    await build(new FileFeedStore(feedPath), FIRST_BUILD);
    await writeFile(feedPath, '{');
    const { get } = await serve();
    expect((await get('/api/health')).headers.get('x-feed-store-repair')).toBeNull();
    await new FileFeedStore(feedPath).repair(new Date(REPAIR_AT));

    const health = await get('/api/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', service: 'govex' });
    expect(health.headers.get('x-feed-store-repair')).toMatch(/^2026-11-22T10:00:00\.000Z feed feed\.json is not whole JSON .* kept as feed\.corrupt-2026-11-22T10-00-00Z\.json/);
  });
});

describe('a deleted feed file', () => {
  it('is served from the last good copy until the next build (no empty 200, no false 404), and rebuilt with firstSeen kept', async () => {
    const { get, store } = await serve();
    await build(store, FIRST_BUILD);
    expect(await idsOf(await get('/api/proposals'))).toEqual(['aave-gov3-7']);
    await unlink(feedPath);

    expect(await idsOf(await get('/api/proposals'))).toEqual(['aave-gov3-7']);
    expect((await get('/api/proposals/aave-gov3-7')).status).toBe(200);
    // A restarted server has nothing in memory: the copy beside the feed answers.
    const restarted = await serve();
    expect(await idsOf(await restarted.get('/api/proposals'))).toEqual(['aave-gov3-7']);
    expect((await restarted.get('/api/proposals/aave-gov3-7')).status).toBe(200);

    expect((await store.repair(new Date(REPAIR_AT)))!.message).toBe('feed feed.json was missing; the build goes on from the last good copy (built 2026-11-20T10:00:00.000Z)');
    await build(store, REPAIR_AT);
    expect(await firstSeenIn(feedPath)).toBe(FIRST_BUILD);
  });

  it('with its last good copy deleted too, is rebuilt from memory by the server that wrote it', async () => {
    const { store } = await serve();
    await build(store, FIRST_BUILD);
    await Promise.all([unlink(feedPath), unlink(join(directory, 'feed.last-good.json'))]);
    await build(store, REPAIR_AT);
    expect(await firstSeenIn(feedPath)).toBe(FIRST_BUILD);
  });
});

describe('prebuilt index and Atom files', () => {
  it('deleted, are served from the last good copy the server read', async () => {
    const { get, store } = await serve();
    await build(store, FIRST_BUILD);
    for (const path of ['/', '/feed.atom']) expect(await (await get(path)).text()).toContain('Raise the WETH supply cap');
    await Promise.all([unlink(join(directory, 'index.html')), unlink(join(directory, 'feed.atom'))]);
    for (const path of ['/', '/feed.atom']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Raise the WETH supply cap');
    }
  });

  it('unreadable with nothing in memory, answer 502 upstream_unavailable in the envelope, never a 500', async () => {
    await build(new FileFeedStore(feedPath), FIRST_BUILD);
    // A folder where a file should be: the read fails (EISDIR) as a damaged disk or lost permission would.
    for (const name of ['index.html', 'feed.atom']) {
      await unlink(join(directory, name));
      await mkdir(join(directory, name));
    }
    const { get } = await serve();
    for (const path of ['/', '/feed.atom']) {
      const response = await get(path);
      expect(response.status).toBe(502);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ code: 'upstream_unavailable' });
    }
  });
});

describe('writes', () => {
  it('leave no temporary file, and a killed write’s temporary files are swept when a writer takes the store', async () => {
    const store = new FileFeedStore(feedPath);
    await build(store, FIRST_BUILD);
    const written = await readdir(directory);
    expect(written.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await store.releaseWriter();

    // What a write killed before its rename leaves: a part-written temporary beside each target.
    const killed = ['feed.json.0b6f1c8e-3f7a-4c2d-9e51-2a7d8c9b1f00.tmp', 'index.html.5d2e8a41-7b3c-4f9e-8a16-c4e2f7d9b300.tmp'];
    for (const name of killed) await writeFile(join(directory, name), '{"builtAt":"2026-11-2');
    await writeFile(join(directory, 'notes.tmp'), 'not the store’s');

    const next = new FileFeedStore(feedPath);
    expect(await next.claimWriter()).toEqual({ claimed: true });
    const left = await readdir(directory);
    for (const name of killed) expect(left).not.toContain(name);
    expect(left).toContain('notes.tmp');
    expect(logged.some((line) => line.includes('temporary files of killed writes removed'))).toBe(true);
    await next.releaseWriter();
  });
});
