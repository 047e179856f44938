/**
 * npm run record -- [--wallets <address,...>] [--proposals <slug[:id],...>] [--out <dir>] [--label <name>]
 *
 * Refreshes the recordings under test/fixtures/upstream from the LIVE upstreams (the URLs of
 * shared/upstream/endpoints.ts, overridable by their environment variables): it runs the same
 * code the service runs, with every upstream's network calls captured and written as fixture
 * files (format: test/fixtures/README.md, source kind "recorded").
 *
 *   1. identity and head of every chain: eth_chainId, eth_blockNumber; getVersion, getSlot,
 *      getGenesisHash; CometBFT status; LCD node_info; XRPL server_info;
 *   2. for each wallet: every module serving its address kind reads its positions
 *      (ens names are resolved first, so the ENS exchanges are recorded too);
 *   3. for each proposal slug (an id after ':' is kept in the label only): the module's source
 *      reads its proposals, as a feed build does.
 *
 * HTTP upstreams are captured at the fetch under the upstream layer (every attempt, retries
 * included); XRPL through a local WebSocket proxy that forwards to the live server and pairs each
 * request with its response by id.
 *
 * IT CANNOT RUN IN THE DEVELOPMENT SANDBOX: that machine reaches no network but the npm registry.
 * Run it on a machine with internet access, review the diff of test/fixtures/upstream (public
 * endpoints answer with the current head, so heads change on every run), and commit.
 *
 * Example:
 *   npm run record -- --wallets 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045,vitalik.eth --proposals aave,cosmoshub
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createPublicClient } from 'viem';
import { mainnet } from 'viem/chains';
import { PAYLOAD_CHAINS } from '../shared/modules/aave/payloadChains.js';
import { WebSocket, WebSocketServer } from 'ws';
import { parseWalletInput } from '../shared/address/parseWalletInput.js';
import type { Wallet } from '../shared/address/types.js';
import { ensResolverFor } from '../shared/ens/ensResolver.js';
import { COSMOS_PREFIXES } from '../shared/modules/registry.js';
import { modulesFor, moduleEntry } from '../shared/modules/loaders.js';
import type { ProtocolSlug } from '../shared/modules/registry.js';
import { connectCosmosHub } from '../shared/upstream/clients/cosmosClient.js';
import { verifyCosmosRest } from '../shared/upstream/clients/cosmosRest.js';
import { verifyEthereumMainnet, verifyEvmChain } from '../shared/upstream/clients/ethereumChain.js';
import { evmClient } from '../shared/upstream/clients/ethereumClient.js';
import { ethereumTransport } from '../shared/upstream/clients/ethereumTransport.js';
import { solanaRpc } from '../shared/upstream/clients/solanaRpc.js';
import { connectXrpl } from '../shared/upstream/clients/xrplClient.js';
import { ENDPOINTS, endpointsFromEnv, UPSTREAM_IDS, type UpstreamId } from '../shared/upstream/endpoints.js';
import { parseFixtureFile, type FixtureFile } from '../shared/upstream/replay/fixtureFormat.js';
import { canonicalJson } from '../shared/upstream/replay/matchExchange.js';
import { type ReplayMiss, startReplayServer } from '../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../shared/upstream/upstreams.js';

type Exchange = { request: Record<string, unknown>; response: Record<string, unknown> };
const captured: Record<UpstreamId, Exchange[]> = Object.fromEntries(UPSTREAM_IDS.map((id) => [id, []])) as never;
const live = endpointsFromEnv();

/** Keeps one exchange per distinct request: the latest answer wins. */
const keep = (id: UpstreamId, exchange: Exchange) => {
  const key = canonicalJson(exchange.request);
  const list = captured[id];
  const index = list.findIndex((entry) => canonicalJson(entry.request) === key);
  if (index >= 0) list[index] = exchange;
  else list.push(exchange);
};

const withoutId = ({ id: _id, ...rest }: Record<string, unknown>) => rest;

/** The network under the upstream layer, recording what each HTTP upstream was asked and answered. */
const recordingFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
  const response = await fetch(input, init);
  const url = new URL(String(input instanceof Request ? input.url : input));
  const id = UPSTREAM_IDS.find((candidate) => ENDPOINTS[candidate].protocol !== 'websocket' && url.href.startsWith(live[candidate]));
  if (!id) return response;
  const text = await response.clone().text();
  const body = typeof init.body === 'string' ? init.body : undefined;
  const protocol = ENDPOINTS[id].protocol;
  try {
    if (protocol === 'rest') {
      const base = new URL(live[id]).pathname.replace(/\/$/, '');
      const query: Record<string, string[]> = {};
      url.searchParams.forEach((value, key) => (query[key] ??= []).push(value));
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      keep(id, {
        request: { method: 'GET', path: url.pathname.slice(base.length) || '/', ...(url.searchParams.size && { query }) },
        response: { status: response.status, ...(json === undefined ? { text } : { body: json }) },
      });
    } else if (response.ok && body) {
      const request = JSON.parse(body) as Record<string, unknown> | Record<string, unknown>[];
      const answer = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
      if (protocol === 'graphql') {
        const { operationName, query, variables } = request as Record<string, unknown>;
        keep(id, { request: { ...(operationName !== undefined && { operationName }), query, ...(variables !== undefined && { variables }) }, response: answer as Record<string, unknown> });
      } else {
        const calls = Array.isArray(request) ? request : [request];
        const answers = Array.isArray(answer) ? answer : [answer];
        for (const call of calls) {
          const reply = answers.find((candidate) => candidate.id === call.id);
          if (reply) keep(id, { request: { method: call.method, ...(call.params !== undefined && { params: call.params }) }, response: withoutId(reply) });
        }
      }
    }
  } catch (error) {
    console.warn(`could not record a ${id} exchange: ${String(error)}`);
  }
  return response;
};

/** A local WebSocket proxy to the live XRPL server that records request/response pairs by id. */
async function xrplRecordingProxy(): Promise<{ url: string; close(): Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  server.on('connection', (client) => {
    const upstream = new WebSocket(live.xrpl);
    const pending = new Map<unknown, Record<string, unknown>>();
    const queue: string[] = [];
    upstream.on('open', () => queue.splice(0).forEach((message) => upstream.send(message)));
    client.on('message', (data) => {
      const text = String(data);
      const request = JSON.parse(text) as Record<string, unknown>;
      pending.set(request.id, request);
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else queue.push(text);
    });
    upstream.on('message', (data) => {
      const text = String(data);
      const answer = JSON.parse(text) as Record<string, unknown>;
      const request = pending.get(answer.id);
      if (request && answer.type === 'response') {
        pending.delete(answer.id);
        const { id: _id, api_version: _version, ...fields } = request;
        keep('xrpl', { request: Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)), response: withoutId(answer) });
      }
      client.send(text);
    });
    client.on('close', () => upstream.close());
    upstream.on('close', () => client.close());
  });
  const { port } = server.address() as { port: number };
  return { url: `ws://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** What one run reads: chain identities, then each wallet's positions, then each protocol's proposals. */
async function readEverything(upstreams: Upstreams, wallets: readonly string[], proposals: readonly string[], log: (line: string) => void): Promise<void> {
  const context = () => ({ signal: AbortSignal.timeout(60_000), now: new Date(), upstreams });
  const step = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
      log(`ok    ${what}`);
    } catch (error) {
      log(`fail  ${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const viem = createPublicClient({ chain: mainnet, transport: ethereumTransport(upstreams.ethereum) });
  await step('ethereum identity and head', async () => {
    await verifyEthereumMainnet(viem);
    await viem.getBlockNumber();
  });
  await step('solana identity and head', async () => {
    const rpc = solanaRpc(upstreams.solana);
    await Promise.all([rpc.getVersion().send(), rpc.getSlot().send(), rpc.getGenesisHash().send()]);
  });
  await step('cosmos hub rpc status', () => connectCosmosHub(upstreams.cosmosRpc));
  await step('cosmos hub lcd node_info', () => verifyCosmosRest(upstreams.cosmosRest));
  await step('xrpl server_info', async () => (await connectXrpl(upstreams.xrpl)).disconnect());
  // The Aave voting and payload chains: their identity only (a running vote's tally and the payloads'
  // states are recorded by the aave source).
  for (const { upstream, chain, chainId } of Object.values(PAYLOAD_CHAINS)) {
    await step(`${upstream} identity`, () => verifyEvmChain(evmClient(upstreams[upstream], chain), upstream, chainId));
  }

  for (const raw of wallets) {
    await step(`wallet ${raw}`, async () => {
      const input = await parseWalletInput(raw, { cosmosPrefixes: COSMOS_PREFIXES });
      let wallet: Wallet;
      if (input.kind === 'ens') {
        const address = await ensResolverFor({ moduleDeadlineMs: 10_000 }, upstreams.ethereum).resolve(input.name);
        if (!address) throw new Error(`${input.name} has no address`);
        wallet = { kind: 'evm', address };
      } else wallet = input;
      for (const entry of modulesFor(wallet.kind)) {
        await step(`  ${entry.slug} exposure`, async () => (await entry.load()).exposure.readPositions(wallet, context()));
      }
    });
  }
  for (const spec of proposals) {
    const [slug] = spec.split(':');
    const { source } = await moduleEntry(slug as ProtocolSlug).load();
    for (const [part, reader] of Object.entries(source)) await step(`proposals ${spec} (${part})`, async () => reader.readProposals(context()));
  }
}

async function main() {
  const { values } = parseArgs({
    options: { wallets: { type: 'string', default: '' }, proposals: { type: 'string', default: '' }, out: { type: 'string', default: 'test/fixtures/upstream' }, label: { type: 'string', default: 'recorded' } },
  });
  const wallets = values.wallets.split(',').filter(Boolean);
  const proposals = values.proposals.split(',').filter(Boolean);
  const proxy = await xrplRecordingProxy();
  const upstreams = createUpstreams({ endpoints: { xrpl: proxy.url }, fetch: recordingFetch });
  await readEverything(upstreams, wallets, proposals, console.log);
  await proxy.close();

  const retrieved = new Date().toISOString();
  const written: FixtureFile[] = [];
  for (const id of UPSTREAM_IDS) {
    if (captured[id].length === 0) continue;
    const file = parseFixtureFile(
      {
        upstream: id,
        protocol: ENDPOINTS[id].protocol,
        description: `Recorded by scripts/record.ts (${values.label}).`,
        source: { kind: 'recorded', references: [new URL(live[id]).origin], retrieved, notes: `wallets: ${values.wallets || 'none'}; proposals: ${values.proposals || 'none'}` },
        exchanges: captured[id],
      },
      `${id}/${values.label}.json`,
    ) satisfies FixtureFile;
    written.push(file);
    const path = join(values.out, id, `${values.label}.json`);
    await mkdir(join(values.out, id), { recursive: true });
    await writeFile(path, `${JSON.stringify(file, null, 2)}\n`);
    console.log(`wrote ${path} (${captured[id].length} exchanges)`);
  }
  console.log('requests per upstream:', JSON.stringify(upstreams.counter.snapshot()));

  // The same reads again, offline, on the replay server with only what was just written: every
  // request must find its recording through the matcher the tests use, or the recording is not
  // one the tests and UPSTREAM=recorded can replay.
  const misses = await replayCheck(written, (replayed) => readEverything(replayed, wallets, proposals, () => undefined));
  console.log(misses.length === 0 ? 'replay check: every request of the run is answered by the new recordings' : `replay check: ${misses.length} requests have no recording:\n${misses.map((miss) => `  ${miss.upstream} ${miss.request}`).join('\n')}`);
  process.exitCode = misses.length === 0 ? 0 : 1;
}

/** Runs `read` against a replay server of `fixtures` and returns the requests it could not answer. */
export async function replayCheck(fixtures: readonly FixtureFile[], read: (upstreams: Upstreams) => Promise<void>): Promise<ReplayMiss[]> {
  const replay = await startReplayServer({ fixtures });
  try {
    // A read that fails on a missing recording is what the misses report; its error adds nothing.
    await read(createUpstreams({ endpoints: replay.endpoints, env: {} })).catch(() => undefined);
    return [...replay.misses];
  } finally {
    await replay.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
