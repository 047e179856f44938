/**
 * Positions of the example wallets on the recorded upstreams (the replay server, over real HTTP and
 * WebSocket): upstream requests per positions call for each address kind, and its latency with no
 * fault and when the wallet's upstream answers every request late, against that latency. Cosmos has
 * no example wallet (no account's complete state is published): the synthetic delegator of
 * test/modules/cosmoshub/syntheticDelegator.ts is read the same way, its answers beside the recordings.
 */
import { EXAMPLE_WALLETS } from '../shared/api/exampleWallets.js';
import type { Wallet } from '../shared/address/types.js';
import { readPositions } from '../shared/scan/readPositions.js';
import { UPSTREAM_IDS, type UpstreamId } from '../shared/upstream/endpoints.js';
import { loadFixtures } from '../shared/upstream/replay/fixtureFormat.js';
import { startReplayServer } from '../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../shared/upstream/upstreams.js';
import { captureScans, HOLDER } from '../test/exposure/syntheticEvmWallet.js';
import { SYNTHETIC_DELEGATOR, syntheticDelegatorFixture } from '../test/modules/cosmoshub/syntheticDelegator.js';
import type { Row } from './measure.js';

const LATENCY_MS = 200;
const RUNS = 15;

export interface PositionsBenchResult {
  rows: Row[];
  requests: { kind: string; address: string; positions: number; requests: string }[];
}

export async function benchPositions(): Promise<PositionsBenchResult> {
  const replay = await startReplayServer({ fixtures: [...(await loadFixtures()), syntheticDelegatorFixture()], onMiss: () => undefined });
  const read = async (wallet: Wallet) => {
    const upstreams = createUpstreams({ endpoints: replay.endpoints, env: {} });
    const started = performance.now();
    const result = await readPositions(wallet, { deadlineMs: 10_000, now: new Date(), upstreams });
    return { ms: performance.now() - started, result, counts: upstreams.counter.snapshot() };
  };
  try {
    const rows: Row[] = [];
    const requests: PositionsBenchResult['requests'] = [];
    const wallets: { kind: string; wallet: Wallet; group: string }[] = [
      ...EXAMPLE_WALLETS.flatMap((example) => (example.kind === 'ens' ? [] : [{ kind: example.kind, wallet: { kind: example.kind, address: example.address }, group: `positions, ${example.kind} example (recorded)` }])),
      { kind: 'cosmos (synthetic)', wallet: { kind: 'cosmos', address: SYNTHETIC_DELEGATOR }, group: 'positions, cosmos synthetic delegator (recorded hub inputs)' },
    ];
    for (const { kind, wallet, group } of wallets) {
      await read(wallet); // warm: module code loaded
      const { result, counts } = await read(wallet);
      const used = UPSTREAM_IDS.filter((id) => counts[id].requests > 0);
      requests.push({
        kind,
        address: wallet.address,
        positions: result.positions.length,
        requests: used.map((id) => `${id} ${counts[id].requests}`).join(', ') + (result.degraded.length ? ` (degraded: ${result.degraded.map((entry) => entry.module).join(', ')})` : ''),
      });
      const sample = async () => {
        const samples: number[] = [];
        for (let run = 0; run < RUNS; run++) samples.push((await read(wallet)).ms);
        return samples;
      };
      rows.push({ group, name: 'no fault', samples: await sample() });
      const upstream = used.find((id) => id !== 'ethereum') ?? (used[0] as UpstreamId);
      replay.faults.inject(upstream, { kind: 'latency', ms: LATENCY_MS });
      rows.push({ group, name: `${upstream} +${LATENCY_MS} ms per request`, samples: await sample(), note: `target: ${LATENCY_MS} ms + at most 50 ms when one round trip` });
      replay.faults.clear();
    }
    const evm = await benchSyntheticEvm();
    return { rows: [...rows, ...evm.rows], requests: [...requests, ...evm.requests] };
  } finally {
    await replay.close();
  }
}

/**
 * EVM positions cannot be benched on a real account (none is recorded: evm-exposure.md), so the
 * synthetic holder of test/exposure/syntheticEvmWallet.ts stands in: its exchanges are captured
 * through the same scan path, then served by a replay server over HTTP. A fresh process's scan
 * (new reader) against a warm one's (the reader knows the markets' shapes).
 */
async function benchSyntheticEvm(): Promise<PositionsBenchResult> {
  const wallet: Wallet = { kind: 'evm', address: HOLDER };
  const scan = async (upstreams: Upstreams) => {
    return readPositions(wallet, { deadlineMs: 10_000, now: new Date(), upstreams });
  };
  // Ethereum's exchanges and Base's: the morpho exposure reads its Base vaults at every EVM scan.
  const { fixtures } = await captureScans(2, scan);
  const replay = await startReplayServer({ fixtures, onMiss: () => undefined });
  try {
    const fresh = () => createUpstreams({ endpoints: replay.endpoints, env: {} });
    const warm = fresh();
    await scan(warm);
    const timed = async (upstreams: Upstreams) => {
      const started = performance.now();
      const result = await scan(upstreams);
      if (result.degraded.length > 0) throw new Error(`synthetic evm scan degraded: ${JSON.stringify(result.degraded)}`);
      return { ms: performance.now() - started, result };
    };
    const requests: PositionsBenchResult['requests'] = [];
    for (const [name, upstreams] of [['evm (synthetic), first scan of a process', fresh()], ['evm (synthetic), warm process', warm]] as const) {
      const before = upstreams.counter.snapshot();
      const { result } = await timed(upstreams);
      const after = upstreams.counter.snapshot();
      // Every chain read (Aave's markets are on 19): each upstream with its requests of this scan.
      const perChain = (Object.keys(after) as (keyof typeof after)[]).flatMap((id) => (after[id].requests > before[id].requests ? [`${id} ${after[id].requests - before[id].requests}`] : []));
      requests.push({ kind: name, address: HOLDER, positions: result.positions.length, requests: perChain.join(', ') });
    }
    const group = 'positions, evm synthetic holder (the five EVM modules)';
    const sample = async (upstreams: () => Upstreams) => {
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) samples.push((await timed(upstreams())).ms);
      return samples;
    };
    const rows: Row[] = [
      { group, name: 'first scan of a process, no fault', samples: await sample(fresh) },
      { group, name: 'warm process, no fault', samples: await sample(() => warm) },
    ];
    replay.faults.inject('ethereum', { kind: 'latency', ms: LATENCY_MS });
    rows.push({ group, name: `first scan of a process, ethereum +${LATENCY_MS} ms per request`, samples: await sample(fresh), note: 'two round trips' });
    rows.push({ group, name: `warm process, ethereum +${LATENCY_MS} ms per request`, samples: await sample(() => warm), note: `target: ${LATENCY_MS} ms + at most 50 ms` });
    return { rows, requests };
  } finally {
    await replay.close();
  }
}
