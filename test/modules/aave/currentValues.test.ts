import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AaveV3Ethereum } from '@aave-dao/aave-address-book';
import { encodeFunctionData, encodeFunctionResult, parseAbi } from 'viem';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import { aaveCurrentValues } from '../../../shared/modules/aave/currentValues.js';
import { reserveConfiguration } from '../../../shared/readers/lendingPool/reserveConfiguration.js';
import { aggregateCallData, MULTICALL3, multicall3Abi, roundCalls } from '../../../shared/upstream/clients/ethereumReader.js';
import { type FixtureFile, loadFixtures } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { missesOnRecordedUpstreams, TEST_POLICY } from '../../upstream/replayHarness.js';

/*
 * Issue #21 item 4: Aave's current-value reader over real HTTP to the replay server. No published
 * body holds a reserve's configuration word at a known time, so the Ethereum Core pool's answers
 * here are SYNTHETIC (made in this file, never written to fixtures): WETH's word is built from
 * made-up values, USDC's is the empty word a pool answers for an asset it does not list, WBTC's read
 * reverts and LINK's answer is cut short. The bit layout is checked against aave-v3-origin's own
 * ReserveConfiguration.sol from npm.
 */
const configurationAbi = parseAbi(['struct ReserveConfigurationMap { uint256 data; }', 'function getConfiguration(address asset) view returns (ReserveConfigurationMap)']);
/** SYNTHETIC: LTV 80.5 %, LT 83 %, bonus 5 %, 18 decimals, active, reserve factor 15 %, caps 1.4M / 1.8M, protocol fee 10 %. */
const WETH_WORD = 8050n | (8300n << 16n) | (10_500n << 32n) | (18n << 48n) | (1n << 56n) | (1500n << 64n) | (1_400_000n << 80n) | (1_800_000n << 116n) | (1000n << 152n);

const change = (fields: Partial<ParameterChange>): ParameterChange => ({ protocol: 'aave', market: 'aave-v3-ethereum', asset: 'WETH', parameter: 'liquidationThreshold', to: 8000, unit: 'bps', evidence: 'test', verified: true, ...fields });
const CHANGES = [
  change({ from: 8300 }),
  change({ parameter: 'supplyCap', unit: 'tokens', to: 2_000_000 }),
  change({ parameter: 'liquidationBonus', to: 600 }),
  change({ asset: 'USDC', parameter: 'ltv', to: 7500 }),
  change({ market: 'aave-v3-xlayer', asset: 'PT-USDG-29OCT2026', parameter: 'supplyCap', unit: 'tokens', to: 35_000_000 }),
  change({ asset: 'WBTC', parameter: 'ltv', to: 7000 }),
  change({ asset: 'LINK', parameter: 'ltv', to: 6000 }),
];

const read = (asset: `0x${string}`) => ({ target: AaveV3Ethereum.POOL, callData: encodeFunctionData({ abi: configurationAbi, functionName: 'getConfiguration', args: [asset] }) });
const word = (data: bigint) => ({ success: true, returnData: encodeFunctionResult({ abi: configurationAbi, functionName: 'getConfiguration', result: { data } }) });

const { WETH, USDC, WBTC, LINK } = AaveV3Ethereum.ASSETS;
/** SYNTHETIC answers by asset: WETH's word, USDC's empty word, WBTC's read reverting, LINK's word cut to half. */
const ANSWERS = new Map([
  [read(WETH.UNDERLYING).callData, word(WETH_WORD)],
  [read(USDC.UNDERLYING).callData, word(0n)],
  [read(WBTC.UNDERLYING).callData, { success: false, returnData: '0x' as const }],
  [read(LINK.UNDERLYING).callData, { success: true, returnData: word(WETH_WORD).returnData.slice(0, 34) as `0x${string}` }],
]);

/** The one aggregated eth_call the reader sends for Ethereum's changes (its unique calls in roundCalls' order), answered SYNTHETICALLY. */
function syntheticPool(): FixtureFile {
  const calls = roundCalls([[WETH, USDC, WBTC, LINK].map((asset) => read(asset.UNDERLYING))]);
  const answers = calls.map((call) => ANSWERS.get(call.callData)!);
  return {
    upstream: 'ethereum',
    protocol: 'json-rpc',
    description: 'SYNTHETIC: Aave v3 Ethereum Core getConfiguration(WETH, USDC, WBTC, LINK), made in test/modules/aave/currentValues.test.ts',
    source: { kind: 'encoded', references: ['test/modules/aave/currentValues.test.ts (SYNTHETIC values)'] },
    exchanges: [{ request: { method: 'eth_call', params: [{ to: MULTICALL3, data: aggregateCallData(calls) }, 'latest'] }, response: { jsonrpc: '2.0', result: encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: answers }) } }],
  } as FixtureFile;
}

let server: ReplayServer;
let fixtures: FixtureFile[];
beforeAll(async () => {
  fixtures = [...(await loadFixtures()), syntheticPool()];
  server = await startReplayServer({ fixtures });
});
afterAll(() => server.close());

describe('Aave’s old values read on chain (SYNTHETIC pool answers)', () => {
  it('reads each reserve’s configuration word in one request per chain, in the changes’ units, and says why where it cannot', async () => {
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 2_000 }, env: {} });
    const before = server.received.ethereum;
    const readings = await aaveCurrentValues().readCurrentValues(CHANGES, { signal: new AbortController().signal, now: new Date(), upstreams });
    expect(missesOnRecordedUpstreams(server, fixtures).map((miss) => JSON.stringify(miss).slice(0, 900))).toEqual([]);
    expect(server.received.ethereum - before, 'HTTP requests to Ethereum (eth_chainId and the aggregate3 in one batch)').toBe(1);
    expect(readings.slice(0, 4)).toEqual([{ value: 8300 }, { value: 1_800_000 }, { value: 500 }, { notRead: 'the asset is not an active reserve of this market on chain' }]);
    // X Layer has no recording: that chain's change could not be read, and Ethereum's were read all the same.
    expect(readings[4]).toEqual({ notRead: 'could not be read on X Layer (xlayer: JSON-RPC error -32601: replay: no recorded exchange for eth_chainId)' });
    // A reverted read and an answer that does not decode cost only their own change.
    expect(readings.slice(5)).toEqual([{ notRead: 'the contract refused the read' }, { notRead: 'the contract’s answer could not be decoded' }]);
  });

  it('decodes the word with the bit layout of aave-v3-origin’s ReserveConfiguration.sol', async () => {
    const source = await readFile(new URL('../../../node_modules/@aave-dao/aave-v3-origin/src/contracts/protocol/libraries/configuration/ReserveConfiguration.sol', import.meta.url), 'utf8');
    const mask = (name: string) => BigInt(new RegExp(`${name}_MASK =\\s*(0x[0-9A-Fa-f]+)`).exec(source)![1]!);
    // Each field's mask alone decodes to that field all ones, and to nothing else.
    const ones = (bits: number) => 2 ** bits - 1;
    expect(reserveConfiguration(mask('LTV'))).toMatchObject({ ltv: ones(16), liquidationThreshold: 0 });
    expect(reserveConfiguration(mask('LIQUIDATION_THRESHOLD'))).toMatchObject({ ltv: 0, liquidationThreshold: ones(16), liquidationBonus: 0 });
    expect(reserveConfiguration(mask('LIQUIDATION_BONUS')).liquidationBonus).toBe(ones(16) - 10_000);
    expect(reserveConfiguration(mask('ACTIVE'))).toMatchObject({ active: true, decimals: 0, reserveFactor: 0 });
    expect(reserveConfiguration(mask('RESERVE_FACTOR'))).toMatchObject({ reserveFactor: ones(16), borrowCap: 0, active: false });
    expect(reserveConfiguration(mask('BORROW_CAP'))).toMatchObject({ borrowCap: ones(36), supplyCap: 0, reserveFactor: 0 });
    expect(reserveConfiguration(mask('SUPPLY_CAP'))).toMatchObject({ supplyCap: ones(36), borrowCap: 0, liquidationProtocolFee: 0 });
    expect(reserveConfiguration(mask('LIQUIDATION_PROTOCOL_FEE'))).toMatchObject({ liquidationProtocolFee: ones(16), supplyCap: 0 });
  });
});
