import { decodeFunctionResult, encodeFunctionData, encodeFunctionResult } from 'viem';
import { afterAll } from 'vitest';
import type { FeedProposal } from '../../../shared/domain/proposal.js';
import { governanceCoreAbi } from '../../../shared/modules/aave/abi.js';
import { aaveSource } from '../../../shared/modules/aave/source.js';
import type { FixtureFile } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { TEST_POLICY } from '../../upstream/replayHarness.js';

/*
 * For tests that need a state no recorded Aave proposal is in (a running vote, a payload on a
 * chain with an upstream): the recorded core answer of one proposal, edited in memory and served
 * by a replay server of the test's own. The edits are SYNTHETIC, test-only values.
 */

type CoreProposal = ReturnType<typeof decodeFunctionResult<typeof governanceCoreAbi, 'getProposal'>>;

const isGetProposal = (id: bigint) => {
  const data = encodeFunctionData({ abi: governanceCoreAbi, functionName: 'getProposal', args: [id] });
  return (request: { method: string; params?: unknown }) => request.method === 'eth_call' && (request.params as [{ data?: string }])[0]?.data === data;
};

/** The recorded core answer of getProposal(id). */
export function recordedCoreProposal(fixtures: readonly FixtureFile[], id: bigint): CoreProposal {
  const matches = isGetProposal(id);
  for (const file of fixtures) {
    if (file.protocol !== 'json-rpc' || file.upstream !== 'ethereum') continue;
    const exchange = file.exchanges.find((candidate) => matches(candidate.request));
    if (exchange) return decodeFunctionResult({ abi: governanceCoreAbi, functionName: 'getProposal', data: exchange.response.result as `0x${string}` });
  }
  throw new Error(`no recording of getProposal(${id})`);
}

/** The recordings with getProposal(id) answering `edit` of the recorded proposal. Pure. */
export function withEditedProposal(fixtures: readonly FixtureFile[], id: bigint, edit: (core: CoreProposal) => CoreProposal): FixtureFile[] {
  const matches = isGetProposal(id);
  return fixtures.map((file) =>
    file.protocol !== 'json-rpc' || file.upstream !== 'ethereum'
      ? file
      : {
          ...file,
          exchanges: file.exchanges.map((exchange) => {
            if (!matches(exchange.request)) return exchange;
            const core = decodeFunctionResult({ abi: governanceCoreAbi, functionName: 'getProposal', data: exchange.response.result as `0x${string}` });
            return { ...exchange, response: { ...exchange.response, result: encodeFunctionResult({ abi: governanceCoreAbi, functionName: 'getProposal', result: edit(core) }) } };
          }),
        },
  );
}

/**
 * Replay servers of the file's own, closed after its tests, and one read of the aave source on
 * one of them (roomy deadline, no retries), its proposals by id and the request counts.
 */
export function useAaveSourceServers(now: Date) {
  const servers: ReplayServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });
  return {
    async serve(fixtures: FixtureFile[]): Promise<ReplayServer> {
      const server = await startReplayServer({ fixtures });
      servers.push(server);
      return server;
    },
    async read(server: ReplayServer) {
      const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 5000, retries: 0 }, env: {} });
      const proposals = await aaveSource().readProposals({ signal: AbortSignal.timeout(10_000), now, upstreams });
      return { byId: new Map(proposals.map((proposal): [string, FeedProposal] => [proposal.id, proposal])), counts: upstreams.counter.snapshot() };
    },
  };
}
