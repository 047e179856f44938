import { type Address, decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import type { ExposurePosition } from '../../../shared/domain/position.js';
import type { FeedProposal } from '../../../shared/domain/proposal.js';
import { positionsFromVaults, skyVaultOf } from '../../../shared/modules/sky/exposure/positionsFromVaults.js';
import { skyRoundOne } from '../../../shared/modules/sky/exposure/readSkyHoldings.js';
import { vaultRoundOne } from '../../../shared/modules/sky/exposure/readSkyVaults.js';
import { skyExposure } from '../../../shared/modules/sky/exposure/skyExposure.js';
import { getCdpsAbi, lockstakeEngineAbi, proxyRegistryAbi } from '../../../shared/modules/sky/exposure/vaultAbi.js';
import { SKY_VAULTS } from '../../../shared/modules/sky/exposure/vaultDeployment.js';
import { spellChanges } from '../../../shared/modules/sky/spells/spellChanges.js';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import type { FixtureFile } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../../../shared/upstream/upstreams.js';
import { syntheticChain } from '../../exposure/syntheticChain.js';
import { simulateProposal } from '../../support/simulator.js';
import { COUNTING_POLICY } from '../../upstream/replayHarness.js';
import { BORROWER, ETH_A_URN, LSE_URN, SKY_ABIS, skyState } from './skyChain.js';
import { spellFixtures } from './spellConfigFixtures.js';

const context = (upstreams: Upstreams) => ({ signal: AbortSignal.timeout(10_000), now: new Date('2026-11-22T12:00:00Z'), upstreams });
const borrower: Wallet = { kind: 'evm', address: BORROWER };
const nobody: Wallet = { kind: 'evm', address: '0x6666666666666666666666666666666666666666' };

describe('Sky vaults read from the chain over HTTP (synthetic borrower: test/modules/sky/skyChain.ts)', () => {
  let server: ReplayServer;
  beforeAll(async () => {
    // A capture pass learns the exact requests; the replay server then serves them (in memory, never a fixture file).
    const chain = syntheticChain(SKY_ABIS, skyState());
    for (const wallet of [borrower, nobody]) await skyExposure().readPositions(wallet, context(createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: COUNTING_POLICY, env: {} })));
    const fixture = { upstream: 'ethereum', protocol: 'json-rpc', description: 'synthetic exchanges of test/modules/sky/skyChain.ts', source: { kind: 'encoded', references: ['test/modules/sky/skyChain.ts'] }, exchanges: chain.exchanges } as FixtureFile;
    server = await startReplayServer({ fixtures: [fixture] });
  });
  afterAll(async () => server?.close());
  const read = async (wallet: Wallet) => {
    // A per-call deadline with room: on a loaded machine a 300 ms deadline retries, and a retry is a request counted.
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: COUNTING_POLICY, env: {} });
    const positions = await skyExposure().readPositions(wallet, context(upstreams));
    expect(server.misses).toEqual([]);
    return { positions, requests: upstreams.counter.snapshot().ethereum.requests };
  };

  it('finds the CDP its DSProxy owns and its staking-engine urn, in three requests (discover, list, read)', async () => {
    const { positions, requests } = await read(borrower);
    expect(positions.map(({ position }) => [position.id, position.market, position.asset, position.holding])).toEqual([
      ['sky-vault-31337', 'ETH-A', 'DAI', 'borrowed'],
      [`sky-urn-${LSE_URN.toLowerCase()}`, 'LSEV2-SKY-A', 'USDS', 'borrowed'],
    ]);
    expect(requests).toBe(3);
  });

  it('values the ETH-A vault from the Vat: 12,000 DAI against 10 ETH at $3,000, HF 2.5 / 1.45 = 1.7241, fee 5 %', async () => {
    const [vault] = (await read(borrower)).positions;
    expect(vault!.position).toMatchObject({ chain: 'ethereum', debt: '12000', collateral: '10', name: 'ETH-A vault #31337' });
    expect(vault!.position.valueUsd).toBe(12_000);
    expect(vault!.position.healthFactor).toBeCloseTo(1.724138, 6);
    expect(vault!.position.apy).toBeCloseTo(0.05, 12);
    expect(vault!.inputs.vault).toMatchObject({ ilk: 'ETH-A', collateral: 10, debt: 12_000, mat: 1.45 });
    expect(vault!.inputs.vault!.collateralUsd).toBeCloseTo(30_000, 6);
  });

  it('a wallet with no DSProxy, vault or urn costs the one request the savings reads take, and gives nothing', async () => {
    const { positions, requests } = await read(nobody);
    expect(positions).toEqual([]);
    expect(requests).toBe(1);
  });

  it('sends the vault discovery in the savings reads’ aggregate3 (round one)', async () => {
    const bodies: string[] = [];
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: COUNTING_POLICY, env: {}, fetch: (input, init) => (bodies.push(String(init?.body)), fetch(input, init)) });
    await skyExposure().readPositions(nobody, context(upstreams));
    const calls = JSON.parse(bodies[0]!) as { method: string; params?: [{ data: Hex }, string] }[];
    const { args } = decodeFunctionData({ abi: multicall3Abi, data: calls.find((call) => call.method === 'eth_call')!.params![0].data });
    const sent = new Set((args[0] as readonly { target: Address; callData: Hex }[]).map(({ target, callData }) => `${target.toLowerCase()}:${callData}`));
    for (const { target, callData } of [...skyRoundOne(nobody.address as Address), ...vaultRoundOne(nobody.address as Address)]) expect(sent.has(`${target.toLowerCase()}:${callData}`)).toBe(true);
  });

  it('the real 2025-12-11 spell (LSEV2-SKY-A mat 1.45 → 1.2) raises the urn’s health factor 2.07 → 2.5: graded low (a rise)', async () => {
    const [, urn] = (await read(borrower)).positions;
    const changes = spellChanges(spellFixtures().get('2025-11-27')!.afterState, spellFixtures().get('2025-12-11')!.afterState);
    const spell = { id: 'sky-spell-test', protocol: 'sky', title: '2025-12-11 spell', summary: '', description: '', status: 'passed', votes: {}, timeline: {}, changes, firstSeen: '2025-12-11T00:00:00Z' } as FeedProposal;
    const impact = simulateProposal(spell, [urn!])!;
    // 1,000,000 SKY × $0.06 = $60,000 against 20,000 USDS: CR 3; HF 3 / 1.45 = 2.069 → 3 / 1.2 = 2.5; liquidation price 20,000 × mat / 1,000,000.
    expect(impact.estimatedChange).toContain('health factor 2.07 → 2.50');
    // 0.029 → 0.024 a SKY, as the shared USD format rounds it.
    expect(impact.estimatedChange).toContain('$0.03 → $0.02');
    expect(impact.level).toBe('low');
  });
});

describe('round one’s calldata, built by concatenation', () => {
  it('is viem’s encoding byte for byte', () => {
    const [proxies, cdps, count] = vaultRoundOne(BORROWER);
    expect(proxies!.callData).toBe(encodeFunctionData({ abi: proxyRegistryAbi, functionName: 'proxies', args: [BORROWER] }));
    expect(cdps!.callData).toBe(encodeFunctionData({ abi: getCdpsAbi, functionName: 'getCdpsAsc', args: [SKY_VAULTS.cdpManager, BORROWER] }));
    expect(count!.callData).toBe(encodeFunctionData({ abi: lockstakeEngineAbi, functionName: 'ownerUrnsCount', args: [BORROWER] }));
  });
});

describe('a vault’s figures against the Vat’s own test (pure)', () => {
  const RAY = 10n ** 27n;
  const WAD = 10n ** 18n;
  const read = (ink: bigint, art: bigint, rate: bigint, spot: bigint, mat: bigint) => ({ ilk: 'ETH-A', urn: ETH_A_URN, lockstake: false, ink, art, rate, spot, mat, duty: RAY, base: 0n });

  it('health factor = ink × spot / (art × rate): below 1 exactly where Dog.bark may liquidate', () => {
    const mat = (145n * RAY) / 100n;
    for (const [ink, art, rate, spot] of [
      [10n * WAD, 10_000n * WAD, (12n * RAY) / 10n, (3_000n * RAY * RAY) / mat],
      [7n * WAD, 9_999n * WAD, (1_234n * RAY) / 1_000n, (1_712n * RAY * RAY) / mat],
      [1n * WAD, 1_000n * WAD, RAY, 1_000n * RAY],
    ] as const) {
      const vault = skyVaultOf(read(ink, art, rate, spot, mat));
      const unsafe = ink * spot < art * rate;
      expect(vault.healthFactor! < 1).toBe(unsafe);
      expect(vault.healthFactor).toBeCloseTo(Number((ink * spot * 10n ** 18n) / (art * rate)) / 1e18, 15);
      // CR / mat, the simulator's health factor, is the same quotient.
      expect(vault.collateralUsd / vault.debt / vault.mat).toBeCloseTo(vault.healthFactor!, 9);
    }
  });

  it('an urn with collateral and no debt is a supply no fee reaches; an empty one is left out', () => {
    const positions = positionsFromVaults([read(WAD, 0n, RAY, 1_000n * RAY, RAY), read(0n, 0n, RAY, RAY, RAY)], borrower);
    expect(positions).toHaveLength(1);
    expect(positions[0]!.position).toMatchObject({ holding: 'supplied', valueUsd: 1_000 });
    expect(positions[0]!.inputs.role).toBe('supply');
  });
});
