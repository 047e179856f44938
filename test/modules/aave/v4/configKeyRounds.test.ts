import { type Abi, getAddress } from 'viem';
import { mainnet } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExposurePosition } from '../../../../shared/domain/position.js';
import { readV4Positions } from '../../../../shared/modules/aave/v4/readV4Positions.js';
import { CONFIG_KEYS_GUESSED } from '../../../../shared/modules/aave/v4/readSpokeAccounts.js';
import { v4SpokesOn } from '../../../../shared/modules/aave/v4/spokes.js';
import { evmReader, multicall3Abi } from '../../../../shared/upstream/clients/ethereumReader.js';
import type { FixtureFile } from '../../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../../../../shared/upstream/upstreams.js';
import { syntheticChain } from '../../../exposure/syntheticChain.js';
import { TEST_POLICY } from '../../../upstream/replayHarness.js';
import { MAIN_RESERVES, type SyntheticReserve, V4_ABIS, v4State } from './v4Chain.js';

/*
 * A position on an old dynamic config key (SYNTHETIC: test/modules/aave/v4/v4Chain.ts): WETH has
 * seven keys and the holder is still on key 1 while the latest is 6. A reader's first scan guesses
 * keys 0 to 3 and finds key 1 among them; once it has seen key 6 as the latest it asks keys 3 to 6,
 * and key 1 beside them because it found this wallet's position there: never another key's factor.
 * A position on key 5 is outside a first scan's guess (0 to 3): its key is asked in a third round.
 */
const HOLDER = getAddress('0x5555555555555555555555555555555555555555');
const WETH_KEYS: SyntheticReserve = { ...MAIN_RESERVES[0]!, configs: [7000, 7100, 7200, 7300, 7400, 7500, 7600] };
const RESERVES = [WETH_KEYS, ...MAIN_RESERVES.slice(1)];
const holding = (key: number) => ({ 0: { supplied: 4n * 10n ** 18n, drawn: 6_000n * 10n ** 6n, premium: 0n, collateral: true, key } });
const read = (upstreams: Upstreams) => readV4Positions(v4SpokesOn('ethereum'), evmReader(upstreams.ethereum, mainnet), HOLDER, { kind: 'evm', address: HOLDER }, new AbortController().signal);

/** Three scans on one process captured over the synthetic chain, then served by the replay server. */
function serveScans(key: number) {
  const served = { server: undefined as unknown as ReplayServer, captured: [] as ExposurePosition[][] };
  beforeAll(async () => {
    const state = v4State(HOLDER, holding(key), RESERVES);
    const chain = syntheticChain(V4_ABIS, {
      answer: (target, functionName, args, block) => (functionName === 'getBlockNumber' ? { abi: multicall3Abi as unknown as Abi, result: 21_000_000n } : state.answer(target, functionName, args, block)),
    });
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: TEST_POLICY, env: {} });
    for (let run = 0; run < 3; run++) served.captured.push(await read(upstreams));
    const fixture = { upstream: 'ethereum', protocol: 'json-rpc', description: 'synthetic exchanges of test/modules/aave/v4/v4Chain.ts (in memory, never a fixture file)', source: { kind: 'encoded', references: ['test/modules/aave/v4/v4Chain.ts (synthetic test vectors)'] }, exchanges: chain.exchanges } as FixtureFile;
    served.server = await startReplayServer({ fixtures: [fixture] });
  });
  afterAll(async () => served.server?.close());
  return served;
}

describe('a v4 position on an old dynamic config key (1 of 0–6)', () => {
  const served = serveScans(1);

  it('counts the collateral at its own key’s factor on every scan, never a guessed key’s', () => {
    expect(CONFIG_KEYS_GUESSED).toBe(4);
    for (const positions of served.captured) {
      const supply = positions.find((position) => position.inputs.role === 'supply')!;
      expect(supply.inputs.aaveV4!.collateral).toEqual([expect.objectContaining({ asset: 'WETH', collateralFactor: 7100, dynamicConfigKey: 1, latestConfigKey: 6 })]);
      expect(supply.inputs.account!.collateral[0]!.liquidationThreshold).toBe(7100);
    }
  });

  it('costs two requests on a first scan (key 1 guessed), then ONE: round two rides round one with keys 3 to 6 and the wallet’s key 1', async () => {
    const upstreams = createUpstreams({ endpoints: served.server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 5_000 }, env: {} });
    expect(await read(upstreams)).toEqual(served.captured[0]);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(2);
    expect(await read(upstreams)).toEqual(served.captured[1]);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(3);
    expect(served.server.misses).toEqual([]);
  });
});

describe('a v4 position on a key a first scan does not guess (5 of 0–6)', () => {
  const served = serveScans(5);

  it('asks that key in a third round on a first scan, and rides round one after', async () => {
    const upstreams = createUpstreams({ endpoints: served.server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 5_000 }, env: {} });
    expect(await read(upstreams)).toEqual(served.captured[0]);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(3);
    expect(served.captured[0]!.find((position) => position.inputs.role === 'supply')!.inputs.aaveV4!.collateral[0]).toMatchObject({ collateralFactor: 7500, dynamicConfigKey: 5 });
    expect(await read(upstreams)).toEqual(served.captured[1]);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(4);
    expect(served.server.misses).toEqual([]);
  });
});
