import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, encodeFunctionResult, type Hex } from 'viem';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import type { FeedProposal } from '../../../shared/domain/proposal.js';
import { withChainReadings } from '../../../shared/feed/currentValues/withChainReadings.js';
import { STAKING_ROUTER } from '../../../shared/modules/lido/abi.js';
import { lidoCurrentValues } from '../../../shared/modules/lido/currentValues.js';
import { stakingModuleAbi, VAULT_HUB, vaultHubAbi } from '../../../shared/modules/lido/currentValueViews.js';
import { stakingRouterAbi as routerViewsAbi } from '../../../shared/modules/lido/exposure/exposureAbi.js';
import { lido } from '../../../shared/modules/lido/index.js';
import { moduleEntry } from '../../../shared/modules/loaders.js';
import { aggregateCallData, MULTICALL3, multicall3Abi, roundCalls } from '../../../shared/upstream/clients/ethereumReader.js';
import type { EvmCall } from '../../../shared/upstream/clients/evmCall.js';
import { type FixtureFile, loadFixtures } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { missesOnRecordedUpstreams, TEST_POLICY } from '../../upstream/replayHarness.js';

/*
 * Issue #21 item 4: Lido's current-value reader over real HTTP to the replay server.
 * - The recorded part: the feed build's read of Easy Track motion 812's stVault fees, answered by
 *   test/fixtures/upstream/ethereum/lido-current-values.json (a SYNTHETIC vault's connection: the
 *   fees motion 811 enacted on it; generator test/fixtures/raw/lido/encodeCurrentValues.ts).
 * - Every other answer here is SYNTHETIC, made in this file with the ABIs Lido's scripts publish and
 *   never written to fixtures: module 1's fees (5 % and 5 %, as Lido's docs state the curated
 *   module's), the protocol's stake-weighted fees, vaults A (connected), B (not connected) and C (an
 *   answer that does not decode), and the faults.
 */
const NOW = new Date('2026-11-22T12:00:00Z');
const vault = (letter: string) => `0x${letter.repeat(40)}` as Hex;
const [A, B, C, D, E] = ['a', 'b', 'c', 'd', 'e'].map(vault) as [Hex, Hex, Hex, Hex, Hex];

const change = (fields: Partial<ParameterChange> & Pick<ParameterChange, 'parameter'>): ParameterChange => ({ protocol: 'lido', asset: 'stETH', to: 0.04, unit: 'fraction', evidence: 'test', verified: true, ...fields });
const CHANGES = [
  change({ market: 'staking module 1', parameter: 'moduleFee', from: 0.05 }),
  change({ market: 'staking module 1', parameter: 'treasuryFee', unit: 'bps', to: 600 }),
  change({ parameter: 'treasuryFee' }),
  change({ market: 'staking module 99', parameter: 'moduleFee' }),
  change({ market: `stVault ${A}`, parameter: 'vaultShareLimit', unit: 'tokens', to: 5_000 }),
  change({ market: `stVault ${B}`, parameter: 'vaultInfraFee' }),
  change({ market: `stVault ${C}`, parameter: 'vaultLiquidityFee' }),
  change({ market: 'staking module 1', parameter: 'stakeShareLimit' }),
  change({ market: `stVault ${A}`, parameter: 'moduleFee' }),
];

const moduleCall = (id: bigint): EvmCall => ({ target: STAKING_ROUTER, callData: encodeFunctionData({ abi: stakingModuleAbi, functionName: 'getStakingModule', args: [id] }) });
const aggregateCall: EvmCall = { target: STAKING_ROUTER, callData: encodeFunctionData({ abi: routerViewsAbi, functionName: 'getStakingFeeAggregateDistribution' }) };
const vaultCall = (address: Hex): EvmCall => ({ target: VAULT_HUB, callData: encodeFunctionData({ abi: vaultHubAbi, functionName: 'vaultConnection', args: [address] }) });

/** SYNTHETIC state, encoded with the published ABIs. */
const MODULE_1 = { id: 1, stakingModuleAddress: vault('1'), stakingModuleFee: 500, treasuryFee: 500, stakeShareLimit: 10_000, status: 0, name: 'curated-onchain-v1', lastDepositAt: 0n, lastDepositBlock: 0n, exitedValidatorsCount: 0n, priorityExitShareThreshold: 10_000, maxDepositsPerBlock: 150n, minDepositBlockDistance: 25n };
const CONNECTED = { owner: vault('0'), shareLimit: 2_500_500_000_000_000_000_000n, vaultIndex: 3n, disconnectInitiatedTs: 2 ** 48 - 1, reserveRatioBP: 2_000, forcedRebalanceThresholdBP: 1_800, infraFeeBP: 100, liquidityFeeBP: 650, reservationFeeBP: 0, beaconChainDepositsPauseIntent: false };
const EMPTY = { ...CONNECTED, owner: vault('0'), shareLimit: 0n, vaultIndex: 0n, disconnectInitiatedTs: 0, reserveRatioBP: 0, forcedRebalanceThresholdBP: 0, infraFeeBP: 0, liquidityFeeBP: 0, reservationFeeBP: 0 };
const ok = (returnData: Hex) => ({ success: true, returnData });

type Answer = { success: boolean; returnData: Hex };

/** An aggregate3 eth_call exchange: the request the reader sends for these calls (unique, in roundCalls' fixed order), answered `response`. */
const exchange = (calls: EvmCall[], response: Record<string, unknown>) => ({ request: { method: 'eth_call', params: [{ to: MULTICALL3, data: aggregateCallData(roundCalls([calls])) }, 'latest'] }, response: { jsonrpc: '2.0', ...response } });
/** The aggregate3 answer to `answered` (each call with its answer), in the request's order. */
const aggregate = (answered: [EvmCall, Answer][]) => {
  const byCall = new Map(answered.map(([call, answer]) => [call.callData, answer]));
  return { result: encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: roundCalls([answered.map(([call]) => call)]).map((call) => byCall.get(call.callData)!) }) };
};

function syntheticChain(): FixtureFile {
  const answered: [EvmCall, Answer][] = [
    [moduleCall(1n), ok(encodeFunctionResult({ abi: stakingModuleAbi, functionName: 'getStakingModule', result: MODULE_1 }))],
    [aggregateCall, ok(encodeFunctionResult({ abi: routerViewsAbi, functionName: 'getStakingFeeAggregateDistribution', result: [5_350_000_000_000_000_000n, 4_650_000_000_000_000_000n, 10n ** 20n] }))],
    // StakingRouter reverts StakingModuleUnregistered() for an id it does not know.
    [moduleCall(99n), { success: false, returnData: '0x0a1b2c3d' }],
    [vaultCall(A), ok(encodeFunctionResult({ abi: vaultHubAbi, functionName: 'vaultConnection', result: CONNECTED }))],
    [vaultCall(B), ok(encodeFunctionResult({ abi: vaultHubAbi, functionName: 'vaultConnection', result: EMPTY }))],
    [vaultCall(C), ok('0x1234')],
  ];
  return {
    upstream: 'ethereum',
    protocol: 'json-rpc',
    description: 'SYNTHETIC: StakingRouter and VaultHub answers made in test/modules/lido/currentValues.test.ts',
    source: { kind: 'encoded', references: ['test/modules/lido/currentValues.test.ts (SYNTHETIC values, published ABIs)'] },
    exchanges: [
      exchange(answered.map(([call]) => call), aggregate(answered)),
      // A node's error answer to vault D's read, and an aggregate3 of the wrong length for vault E's.
      exchange([vaultCall(D)], { error: { code: -32000, message: 'header not found' } }),
      exchange([vaultCall(E)], { result: encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: [] }) }),
    ],
  } as FixtureFile;
}

let server: ReplayServer;
let fixtures: FixtureFile[];
beforeAll(async () => {
  fixtures = [...(await loadFixtures()), syntheticChain()];
  server = await startReplayServer({ fixtures });
});
afterEach(() => server.faults.clear());
afterAll(() => server.close());

const upstreams = () => createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 2_000, retries: 0 }, env: {} });
const read = (changes: readonly ParameterChange[]) => lidoCurrentValues().readCurrentValues(changes, { signal: new AbortController().signal, now: NOW, upstreams: upstreams() });
const misses = () => missesOnRecordedUpstreams(server, fixtures).map((miss) => JSON.stringify(miss).slice(0, 600));

describe('Lido’s old values read on chain', () => {
  it('reads the recorded open motion’s stVault fees at feed build time, in one request to Ethereum', async () => {
    const context = { signal: new AbortController().signal, now: NOW, upstreams: upstreams() };
    const motions: FeedProposal[] = await lido.source.easytrack!.readProposals(context);
    const before = server.received.ethereum;
    const proposals = await withChainReadings(motions, { modules: [moduleEntry('lido')], upstreams: upstreams(), now: NOW, deadlineMs: 5_000 });
    expect(server.received.ethereum - before, 'HTTP requests to Ethereum').toBe(1);
    const open = proposals.find((proposal) => proposal.id === 'lido-easytrack-812')!;
    expect(open.changes.map((item, index) => [item.parameter, item.to, open.chainReadings?.[index]])).toEqual([
      ['vaultInfraFee', 0.01, { value: 0.01 }],
      ['vaultLiquidityFee', 0.065, { value: 0.065 }],
      ['vaultReservationFee', 0, { value: 0 }],
    ]);
    // The enacted motion is not read: the chain holds its outcome.
    expect(proposals.find((proposal) => proposal.id === 'lido-easytrack-811')!.chainReadings).toBeUndefined();
    expect(misses()).toEqual([]);
  });

  it('reads module, protocol and stVault values from the views that hold them, each in its change’s unit, and says why where it cannot', async () => {
    const readings = await read(CHANGES);
    expect(misses()).toEqual([]);
    expect(readings).toEqual([
      { value: 0.05 },
      { value: 500 },
      { value: 0.0465 },
      { notRead: 'the contract refused the read' },
      { value: 2_500.5 },
      { notRead: 'the vault is not connected to the VaultHub on chain' },
      { notRead: 'the contract’s answer could not be decoded' },
      { notRead: 'this parameter is not read on chain yet' },
      { notRead: 'it names no staking module' },
    ]);
  });

  it('asks a view two changes share once, and asks nothing when no change is readable', async () => {
    const before = server.received.ethereum;
    expect(await read([CHANGES[7]!, CHANGES[8]!])).toEqual([{ notRead: 'this parameter is not read on chain yet' }, { notRead: 'it names no staking module' }]);
    expect(server.received.ethereum).toBe(before);
  });

  it('says "could not be read on Ethereum" for the readable changes when Ethereum is down, keeping the others’ reasons', async () => {
    server.faults.inject('ethereum', { kind: 'status', status: 503 });
    const readings = await read(CHANGES);
    for (const index of [0, 1, 2, 3, 4, 5, 6]) expect(readings[index]).toEqual({ notRead: expect.stringMatching(/^could not be read on Ethereum \(ethereum: .*503/) });
    expect(readings.slice(7)).toEqual([{ notRead: 'this parameter is not read on chain yet' }, { notRead: 'it names no staking module' }]);
  });

  it('says why on a node’s error answer, a body cut short and an aggregate of the wrong length', async () => {
    const [errorAnswer] = await read([change({ market: `stVault ${D}`, parameter: 'vaultInfraFee' })]);
    expect(errorAnswer).toEqual({ notRead: expect.stringMatching(/^could not be read on Ethereum \(ethereum: JSON-RPC error -32000: header not found/) });
    const [wrongLength] = await read([change({ market: `stVault ${E}`, parameter: 'vaultInfraFee' })]);
    expect(wrongLength).toEqual({ notRead: expect.stringMatching(/^could not be read on Ethereum \(ethereum: answered a body that does not parse \(aggregate3 answered 0 results for 1 calls/) });
    server.faults.inject('ethereum', { kind: 'malformed' });
    const [cut] = await read([change({ market: `stVault ${D}`, parameter: 'vaultInfraFee' })]);
    expect(cut).toEqual({ notRead: expect.stringMatching(/^could not be read on Ethereum \(ethereum: /) });
    expect(misses()).toEqual([]);
  });
});
