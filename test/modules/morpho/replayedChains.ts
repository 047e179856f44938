import type { Abi } from 'viem';
import { adaptiveCurveIrmAbi, aggregatorAbi, morphoBlueAbi, oracleAbi, vaultAbi } from '../../../shared/modules/morpho/abi.js';
import type { FixtureFile } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import type { CallPolicy } from '../../../shared/upstream/callPolicy.js';
import type { FetchFn } from '../../../shared/upstream/upstreamFetch.js';
import { createUpstreams, type Upstreams } from '../../../shared/upstream/upstreams.js';
import { COUNTING_POLICY } from '../../upstream/replayHarness.js';
import { type FakeEvmState, fakeEvmNode } from '../../support/fakeEvmNode.js';

export const MORPHO_ABIS = [vaultAbi, morphoBlueAbi, oracleAbi, aggregatorAbi, adaptiveCurveIrmAbi] as unknown as Abi[];

const URLS = { ethereum: 'http://ethereum.invalid', base: 'http://base.invalid' } as const;

/** In-memory nodes for Ethereum and Base behind one fetch, each answering on its own URL. */
export function memoryChains(states: { ethereum: FakeEvmState; base: FakeEvmState }) {
  const nodes = { ethereum: fakeEvmNode(MORPHO_ABIS, states.ethereum), base: fakeEvmNode(MORPHO_ABIS, states.base) };
  const fetch: FetchFn = (input, init) => (String(input).startsWith(URLS.base) ? nodes.base : nodes.ethereum).fetch(input, init);
  const upstreams = (policy: Partial<CallPolicy> = {}) => createUpstreams({ endpoints: URLS, fetch, policy: { ...COUNTING_POLICY, ...policy }, env: {} });
  return { nodes, upstreams };
}

/**
 * Runs `capture` against in-memory nodes (one set of upstreams, so later reads find the readers
 * warm), then serves every exchange they answered from the replay server, over HTTP, as recordings
 * of `ethereum` and `base` would be: the test's reads then go through the real clients and transport.
 */
export async function replayedChains(states: { ethereum: FakeEvmState; base: FakeEvmState }, capture: (upstreams: Upstreams) => Promise<unknown>): Promise<{ server: ReplayServer; upstreams(policy?: Partial<CallPolicy>): Upstreams }> {
  const memory = memoryChains(states);
  await capture(memory.upstreams());
  const fixtures = Object.entries(memory.nodes).map(
    ([upstream, node]) =>
      ({
        upstream,
        protocol: 'json-rpc',
        description: 'synthetic (test/modules/morpho/syntheticHolder.ts), in memory',
        source: { kind: 'encoded', references: ['test/modules/morpho/syntheticHolder.ts'] },
        exchanges: node.exchanges,
      }) as FixtureFile,
  );
  const server = await startReplayServer({ fixtures });
  return { server, upstreams: (policy = {}) => createUpstreams({ endpoints: server.endpoints, policy: { ...COUNTING_POLICY, ...policy }, env: {} }) };
}
