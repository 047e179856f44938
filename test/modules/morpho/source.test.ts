import { decodeEventLog, decodeFunctionData, decodeFunctionResult, formatUnits, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../shared/contract/proposal.js';
import type { FeedProposal } from '../../../shared/domain/proposal.js';
import { vaultAbi, vaultEvents } from '../../../shared/modules/morpho/abi.js';
import { ETHEREUM } from '../../../shared/modules/morpho/deployment.js';
import { marketId } from '../../../shared/modules/morpho/exposure/blueMarkets.js';
import { vaultSource } from '../../../shared/modules/morpho/vaultSource.js';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import { useReplay } from '../../upstream/replayHarness.js';
import { SPARK_DAI_VAULT, SPARK_PROXY, SPELL_CAPS } from './sparkDaiScenario.js';

const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');
const read = () => vaultSource(ETHEREUM).readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams: replay.upstreams() });

/** The recorded eth_getLogs answers (the window's ranges), decoded with the real event ABI. */
const recordedLogs = () =>
  replay.fixtures
    .filter((file) => file.upstream === 'ethereum')
    .flatMap((file): { request: unknown; response: unknown }[] => [...file.exchanges])
    .filter((exchange) => (exchange.request as { method: string }).method === 'eth_getLogs' && JSON.stringify((exchange.request as { params?: unknown }).params).toLowerCase().includes(SPARK_DAI_VAULT.toLowerCase()))
    .flatMap((exchange) => (exchange.response as { result: { topics: [Hex, ...Hex[]]; data: Hex; blockNumber: Hex; logIndex: Hex }[] }).result)
    .map((log) => ({ ...decodeEventLog({ abi: vaultEvents, topics: log.topics, data: log.data }), blockNumber: BigInt(log.blockNumber), logIndex: Number(log.logIndex) }));

/** The recorded pendingCap answer for one market of the Spark DAI vault (inside the head's aggregate3). */
const recordedPendingCap = (id: Hex) => {
  for (const file of replay.fixtures) {
    if (file.upstream !== 'ethereum') continue;
    for (const exchange of file.exchanges) {
      const request = exchange.request as { method: string; params?: [{ data: Hex }, string] };
      if (request.method !== 'eth_call' || request.params?.[1] === 'latest') continue;
      const calls = decodeFunctionData({ abi: multicall3Abi, data: request.params![0].data }).args[0] as readonly { target: string; callData: Hex }[];
      const results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: (exchange.response as { result: Hex }).result });
      const at = calls.findIndex((call) => call.target.toLowerCase() === SPARK_DAI_VAULT.toLowerCase() && call.callData.startsWith('0xa31be5d6') && call.callData.endsWith(id.slice(2)));
      if (at >= 0) return decodeFunctionResult({ abi: vaultAbi, functionName: 'pendingCap', data: results[at]!.returnData });
    }
  }
  throw new Error(`no recorded pendingCap for ${id}`);
};

describe('the Ethereum vault source on the recorded Spark DAI vault (Spark spell of 2025-01-09)', () => {
  const byLabel = async () => {
    const proposals = await read();
    return new Map(proposals.map((proposal): [string, FeedProposal] => [proposal.changes[0]?.market?.split(':')[1] ?? proposal.id, proposal]));
  };

  it('gives one proposal per recorded event, ids from the log’s block and index, valid on the wire', async () => {
    const proposals = await read();
    const logs = recordedLogs();
    expect(logs).toHaveLength(8);
    expect(proposals.map((proposal) => proposal.id)).toEqual(logs.map((log) => `morpho-ethvaults-${log.blockNumber}-${log.logIndex}`));
    for (const { changes: _changes, firstSeen: _firstSeen, ...wire } of proposals) expect(Proposal.safeParse(wire).success).toBe(true);
  });

  it('shows the six cap cuts as executed at once, with the spell’s values', async () => {
    const proposals = await byLabel();
    for (const cut of SPELL_CAPS.filter((entry) => entry.submitted < entry.before)) {
      const proposal = proposals.get(cut.label)!;
      expect(proposal.status, cut.label).toBe('executed');
      expect(proposal.title).toBe(`Spark DAI Vault: ${cut.label} cap cut to 0 DAI`);
      expect(proposal.effectiveDate).toBe(proposal.timeline.created);
      expect(proposal.changes).toEqual([expect.objectContaining({ parameter: 'vaultSupplyCap', to: Number(formatUnits(cut.submitted, 18)), unit: 'tokens', asset: 'DAI', verified: true })]);
    }
  });

  it('shows the two raises as passed until their validAt, from today’s cap to the submitted one', async () => {
    const proposals = await byLabel();
    for (const raise of SPELL_CAPS.filter((entry) => entry.submitted > entry.before)) {
      const proposal = proposals.get(raise.label)!;
      const [value, validAt] = recordedPendingCap(marketId(raise.params));
      expect(value).toBe(raise.submitted);
      expect(proposal).toMatchObject({ status: 'passed', effectiveDate: new Date(Number(validAt) * 1000).toISOString().replace('.000Z', 'Z'), proposer: SPARK_PROXY });
      expect(proposal.timeline.end).toBe(proposal.effectiveDate);
      expect(proposal.changes[0]).toMatchObject({ from: Number(formatUnits(raise.before, 18)), to: Number(formatUnits(raise.submitted, 18)) });
      expect(proposal.description).toMatch(/anyone may accept it from .*the guardian, the curator or the owner may revoke it/);
    }
  });

  it('names each market by its collateral, loan token and LLTV, from Morpho Blue’s recorded MarketParams', async () => {
    const labels = [...(await byLabel()).keys()].sort();
    expect(labels).toEqual(SPELL_CAPS.map((entry) => entry.label).sort());
  });

  it('links the vault’s events on Etherscan (the recording has no transaction hash)', async () => {
    const [proposal] = await read();
    expect(proposal!.sourceLinks).toEqual([{ url: `https://etherscan.io/address/${SPARK_DAI_VAULT}#events`, label: 'Spark DAI Vault events' }]);
  });
});
