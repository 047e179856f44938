import { type Abi, type Address, concat, toFunctionSelector, decodeFunctionData, encodeAbiParameters, encodeEventTopics, encodeFunctionResult, getAddress, type Hex, keccak256, numberToHex, pad } from 'viem';
import { SKY_GOVERNANCE } from '../../../shared/modules/sky/spells/deployment.js';
import { chiefAbi, dssExecAbi, etchEvent, pauseAbi } from '../../../shared/modules/sky/spells/governanceAbi.js';
import { MULTICALL3, multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import type { FetchFn } from '../../../shared/upstream/upstreamFetch.js';
import { spellFixtures } from './spellConfigFixtures.js';

/*
 * The chief as a stand-in node answers it (makerdao/chief src/Chief.sol @11f7c6d, MCD_ADM since the
 * 2025-05-15 spell): `hat()`, `approvals(yay)`, and `Etch(bytes32 indexed slate, address[] yays)`
 * logs whose slate is keccak256(abi.encodePacked(yays)) as Chief.etch computes it (each address
 * padded to a word). Used by the recorded governance story (skyGovernanceChain.ts) and, on its own,
 * by the moment of the 2026-05-07 spell's vote below.
 */

export interface ChiefSpell {
  eta: number;
  done: boolean;
  expiration: number;
  description: string;
}

export interface ChiefScenario {
  head: bigint;
  headTime: number;
  hat: Address;
  delaySeconds: number;
  /** Slates etched, each at its block; yays ordered as Chief.etch requires. */
  etches: readonly { block: bigint; yays: readonly Address[] }[];
  /** approvals(yay) in SKY wei, by lower-case address; any other is 0. */
  approvals: Readonly<Record<string, bigint>>;
  /** DssExec views of the spells, by lower-case address; any other address has no code (its calls answer no data). */
  spells: Readonly<Record<string, ChiefSpell>>;
}

/** Faults of the stand-in: the chief's logs answer a JSON-RPC error; its approvals revert inside the aggregate3. */
export interface ChiefFaults {
  logsFail?: boolean;
  approvalsRevert?: boolean;
}

const APPROVALS_SELECTOR = toFunctionSelector('approvals(address)');
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const encode = (abi: Abi, functionName: string, result: unknown): Hex => encodeFunctionResult({ abi, functionName, result } as never);

/** Chief.etch's slate: keccak256(abi.encodePacked(yays)), an address[] packed one word per element. */
export const slateOf = (yays: readonly Address[]): Hex => keccak256(yays.length === 0 ? '0x' : concat(yays.map((yay) => pad(yay.toLowerCase() as Hex))));

/** The answer of a call to the chief, the pause's delay or a scenario spell; undefined for any other target. */
export function chiefScenarioCall(scenario: ChiefScenario, to: string, data: Hex): Hex | undefined {
  if (same(to, SKY_GOVERNANCE.chief)) {
    const { functionName, args } = decodeFunctionData({ abi: chiefAbi, data });
    if (functionName === 'hat') return encode(chiefAbi as unknown as Abi, 'hat', scenario.hat);
    return encode(chiefAbi as unknown as Abi, 'approvals', scenario.approvals[(args![0] as string).toLowerCase()] ?? 0n);
  }
  if (same(to, SKY_GOVERNANCE.pause)) return encode(pauseAbi as unknown as Abi, 'delay', BigInt(scenario.delaySeconds));
  const spell = scenario.spells[to.toLowerCase()];
  if (spell) {
    const { functionName } = decodeFunctionData({ abi: dssExecAbi, data });
    const values: Record<string, unknown> = { eta: BigInt(spell.eta), done: spell.done, expiration: BigInt(spell.expiration), description: spell.description };
    return encode(dssExecAbi as unknown as Abi, functionName, values[functionName]);
  }
  return undefined;
}

/** The chief's Etch logs between two blocks, as eth_getLogs answers them. */
export function etchLogs(scenario: ChiefScenario, fromBlock: bigint, toBlock: bigint) {
  return scenario.etches
    .filter((etch) => etch.block >= fromBlock && etch.block <= toBlock)
    .map((etch) => ({
      address: SKY_GOVERNANCE.chief.toLowerCase(),
      topics: encodeEventTopics({ abi: [etchEvent], eventName: 'Etch', args: { slate: slateOf(etch.yays) } }),
      data: encodeAbiParameters([{ type: 'address[]' }], [etch.yays as Address[]]),
      blockNumber: numberToHex(etch.block),
      logIndex: '0x0',
      transactionIndex: '0x0',
      transactionHash: `0x${etch.block.toString(16).padStart(64, 'e')}`,
      blockHash: `0x${etch.block.toString(16).padStart(64, '0')}`,
      removed: false,
    }));
}

function ethCall(scenario: ChiefScenario, faults: ChiefFaults, to: string, data: Hex): Hex {
  if (same(to, MULTICALL3)) {
    const { functionName, args } = decodeFunctionData({ abi: multicall3Abi, data });
    if (functionName === 'getBlockNumber') return encode(multicall3Abi as unknown as Abi, functionName, scenario.head);
    if (functionName === 'getCurrentBlockTimestamp') return encode(multicall3Abi as unknown as Abi, functionName, BigInt(scenario.headTime));
    if (functionName === 'aggregate3') {
      const calls = args[0] as readonly { target: string; callData: Hex }[];
      return encode(
        multicall3Abi as unknown as Abi,
        functionName,
        calls.map((call) => {
          if (faults.approvalsRevert && same(call.target, SKY_GOVERNANCE.chief) && call.callData.startsWith(APPROVALS_SELECTOR)) return { success: false, returnData: '0x' };
          if (same(call.target, MULTICALL3)) return { success: true, returnData: ethCall(scenario, faults, call.target, call.callData) };
          // An address without code answers any call with success and no data.
          return { success: true, returnData: chiefScenarioCall(scenario, call.target, call.callData) ?? '0x' };
        }),
      );
    }
  }
  const answer = chiefScenarioCall(scenario, to, data);
  if (answer === undefined) throw new Error(`sky chief chain: no answer for ${to} ${data.slice(0, 10)}`);
  return answer;
}

/** A stand-in node for the chief alone (the voted-spells read), with its faults. */
export function chiefNetwork(scenario: ChiefScenario, faults: ChiefFaults = {}): { fetch: FetchFn; methods: string[] } {
  const methods: string[] = [];
  const one = (call: { id?: unknown; method: string; params?: unknown[] }) => {
    methods.push(call.method);
    if (call.method === 'eth_chainId') return { jsonrpc: '2.0', id: call.id, result: '0x1' };
    if (call.method === 'eth_call') {
      const [tx] = call.params as [{ to: string; data: Hex }];
      return { jsonrpc: '2.0', id: call.id, result: ethCall(scenario, faults, tx.to, tx.data) };
    }
    if (call.method === 'eth_getLogs') {
      if (faults.logsFail) return { jsonrpc: '2.0', id: call.id, error: { code: -32005, message: 'query returned more than 10000 results' } };
      const [filter] = call.params as [{ fromBlock: Hex; toBlock: Hex }];
      return { jsonrpc: '2.0', id: call.id, result: etchLogs(scenario, BigInt(filter.fromBlock), BigInt(filter.toBlock)) };
    }
    throw new Error(`sky chief chain: ${call.method} is not served`);
  };
  const fetch: FetchFn = async (_input, init) => {
    const payload = JSON.parse(String(init?.body)) as Parameters<typeof one>[0] | Parameters<typeof one>[0][];
    return new Response(JSON.stringify(Array.isArray(payload) ? payload.map(one) : one(payload)), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, methods };
}

const MAY_07 = spellFixtures().get('2026-05-07')!;
const APR_23 = spellFixtures().get('2026-04-23')!;
const APR_09 = spellFixtures().get('2026-04-09')!;
const at = (iso: string) => Date.parse(iso) / 1000;

/** The 2026-05-07 spell (real: spells-mainnet config.sol deployed_spell and deployed_spell_created, DssSpell.sol description @cdd6ae7e). */
export const MAY_SPELL = getAddress(MAY_07.afterState.spell!.address);
export const MAY_DESCRIPTION = '2026-05-07 MakerDAO Executive Spell | Hash: 0xfc4e7f185a03264f819bfd648aafeb942dd30e1567678b03176e047c9d1a7f63';
/** The 2026-04-23 and 2026-04-09 spells (real addresses: their configs' deployed_spell). */
export const APRIL_23_SPELL = getAddress(APR_23.afterState.spell!.address);
export const APRIL_09_SPELL = getAddress(APR_09.afterState.spell!.address);
/** An address with no code, named in a slate: anyone may etch any address. */
export const NOT_A_SPELL = getAddress('0x000000000000000000000000000000000000dEaD');

/**
 * The chief on 2026-05-08 12:00 UTC, the day after the 2026-05-07 spell was deployed, while it was
 * being voted. Real: the three spells' addresses, the 2026-05-07 spell's description, creation and
 * so expiration (created + 30 days), the 24-hour GSM delay then in force (the 2026-04-23 config's
 * pause_delay). SYNTHETIC: the head and its block number, the 2026-04-23 spell as the hat then, the
 * slates and their blocks, the approvals (no public record of them at that block was captured), and
 * the 2026-04-09 spell's views (cast: done, eta 2026-04-13 14:00 UTC).
 */
export const MAY_08_CHIEF: ChiefScenario = {
  head: 24_950_000n,
  headTime: at('2026-05-08T12:00:00Z'),
  hat: APRIL_23_SPELL,
  delaySeconds: APR_23.afterState.pauseDelaySeconds,
  etches: [
    { block: 24_820_000n, yays: [APRIL_23_SPELL] },
    { block: 24_830_000n, yays: [APRIL_23_SPELL, APRIL_09_SPELL] },
    { block: 24_944_000n, yays: [NOT_A_SPELL, MAY_SPELL] },
    { block: 24_945_000n, yays: [MAY_SPELL] },
  ],
  approvals: {
    [APRIL_23_SPELL.toLowerCase()]: 3_150_000_000n * 10n ** 18n,
    [APRIL_09_SPELL.toLowerCase()]: 40_000_000n * 10n ** 18n,
    [MAY_SPELL.toLowerCase()]: 2_420_000_000n * 10n ** 18n,
    [NOT_A_SPELL.toLowerCase()]: 5_000_000n * 10n ** 18n,
  },
  spells: {
    [MAY_SPELL.toLowerCase()]: { eta: 0, done: false, expiration: MAY_07.afterState.spell!.createdAt + 30 * 86_400, description: MAY_DESCRIPTION },
    [APRIL_09_SPELL.toLowerCase()]: { eta: at('2026-04-13T14:00:00Z'), done: true, expiration: APR_09.afterState.spell!.createdAt + 30 * 86_400, description: '2026-04-09 MakerDAO Executive Spell | Hash: SYNTHETIC' },
  },
};
