import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../shared/address/types.js';
import { BASE, ETHEREUM } from '../../shared/modules/morpho/deployment.js';
import { EXPOSURE_READS } from '../../shared/modules/morpho/exposure/blueMarkets.js';
import { morphoExposure } from '../../shared/modules/morpho/exposure/morphoExposure.js';
import { PartialPositions } from '../../shared/modules/partialPositions.js';
import { MODULE_INFOS } from '../../shared/modules/registry.js';
import { ENDPOINTS, UPSTREAM_IDS } from '../../shared/upstream/endpoints.js';
import type { ReplayServer } from '../../shared/upstream/replay/replayServer.js';
import type { Upstreams } from '../../shared/upstream/upstreams.js';
import { replayedChains } from './morpho/replayedChains.js';
import { baseHolderState, HOLDER, holderState, MOONWELL_USDC_HOLDING } from './morpho/syntheticHolder.js';

/*
 * The modules' notes are served word for word in /llms.txt, the OpenAPI description and docs/api.md.
 * Each claim a note makes that the code can settle is checked here against the module's own
 * declarations or against what the module does (issue 19: Morpho's note said a failure of either
 * chain failed its positions, while the code kept the other chain's).
 */

/** The chain or service an upstream names first (`Base JSON-RPC` → Base), where that word can only mean it. */
const upstreamWords = UPSTREAM_IDS.map((id) => ({ id, word: ENDPOINTS[id].what.split(/[\s:(]/)[0]! })).filter(({ word }) => word.length >= 4);
const chainsIn = (phrase: string | undefined) => (phrase ?? '').split(/,\s*|\s+and\s+/).map((name) => name.trim().toLowerCase());

describe.each(MODULE_INFOS.filter((module) => (module.notes ?? []).length > 0).map((module) => [module.slug, module] as const))('the notes of %s', (_, module) => {
  const notes = (module.notes ?? []).join(' ');

  it('name only chains and services the module declares it reads', () => {
    for (const { id, word } of upstreamWords) {
      if (!new RegExp(`\\b${word}\\b`).test(notes)) continue;
      const declared = module.upstreams.some((use) => ENDPOINTS[use.id].what.startsWith(word));
      expect(declared, `${module.slug}'s notes name ${word} (${id}), which it does not declare in upstreams`).toBe(true);
    }
  });

  it('name only Snapshot spaces the module reads', () => {
    for (const space of notes.match(/\b[\w-]+\.eth\b/g) ?? []) {
      expect(module.upstreams.some((use) => use.for.includes(space)), `${space} is not among ${module.slug}'s upstreams`).toBe(true);
    }
  });

  it('name only priced coins the module prices', () => {
    const priced = Object.keys(module.pricedAssets ?? {});
    for (const match of notes.matchAll(/valued through [^.]*? in ([A-Z]{2,5})\b/g)) expect(priced).toContain(match[1]);
  });
});

describe('the morpho notes against what the module reads and does', () => {
  const notes = MODULE_INFOS.find((module) => module.slug === 'morpho')!.notes!.join(' ');
  const named = (phrase: RegExp) => chainsIn(phrase.exec(notes)?.[1]).sort();

  it('name the chains whose vaults the module lists, for its proposals and its positions', () => {
    const withVaults = [ETHEREUM, BASE].filter((chain) => chain.vaults.length > 0).map((chain) => chain.name).sort();
    expect(named(/MetaMorpho vaults on ([A-Z][a-z]+(?:(?:, | and )[A-Z][a-z]+)*)/)).toEqual(withVaults);
    expect(named(/shares of the listed vaults on ([A-Z][a-z]+(?:(?:, | and )[A-Z][a-z]+)*)/)).toEqual(withVaults);
  });

  it('name the chains whose Morpho Blue markets the exposure reads', () => {
    const withMarkets = Object.entries(EXPOSURE_READS).filter(([, reads]) => reads.markets.length > 0).map(([chain]) => chain).sort();
    expect(named(/Morpho Blue markets on ([A-Z][a-z]+(?:(?:, | and )[A-Z][a-z]+)*)/)).toEqual(withMarkets);
  });

  describe('say that one chain’s failure keeps the other chain’s positions, which the exposure does', () => {
    // SYNTHETIC holder (syntheticHolder.ts): a Morpho Blue borrow on Ethereum, Moonwell Flagship USDC shares on Base.
    const wallet: Wallet = { kind: 'evm', address: HOLDER };
    const read = (upstreams: Upstreams) => morphoExposure().readPositions(wallet, { signal: AbortSignal.timeout(5_000), now: new Date('2026-11-22T12:00:00Z'), upstreams });
    let server: ReplayServer;
    let upstreams: (policy?: { retries?: number }) => Upstreams;
    beforeAll(async () => {
      ({ server, upstreams } = await replayedChains({ ethereum: holderState({ vaultShares: 0n }), base: baseHolderState(MOONWELL_USDC_HOLDING) }, read));
    });
    afterAll(async () => server?.close());

    it('is what the note says', () => {
      expect(notes).toContain('when one cannot be read, the other chain’s positions are kept and the answer is partial');
      expect(notes).not.toMatch(/failure of either chain fails/);
    });

    it.each([
      ['ethereum', ['metamorpho-base-moonwell-flagship-usdc']],
      ['base', ['morpho-blue-wsteth-usdc-86-borrow', 'morpho-blue-wsteth-usdc-86-collateral']],
    ] as const)('%s down: the other chain’s positions are kept (PartialPositions)', async (down, kept) => {
      server.faults.inject(down, { kind: 'status', status: 503 });
      const outcome = await read(upstreams({ retries: 0 })).then((positions) => positions, (error: unknown) => error);
      server.faults.clear();
      expect(outcome).toBeInstanceOf(PartialPositions);
      expect((outcome as PartialPositions).positions.map(({ position }) => position.id)).toEqual(kept);
    });

    it('both down: nothing is read, and the exposure fails', async () => {
      server.faults.inject('ethereum', { kind: 'status', status: 503 });
      server.faults.inject('base', { kind: 'status', status: 503 });
      const outcome = await read(upstreams({ retries: 0 })).then((positions) => positions, (error: unknown) => error);
      server.faults.clear();
      expect(outcome).toBeInstanceOf(Error);
      expect(outcome).not.toBeInstanceOf(PartialPositions);
    });
  });
});
