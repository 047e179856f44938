import { type Abi, type Address, decodeFunctionData, encodeAbiParameters, encodeEventTopics, encodeFunctionData, encodeFunctionResult, getAddress, type Hex, hexToString, numberToHex, pad, stringToHex } from 'viem';
import { PAUSE_NOTE_TOPICS } from '../../../shared/modules/sky/spells/pauseNotes.js';
import { setEvent, SP_BEAM } from '../../../shared/modules/sky/spBeam.js';
import { spBeamViewsAbi } from '../../../shared/modules/sky/spBeamAbi.js';
import { FEE_ILKS_0_TO_30, SP_BEAM_IDS } from '../../../shared/modules/sky/spBeamLimits.js';
import { SKY_GOVERNANCE } from '../../../shared/modules/sky/spells/deployment.js';
import { dssExecAbi } from '../../../shared/modules/sky/spells/governanceAbi.js';
import { SPELLS_REPO } from '../../../shared/modules/sky/spells/readPublishedAfterState.js';
import type { SpellAfterState } from '../../../shared/modules/sky/spells/parseSpellConfig.js';
import { MULTICALL3, multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import type { FetchFn } from '../../../shared/upstream/upstreamFetch.js';
import { renderSpellConfig } from './renderSpellConfig.js';
import { type ChiefScenario, chiefScenarioCall, etchLogs } from './skyChiefChain.js';
import { spellFixtures } from './spellConfigFixtures.js';

/*
 * Sky's governance as the recordings hold it (test/fixtures/upstream/ethereum/sky-governance.json,
 * test/fixtures/upstream/github/sky-spells.json), answered by a stand-in node and GitHub API that
 * keep every exchange, so the recordings are made by running the real source against them
 * (`npx tsx test/modules/sky/recordSkyGovernance.ts`).
 *
 * Real: the hat spell's address, its creation time and description (spells-mainnet
 * src/test/config.sol deployed_spell / deployed_spell_created and src/DssSpell.sol description
 * @cdd6ae7e), its expiration (created + 30 days, DssSpell's constructor), the pause delay it sets
 * (48 hours), the archive's folder names (spells-mainnet archive/ @17aee91, from 2026 on) and the
 * after-states (test/fixtures/sky-spells/). SYNTHETIC: the chain's head and time, the spell's eta
 * and cast, and the SP-BEAM Set logs with their blocks and times (no node's answer was captured).
 */

const MAY_07 = spellFixtures().get('2026-05-07')!;
const APR_23 = spellFixtures().get('2026-04-23')!;

export const HAT_SPELL = getAddress(MAY_07.afterState.spell!.address);
export const HAT_DESCRIPTION = '2026-05-07 MakerDAO Executive Spell | Hash: 0xfc4e7f185a03264f819bfd648aafeb942dd30e1567678b03176e047c9d1a7f63';
export const HAT_CREATED = MAY_07.afterState.spell!.createdAt;
export const HAT_EXPIRATION = HAT_CREATED + 30 * 86_400;
/** SYNTHETIC: scheduled 2026-05-08 12:00 UTC under the 24-hour delay then in force, so cast from 2026-05-09 12:00 UTC. */
export const HAT_ETA = Date.parse('2026-05-09T12:00:00Z') / 1000;
export const PAUSE_DELAY = MAY_07.afterState.pauseDelaySeconds;
/** SYNTHETIC head: block 26,100,000 at 2026-11-22 12:00 UTC. */
export const HEAD = 26_100_000n;
export const HEAD_TIME = Date.parse('2026-11-22T12:00:00Z') / 1000;

/**
 * SYNTHETIC SP-BEAM sets in the last 30 days: one set() batch (one cooldown for every rate, so two
 * rates moved together are one batch, its updates ordered by id: "ETH-A" before "SSR"), ETH-A's fee
 * to 5.25 % and the SSR cut to 4 %.
 */
export const SETS = [
  { id: 'ETH-A', bps: 525n, block: 25_990_000n, logIndex: 0, time: Date.parse('2026-11-07T08:00:00Z') / 1000 },
  { id: 'SSR', bps: 400n, block: 25_990_000n, logIndex: 1, time: Date.parse('2026-11-07T08:00:00Z') / 1000 },
] as const;

/**
 * SP-BEAM's configuration at the head (cfgs, tau, toc, bad): the values the 2026-05-07 spell's test
 * config states (test/fixtures/sky-spells/2026-05-07-cdd6ae7e.json: SP_tau 16 hours; SSR 2-30 %,
 * DSR 0-30 %, the SP-BEAM ilks 2-30 % or 0-30 %, steps of 4 points), toc the synthetic batch's
 * time, not halted. SYNTHETIC as an answer: no node's was captured.
 */
export const SP_BEAM_STATE = {
  tau: 57_600n,
  toc: BigInt(SETS[0].time),
  bad: 0n,
  cfgs: Object.fromEntries(SP_BEAM_IDS.map((id) => [id, (FEE_ILKS_0_TO_30 as readonly string[]).includes(id) || id === 'DSR' ? [0, 3000, 400] : [200, 3000, 400]])) as Record<string, [number, number, number]>,
};

/** A block's number from its time, at 12 seconds a block back from the synthetic head. */
const blockAt = (time: number) => HEAD - BigInt((HEAD_TIME - time) / 12);
const at = (iso: string) => Date.parse(iso) / 1000;

/**
 * SYNTHETIC spells the pause saw in the window besides the hat (no node's answer was captured, and
 * the real spells of 2026 predate it): one plotted on 2026-11-21 12:00 UTC and waiting (eta 48 hours
 * on, not cast), one plotted on 2026-11-05 and cast on 2026-11-07 13:00 UTC. Each is a DssExec
 * (eta, done, expiration = created + 30 days, a dated description), plotting and casting itself
 * through DSPause's noted plot and exec (ds-note LogNote: sig, guy = the spell, foo = its action,
 * bar = its tag), as dss-exec-lib's schedule() and cast() do.
 */
export const OTHER_SPELLS = [
  {
    spell: getAddress('0x5000000000000000000000000000000000001121'),
    action: getAddress('0xa000000000000000000000000000000000001121'),
    tag: `0x${'71'.repeat(32)}` as Hex,
    description: '2026-11-19 MakerDAO Executive Spell | Hash: 0x1111111111111111111111111111111111111111111111111111111111111111',
    created: at('2026-11-19T15:00:00Z'),
    plotted: at('2026-11-21T12:00:00Z'),
    eta: at('2026-11-23T12:00:00Z'),
    cast: undefined as number | undefined,
  },
  {
    spell: getAddress('0x5000000000000000000000000000000000001105'),
    action: getAddress('0xa000000000000000000000000000000000001105'),
    tag: `0x${'72'.repeat(32)}` as Hex,
    description: '2026-11-04 MakerDAO Executive Spell | Hash: 0x2222222222222222222222222222222222222222222222222222222222222222',
    created: at('2026-11-04T15:00:00Z'),
    plotted: at('2026-11-05T12:00:00Z'),
    eta: at('2026-11-07T12:00:00Z'),
    cast: at('2026-11-07T13:00:00Z') as number | undefined,
  },
] as const;

/**
 * SYNTHETIC spell being voted on in the chief (not the hat, never plotted): deployed 2026-11-20
 * 15:00 UTC, named by two slates (alone, then beside the plotted 2026-11-19 spell), with 1.38
 * billion SKY of approval against the hat's 2.05 billion. Its after-state is archived
 * (archive/2026-11-20-DssSpell, as spells-mainnet archives a spell when it is deployed): the
 * 2026-11-04 spell's with ETH-A's autoline gap 150 → 250 million.
 */
export const VOTED_SPELL = {
  spell: getAddress('0x5000000000000000000000000000000000001120'),
  description: '2026-11-20 MakerDAO Executive Spell | Hash: 0x3333333333333333333333333333333333333333333333333333333333333333',
  created: at('2026-11-20T15:00:00Z'),
  approvals: 1_380_000_000n * 10n ** 18n,
  hatApprovals: 2_050_000_000n * 10n ** 18n,
} as const;

/** The chief in the window (skyChiefChain.ts): the hat and its approval, the slates etched, the voted spell's views. SYNTHETIC but the hat's address. */
export const NOV_CHIEF: ChiefScenario = {
  head: HEAD,
  headTime: HEAD_TIME,
  hat: HAT_SPELL,
  delaySeconds: PAUSE_DELAY,
  etches: [
    { block: blockAt(at('2026-11-19T16:00:00Z')), yays: [OTHER_SPELLS[0].spell] },
    { block: blockAt(at('2026-11-20T16:00:00Z')), yays: [VOTED_SPELL.spell] },
    { block: blockAt(at('2026-11-21T08:00:00Z')), yays: [VOTED_SPELL.spell, OTHER_SPELLS[0].spell] },
  ],
  approvals: { [HAT_SPELL.toLowerCase()]: VOTED_SPELL.hatApprovals, [VOTED_SPELL.spell.toLowerCase()]: VOTED_SPELL.approvals, [OTHER_SPELLS[0].spell.toLowerCase()]: 2_900_000_000n * 10n ** 18n },
  spells: { [VOTED_SPELL.spell.toLowerCase()]: { eta: 0, done: false, expiration: VOTED_SPELL.created + 30 * 86_400, description: VOTED_SPELL.description } },
};

const pauseNoteAbi = [
  { type: 'function', name: 'plot', stateMutability: 'nonpayable', inputs: [{ name: 'usr', type: 'address' }, { name: 'tag', type: 'bytes32' }, { name: 'fax', type: 'bytes' }, { name: 'eta', type: 'uint256' }], outputs: [] },
  { type: 'function', name: 'exec', stateMutability: 'nonpayable', inputs: [{ name: 'usr', type: 'address' }, { name: 'tag', type: 'bytes32' }, { name: 'fax', type: 'bytes' }, { name: 'eta', type: 'uint256' }], outputs: [{ name: 'out', type: 'bytes' }] },
] as const;

/** The pause's notes of the other spells: topics sig, guy, foo (usr), bar (tag); data (wad, fax = the call's calldata). */
const PAUSE_NOTES = OTHER_SPELLS.flatMap((spell) =>
  (['plot', 'exec'] as const).flatMap((kind) => {
    const time = kind === 'plot' ? spell.plotted : spell.cast;
    if (time === undefined) return [];
    const fax = encodeFunctionData({ abi: pauseNoteAbi, functionName: kind, args: [spell.action, spell.tag, '0x61461954', BigInt(spell.eta)] });
    return [{ block: blockAt(time), time, topics: [PAUSE_NOTE_TOPICS[kind], pad(spell.spell.toLowerCase() as Hex), pad(spell.action.toLowerCase() as Hex), spell.tag], data: encodeAbiParameters([{ type: 'uint256' }, { type: 'bytes' }], [0n, fax]) }];
  }),
);

/** The archive folders the listing names: the real ones from 2026 on (spells-mainnet archive/ @17aee91), and the SYNTHETIC cast spell's of 2026-11-04 and voted spell's of 2026-11-20. */
export const ARCHIVE_2026 = ['2026-01-15', '2026-01-29', '2026-02-12', '2026-02-26', '2026-03-12', '2026-03-26', '2026-04-09', '2026-04-23', '2026-05-07', '2026-11-04', '2026-11-20'].map((date) => `${date}-DssSpell`);

/**
 * SYNTHETIC after-states of the two later spells, each the one before with one change, so each
 * names what it does: the cast spell raises ETH-A's autoline ceiling 15 → 20 billion, the waiting
 * one (master's config, as the spell being voted is) ETH-A's gap 150 → 200 million.
 */
const withEthA = (state: SpellAfterState, spell: { spell: Address; created: number }, change: (autoLine: NonNullable<SpellAfterState['ilks'][string]['autoLine']>) => void): SpellAfterState => {
  const next = structuredClone(state);
  next.spell = { address: spell.spell, createdAt: spell.created };
  change(next.ilks['ETH-A']!.autoLine!);
  return next;
};
const NOV_04 = withEthA(MAY_07.afterState, OTHER_SPELLS[1], (autoLine) => (autoLine.line = 20_000_000_000));
const NOV_19 = withEthA(NOV_04, OTHER_SPELLS[0], (autoLine) => (autoLine.gap = 200_000_000));
const NOV_20 = withEthA(NOV_04, { spell: VOTED_SPELL.spell, created: VOTED_SPELL.created }, (autoLine) => (autoLine.gap = 250_000_000));

export const CONFIGS: Readonly<Record<string, SpellAfterState>> = {
  'archive/2026-05-07-DssSpell/test/config.sol': MAY_07.afterState,
  'archive/2026-04-23-DssSpell/test/config.sol': APR_23.afterState,
  'archive/2026-11-04-DssSpell/test/config.sol': NOV_04,
  'archive/2026-11-20-DssSpell/test/config.sol': NOV_20,
  'src/test/config.sol': NOV_19,
};

/** Faults of the stand-in: SP-BEAM's views revert inside the aggregate3 (the head still answers); the chief's logs fail. */
export interface NetworkOptions {
  spBeamReverts?: boolean;
  /** The chief's eth_getLogs answers a JSON-RPC error (the node refuses the range). */
  chiefLogsFail?: boolean;
}

export interface Exchange {
  request: { method: string; params?: unknown };
  response: Record<string, unknown>;
}
export interface RestExchange {
  request: { method: 'GET'; path: string; query?: Record<string, string> };
  response: { status: number; body: unknown };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const encode = (abi: Abi, functionName: string, result: unknown): Hex => encodeFunctionResult({ abi, functionName, result } as never);

function ethCall(to: string, data: Hex, options: NetworkOptions = {}): Hex {
  const chief = chiefScenarioCall(NOV_CHIEF, to, data);
  if (chief !== undefined) return chief;
  if (same(to, MULTICALL3)) {
    const { functionName, args } = decodeFunctionData({ abi: multicall3Abi, data });
    if (functionName === 'getCurrentBlockTimestamp') return encode(multicall3Abi as unknown as Abi, functionName, BigInt(HEAD_TIME));
    if (functionName === 'getBlockNumber') return encode(multicall3Abi as unknown as Abi, functionName, HEAD);
    if (functionName === 'aggregate3') {
      const calls = args[0] as readonly { target: string; callData: Hex }[];
      return encode(multicall3Abi as unknown as Abi, functionName, calls.map((call) => (options.spBeamReverts && same(call.target, SP_BEAM) ? { success: false, returnData: '0x' } : { success: true, returnData: ethCall(call.target, call.callData, options) })));
    }
  }
  if (same(to, SP_BEAM)) {
    const { functionName, args } = decodeFunctionData({ abi: spBeamViewsAbi, data });
    if (functionName === 'cfgs') {
      const id = hexToString(args[0]!, { size: 32 }).replace(/\0+$/, '');
      return encode(spBeamViewsAbi as unknown as Abi, functionName, SP_BEAM_STATE.cfgs[id] ?? [0, 0, 0]);
    }
    return encode(spBeamViewsAbi as unknown as Abi, functionName, SP_BEAM_STATE[functionName as 'tau' | 'toc' | 'bad']);
  }
  if (same(to, HAT_SPELL)) {
    const { functionName } = decodeFunctionData({ abi: dssExecAbi, data });
    const values: Record<string, unknown> = { eta: BigInt(HAT_ETA), done: true, expiration: BigInt(HAT_EXPIRATION), description: HAT_DESCRIPTION };
    return encode(dssExecAbi as unknown as Abi, functionName, values[functionName]);
  }
  const other = OTHER_SPELLS.find((spell) => same(to, spell.spell));
  if (other) {
    const { functionName } = decodeFunctionData({ abi: dssExecAbi, data });
    const values: Record<string, unknown> = { eta: BigInt(other.eta), done: other.cast !== undefined, expiration: BigInt(other.created + 30 * 86_400), description: other.description };
    return encode(dssExecAbi as unknown as Abi, functionName, values[functionName]);
  }
  throw new Error(`sky governance chain: no answer for ${to} ${data.slice(0, 10)}`);
}

function setLogs(fromBlock: bigint, toBlock: bigint) {
  return SETS.filter((set) => set.block >= fromBlock && set.block <= toBlock).map((set) => ({
    address: SP_BEAM.toLowerCase(),
    topics: encodeEventTopics({ abi: [setEvent], eventName: 'Set', args: { id: stringToHex(set.id, { size: 32 }) } }),
    data: encodeAbiParameters([{ type: 'uint256' }], [set.bps]),
    blockNumber: numberToHex(set.block),
    logIndex: numberToHex(set.logIndex),
    transactionIndex: '0x0',
    transactionHash: `0x${'5e'.repeat(32)}`,
    blockHash: `0x${set.block.toString(16).padStart(64, '0')}`,
    removed: false,
  }));
}

function pauseLogs(fromBlock: bigint, toBlock: bigint) {
  return PAUSE_NOTES.filter((note) => note.block >= fromBlock && note.block <= toBlock).map((note) => ({
    address: SKY_GOVERNANCE.pause.toLowerCase(),
    topics: note.topics,
    data: note.data,
    blockNumber: numberToHex(note.block),
    logIndex: '0x0',
    transactionIndex: '0x0',
    transactionHash: `0x${'9a'.repeat(32)}`,
    blockHash: `0x${note.block.toString(16).padStart(64, '0')}`,
    removed: false,
  }));
}

function answer(call: { method: string; params?: unknown[] }, options: NetworkOptions): unknown {
  switch (call.method) {
    case 'eth_chainId':
      return '0x1';
    case 'eth_blockNumber':
      return numberToHex(HEAD);
    case 'eth_call': {
      const [tx] = call.params as [{ to: string; data: Hex }];
      return ethCall(tx.to, tx.data, options);
    }
    case 'eth_getLogs': {
      const [filter] = call.params as [{ address: string; fromBlock: Hex; toBlock: Hex }];
      if (same(filter.address, SKY_GOVERNANCE.pause)) return pauseLogs(BigInt(filter.fromBlock), BigInt(filter.toBlock));
      if (same(filter.address, SKY_GOVERNANCE.chief)) return etchLogs(NOV_CHIEF, BigInt(filter.fromBlock), BigInt(filter.toBlock));
      return setLogs(BigInt(filter.fromBlock), BigInt(filter.toBlock));
    }
    case 'eth_getBlockByNumber': {
      const [block] = call.params as [Hex];
      const found = [...SETS, ...PAUSE_NOTES].find((entry) => entry.block === BigInt(block));
      if (!found) throw new Error(`sky governance chain: no header for ${block}`);
      return { number: block, hash: `0x${found.block.toString(16).padStart(64, '0')}`, timestamp: numberToHex(found.time) };
    }
    default:
      throw new Error(`sky governance chain: ${call.method} is not served`);
  }
}

function githubBody(path: string): unknown {
  const prefix = `${SPELLS_REPO}/contents/`;
  if (!path.startsWith(prefix)) throw new Error(`sky governance github: ${path} is not served`);
  const file = path.slice(prefix.length);
  if (file === 'archive') return ARCHIVE_2026.map((name) => ({ name, path: `archive/${name}`, type: 'dir' }));
  const state = CONFIGS[file];
  if (!state) throw new Error(`sky governance github: no ${file}`);
  return { name: 'config.sol', path: file, type: 'file', encoding: 'base64', content: Buffer.from(renderSpellConfig(state)).toString('base64') };
}

/** A stand-in node (any URL but GitHub's) and GitHub API (host github.invalid) that keep every exchange. */
export function skyGovernanceNetwork(options: NetworkOptions = {}) {
  const ethereum: Exchange[] = [];
  const github: RestExchange[] = [];
  const fetch: FetchFn = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.host === 'github.invalid') {
      const body = githubBody(url.pathname);
      github.push({ request: { method: 'GET', path: url.pathname, ...(url.search && { query: Object.fromEntries(url.searchParams) }) }, response: { status: 200, body } });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    const payload = JSON.parse(String(init?.body)) as { id?: unknown; method: string; params?: unknown[] } | { id?: unknown; method: string; params?: unknown[] }[];
    const one = (call: { id?: unknown; method: string; params?: unknown[] }) => {
      if (options.chiefLogsFail && call.method === 'eth_getLogs' && same((call.params as [{ address: string }])[0].address, SKY_GOVERNANCE.chief)) {
        return { jsonrpc: '2.0', id: call.id, error: { code: -32005, message: 'query returned more than 10000 results' } };
      }
      const response = { jsonrpc: '2.0', result: answer(call, options) };
      ethereum.push({ request: { method: call.method, ...(call.params && { params: call.params }) }, response });
      return { ...response, id: call.id };
    };
    return new Response(JSON.stringify(Array.isArray(payload) ? payload.map(one) : one(payload)), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, ethereum, github };
}
