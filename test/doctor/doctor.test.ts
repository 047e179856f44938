import { AaveV3MegaEth, AaveV4Avalanche, AaveV4Ethereum } from '@aave-dao/aave-address-book';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorExitCode, doctorLogLine, doctorSummary, doctorTable, runDoctor } from '../../shared/doctor/runDoctor.js';
import { upstreamChecks } from '../../shared/doctor/upstreamChecks.js';
import { encodeFunctionData, encodeFunctionResult, getAddress } from 'viem';
import { marketsByChain } from '../../shared/modules/aave/exposure/markets.js';
import { cometsByChain } from '../../shared/modules/compound/exposure/markets.js';
import { COMET_PROBE_ABI } from '../../shared/modules/compound/index.js';
import { POOL_PROBE_ABI } from '../../shared/modules/aave/index.js';
import { PAYLOAD_CHAINS } from '../../shared/modules/aave/payloadChains.js';
import { probedSpokes, SPOKE_ORACLE_PROBE_ABI } from '../../shared/modules/aave/v4/v4Probes.js';
import { hexChainId } from '../../shared/upstream/chainIdentity.js';
import { UPSTREAM_IDS } from '../../shared/upstream/endpoints.js';
import type { Fault } from '../../shared/upstream/replay/faults.js';
import { type FixtureFile, loadFixtures } from '../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { loadCometConfigurations } from '../fixtures/raw/compound/cometAssetInfo.js';
import { TEST_POLICY } from '../upstream/replayHarness.js';

/*
 * The recordings answer most checks (ethereum, ipfs, solana, the Hub, the XRPL, prices). Two kinds
 * of answer are added here, encoded from facts rather than captured: each payload or Comet chain's
 * eth_chainId (its EIP-155 id, shared/upstream/chainIdentity.ts) and the hub's list of the spaces
 * the modules read (the spaces exist: sources.md §1).
 */
/** Each Comet's configured base token, by market (the transcription the compound tests read). */
const COMET_CONFIGURATIONS = loadCometConfigurations().deployments;

/** Each chain beside Ethereum an Aave payload or a Comet is read on, by its eth_chainId. */
const CHAIN_IDS = new Map([
  ...Object.values(PAYLOAD_CHAINS).map(({ upstream, chainId }) => [upstream, chainId] as const),
  ...[...cometsByChain()].filter(([upstream]) => upstream !== 'ethereum').map(([upstream, [comet]]) => [upstream, hexChainId(comet!.viemChain.id)] as const),
]);

const ENCODED: FixtureFile[] = [
  ...[...CHAIN_IDS].map(
    ([upstream, chainId]): FixtureFile => ({
      protocol: 'json-rpc',
      upstream,
      description: `eth_chainId of ${upstream}`,
      source: { kind: 'encoded', references: ['shared/upstream/chainIdentity.ts CHAINS (EIP-155 chain ids as viem/chains lists them)'] },
      exchanges: [{ request: { method: 'eth_chainId' }, response: { jsonrpc: '2.0', result: chainId } }],
    }),
  ),
  // Each Aave market's Pool.ADDRESSES_PROVIDER(): the addresses provider the address book pairs it with.
  ...[...marketsByChain()].map(
    ([upstream, markets]): FixtureFile => ({
      protocol: 'json-rpc',
      upstream,
      description: `synthetic: Pool.ADDRESSES_PROVIDER() of the Aave market${markets.length > 1 ? 's' : ''} on ${upstream}, ABI-encoded from the address book`,
      source: { kind: 'encoded', references: ['@aave-dao/aave-address-book (each market’s POOL and POOL_ADDRESSES_PROVIDER)', 'aave-v3-origin IPool.ADDRESSES_PROVIDER()'] },
      exchanges: markets.map((market) => ({
        request: { method: 'eth_call', params: [{ to: market.pool, data: encodeFunctionData({ abi: POOL_PROBE_ABI, functionName: 'ADDRESSES_PROVIDER' }) }, 'latest'] },
        response: { jsonrpc: '2.0', result: encodeFunctionResult({ abi: POOL_PROBE_ABI, functionName: 'ADDRESSES_PROVIDER', result: market.addressesProvider }) },
      })),
    }),
  ),
  // Each Comet chain's first Comet's baseToken(): the base token its configuration.json names.
  ...[...cometsByChain()].map(
    ([upstream, [comet]]): FixtureFile => ({
      protocol: 'json-rpc',
      upstream,
      description: `synthetic: Comet.baseToken() of ${comet!.market}, ABI-encoded from its configuration`,
      source: { kind: 'encoded', references: ['test/fixtures/raw/compound/comet-configurations-d5a30b0.json (compound-finance/comet configuration.json baseTokenAddress @d5a30b0)', 'compound-finance/comet CometMainInterface.baseToken()'] },
      exchanges: [
        {
          request: { method: 'eth_call', params: [{ to: comet!.comet, data: encodeFunctionData({ abi: COMET_PROBE_ABI, functionName: 'baseToken' }) }, 'latest'] },
          response: { jsonrpc: '2.0', result: encodeFunctionResult({ abi: COMET_PROBE_ABI, functionName: 'baseToken', result: COMET_CONFIGURATIONS[comet!.market]!.baseTokenAddress as `0x${string}` }) },
        },
      ],
    }),
  ),
  // Each v4 chain's probed spoke's ORACLE(): the spoke oracle the address book pairs it with.
  ...probedSpokes().map(
    (spoke): FixtureFile => ({
      protocol: 'json-rpc',
      upstream: spoke.chain,
      description: `synthetic: ISpoke.ORACLE() of the Aave v4 ${spoke.market} spoke, ABI-encoded from the address book`,
      source: { kind: 'encoded', references: ['@aave-dao/aave-address-book AaveV4Ethereum / AaveV4Avalanche SPOKES (<NAME>_SPOKE and <NAME>_SPOKE_ORACLE)', 'aave/aave-v4 src/spoke/interfaces/ISpoke.sol ORACLE()'] },
      exchanges: [
        {
          request: { method: 'eth_call', params: [{ to: spoke.spoke, data: encodeFunctionData({ abi: SPOKE_ORACLE_PROBE_ABI, functionName: 'ORACLE' }) }, 'latest'] },
          response: { jsonrpc: '2.0', result: encodeFunctionResult({ abi: SPOKE_ORACLE_PROBE_ABI, functionName: 'ORACLE', result: spoke.oracle }) },
        },
      ],
    }),
  ),
  {
    protocol: 'graphql',
    upstream: 'snapshot',
    description: 'the hub lists the spaces the modules read',
    source: { kind: 'encoded', references: ['shared/research/sources.md §1 (the spaces of Aave, Compound and Lido)', 'shared/modules/spark/README.md (sparkfi.eth)'] },
    // One question per module that reads the hub (each module's probe asks for its own spaces).
    exchanges: [['aavedao.eth', 'aave.eth'], ['comp-vote.eth'], ['lido-snapshot.eth'], ['sparkfi.eth']].map((ids) => ({
      request: { operationName: 'Spaces', variables: { ids } },
      response: { data: { spaces: ids.map((id) => ({ id })) } },
    })),
  },
];

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer({ fixtures: [...(await loadFixtures()), ...ENCODED] });
});
afterAll(async () => server.close());

// Twenty-seven checks at once on a busy two-core machine: a per-call deadline with room, the
// retries and backoff of TEST_POLICY (the hang case then takes one deadline per attempt).
const POLICY = { ...TEST_POLICY, deadlineMs: 2_000 };
const doctor = async () => runDoctor(createUpstreams({ endpoints: server.endpoints, policy: POLICY, env: {} }), await upstreamChecks(), 10_000);

describe('npm run doctor', () => {
  it('checks every configured upstream once, and all answer as they must on the replay server', async () => {
    const rows = await doctor();
    expect(rows.map((row) => row.upstream).sort()).toEqual([...UPSTREAM_IDS].sort());
    expect(rows.filter((row) => !row.ok)).toEqual([]);
    // The modules' ethereum probes in the registry's order; spark's reads the StarGuard's maxDelay (test/fixtures/upstream/ethereum/spark.md),
    // sky's sUSDS's ssr (the synthetic 450 bps ray of test/fixtures/upstream/ethereum/sky-savings-rate.json).
    const pools = marketsByChain().get('ethereum')!.map((market) => `chain 0x1; the ${market.market} pool’s addresses provider: ${market.addressesProvider}`);
    expect(rows.find((row) => row.upstream === 'ethereum')!.detail).toBe(
      ['chain 0x1; Aave Governance v3 proposals: 517', ...pools, `chain 0x1; the Aave v4 Main spoke’s oracle: ${AaveV4Ethereum.SPOKES.MAIN_SPOKE_ORACLE}`, `chain 0x1; the comet-usdc Comet’s base token: ${getAddress(COMET_CONFIGURATIONS['comet-usdc']!.baseTokenAddress!)}`, 'chain 0x1; the Spark StarGuard’s maxDelay: 604800', 'chain 0x1; sUSDS’s ssr (per-second ray): 1000000001395766281313196627'].join('; '),
    );
    // Each chain an Aave market sits on: its chain id, and the pool answering on it.
    expect(rows.find((row) => row.upstream === 'arbitrum')!.detail).toMatch(/^chain 0xa4b1; the aave-v3-arbitrum pool’s addresses provider: 0xa97684ead0e402dC232d5A977953DF7ECBaB3CDb; /);
    expect(rows.find((row) => row.upstream === 'megaeth')!.detail).toBe(`chain 0x10e6; the aave-v3-megaeth pool’s addresses provider: ${AaveV3MegaEth.POOL_ADDRESSES_PROVIDER}`);
    // Each chain Comets are read on: its first Comet's base token, Unichain's alone in its row (no Aave market or payload runs there).
    expect(rows.find((row) => row.upstream === 'unichain')!.detail).toBe(`chain 0x82; the comet-usdc-unichain Comet’s base token: ${getAddress(COMET_CONFIGURATIONS['comet-usdc-unichain']!.baseTokenAddress!)}`);
    // Each chain v4 spokes are read on: its Main spoke's oracle, as the address book pairs them.
    expect(rows.find((row) => row.upstream === 'avalanche')!.detail).toContain(`chain 0xa86a; the Aave v4 Main spoke’s oracle: ${AaveV4Avalanche.SPOKES.MAIN_SPOKE_ORACLE}`);
  });

  it.each<[string, Fault, RegExp]>([
    ['status:503', { kind: 'status', status: 503 }, /^ethereum: answered HTTP 503$/],
    ['hang', { kind: 'hang' }, /^ethereum: no answer within 2000 ms$/],
    ['malformed', { kind: 'malformed' }, /^ethereum: answered a body that does not parse/],
    ['wrongChain', { kind: 'wrongChain' }, /^ethereum: serves 0xa, expected 0x1$/],
  ])('reports %s in the ethereum row, with the variable to change, and only there', async (_name, fault, wording) => {
    server.faults.inject('ethereum', fault);
    try {
      const rows = await doctor();
      const ethereum = rows.find((row) => row.upstream === 'ethereum')!;
      expect(ethereum).toMatchObject({ ok: false, variable: 'ETH_RPC_URL' });
      expect(ethereum.detail).toMatch(wording);
      expect(rows.filter((row) => !row.ok).map((row) => row.upstream)).toEqual(['ethereum']);
      expect(doctorTable(rows)).toContain('(set ETH_RPC_URL)');
    } finally {
      server.faults.clear();
    }
  });

  it.each(['solana', 'cosmosRpc', 'cosmosRest', 'xrpl', 'snapshot', 'ipfs', 'prices', 'base'] as const)('reports a 503 of %s in its own row', async (upstream) => {
    server.faults.inject(upstream, { kind: 'status', status: 503 });
    try {
      const rows = await doctor();
      expect(rows.filter((row) => !row.ok).map((row) => row.upstream)).toEqual([upstream]);
    } finally {
      server.faults.clear();
    }
  });

  it('never prints credentials or a query of an endpoint', async () => {
    const upstreams = createUpstreams({ endpoints: { ...server.endpoints, ethereum: `${server.endpoints.ethereum.replace('http://', 'http://user:secret@')}?key=abc` }, policy: POLICY, env: {} });
    const [row] = await runDoctor(upstreams, (await upstreamChecks()).slice(0, 1), 10_000);
    expect(row!.url).not.toMatch(/secret|key=abc|user/);
  });
});

describe('npm run doctor under UPSTREAM=recorded', () => {
  // The recordings alone, as `UPSTREAM=recorded npm run doctor` serves them: no payload chain and no
  // Snapshot hub answer is recorded (test/fixtures/README.md), so those checks miss.
  let recorded: ReplayServer;
  beforeAll(async () => {
    recorded = await startReplayServer({ fixtures: await loadFixtures() });
  });
  afterAll(async () => recorded.close());
  const replayed = () => ({ ...createUpstreams({ endpoints: recorded.endpoints, policy: POLICY, env: {} }), replayMisses: recorded.misses });

  it('tells a check no recording answers as not recorded, never as a variable to set, and exits 0 for it', async () => {
    const rows = await runDoctor(replayed(), await upstreamChecks(), 10_000);
    const missing = rows.filter((row) => !row.ok);
    // Ethereum too: the recordings hold no answer of the Aave pools' probes (the encoded ones are added only above).
    // Unichain too: a Comet chain no recording answers.
    expect(missing.map((row) => row.upstream).sort()).toEqual(['snapshot', 'ethereum', 'unichain', ...Object.values(PAYLOAD_CHAINS).map(({ upstream }) => upstream)].sort());
    expect(missing.every((row) => row.notRecorded)).toBe(true);
    const table = doctorTable(rows);
    expect(table).not.toMatch(/\(set [A-Z_]+\)/);
    expect(table).toMatch(/^NOT RECORDED +snapshot .*\(not recorded; nothing to configure\)$/m);
    expect(doctorSummary(rows, true)).toBe(`${rows.length - missing.length} of ${rows.length} upstreams answered as they must (recorded upstreams). ${missing.length} are not recorded: the recordings hold no answer to their checks, which no setting changes.`);
    expect(doctorExitCode(rows)).toBe(0);
    expect(JSON.parse(doctorLogLine(missing[0]!))).toMatchObject({ message: 'upstream check: not recorded', notRecorded: true });
    expect(JSON.parse(doctorLogLine(missing[0]!))).not.toHaveProperty('variable');
  });

  it('still names the variable for a failure that is not a missing recording (a fault on a recorded upstream)', async () => {
    recorded.faults.inject('ethereum', { kind: 'status', status: 503 });
    try {
      const rows = await runDoctor(replayed(), await upstreamChecks(), 10_000);
      const ethereum = rows.find((row) => row.upstream === 'ethereum')!;
      expect(ethereum).toMatchObject({ ok: false, variable: 'ETH_RPC_URL' });
      expect(ethereum.notRecorded).toBeUndefined();
      expect(doctorExitCode(rows)).toBe(1);
    } finally {
      recorded.faults.clear();
    }
  });
});
