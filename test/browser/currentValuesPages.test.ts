import { MsgUpdateParams } from 'cosmjs-types/cosmos/distribution/v1beta1/tx';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import { decodeParameterChanges } from '../../shared/modules/cosmoshub/decodeParameterChanges.js';
import { readMessages, TYPE_URLS } from '../../shared/modules/cosmoshub/readMessages.js';
import { moduleEntry } from '../../shared/modules/loaders.js';
import type { ModuleEntry, ProtocolModule } from '../../shared/modules/types.js';
import { loadFixtures } from '../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../shared/upstream/replay/replayServer.js';
import { recordingOf } from '../../shared/upstream/recording.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { feedProposal } from '../support/feed.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { TEST_POLICY } from '../upstream/replayHarness.js';
import { BROWSER_READY, useBrowser } from './chromium.js';

/*
 * Issue #21 item 4, for Lido and the Cosmos Hub (modelled on proposalPages.test.ts's Aave/Compound
 * check): under UPSTREAM=recorded the feed build reads an open proposal's old values from the
 * replay recordings, and its /p page shows them instead of "not read on chain yet".
 * - Lido: Easy Track motion 812, the recordings' open Lido item with changes (its vault and the
 *   connection read, test/fixtures/upstream/ethereum/lido-current-values.json, are SYNTHETIC).
 * - Cosmos Hub: no recorded Hub proposal is open with parameter changes (#936 is a text proposal,
 *   #926 a community spend), so the Hub's source here also returns one SYNTHETIC open proposal,
 *   modelled on Prop 996 (x/distribution MsgUpdateParams, community tax 0.10 → 0.02), its changes
 *   decoded by the module from that message, as the source decodes them.
 */
const NOW = new Date('2026-11-22T12:00:00Z');
const server = useServer(() => testServices({ now: () => NOW, config: { moduleDeadlineMs: 3_000 } }));
const browser = useBrowser();

/** Prop 996's message, re-encoded (SYNTHETIC: the authority is the gov module account; the deprecated proposer rewards 0, as SDK 0.47 sets them). */
const revertTax = {
  typeUrl: TYPE_URLS.distributionUpdateParams,
  value: MsgUpdateParams.encode(
    MsgUpdateParams.fromPartial({ authority: 'cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn', params: { communityTax: '20000000000000000', baseProposerReward: '0', bonusProposerReward: '0', withdrawAddrEnabled: true } }),
  ).finish(),
};

/** The synthetic open proposal, its changes diffed against the recorded community tax (0.1) as the source does. */
const SYNTHETIC: FeedProposal = feedProposal({
  id: 'cosmoshub-gov-synthetic-996',
  protocol: 'cosmoshub',
  status: 'active',
  title: 'SYNTHETIC: Revert community pool tax rate to 2 % (modelled on Prop 996)',
  timeline: { created: '2026-11-15T00:00:00Z', start: '2026-11-15T00:00:00Z', end: '2026-11-29T00:00:00Z' },
  changes: decodeParameterChanges(readMessages([revertTax]), { communityTax: 0.1 }),
});

/** The Cosmos Hub module with its recorded source's proposals and the synthetic one. */
function hubWithSynthetic(): ModuleEntry {
  const entry = moduleEntry('cosmoshub');
  return {
    ...entry,
    load: async (): Promise<ProtocolModule> => {
      const module = await entry.load();
      const gov = module.source.gov!;
      return { ...module, source: { gov: { readProposals: async (context) => [...(await gov.readProposals(context)), SYNTHETIC] } } };
    },
  } as ModuleEntry;
}

let replay: ReplayServer;
beforeAll(async () => {
  const fixtures = await loadFixtures();
  replay = await startReplayServer({ fixtures });
  const upstreams = { ...createUpstreams({ endpoints: replay.endpoints, policy: { ...TEST_POLICY, deadlineMs: 2_000 }, env: {} }), recording: recordingOf(fixtures) };
  server.services.upstreams = upstreams;
  const built = await buildFeed({ modules: [moduleEntry('lido'), hubWithSynthetic()], store: server.services.feedStore, now: () => NOW, deadlineMs: 20_000, upstreams });
  expect(built.written).toBe(true);
});
afterAll(async () => {
  await replay?.close();
});

/** The "now on chain" cell of the row whose parameter reads so, as a person sees it. */
async function chainCell(page: Page, parameter: string): Promise<string> {
  const row = page.locator('table.changes tbody tr').filter({ has: page.locator('td[data-label="Parameter"]', { hasText: parameter }) });
  expect(await row.count(), parameter).toBe(1);
  return (await row.locator('td[data-label="Now on chain"]').innerText()).replace(/[ \t\n]+/g, ' ');
}

describe.skipIf(!BROWSER_READY)('Lido and Cosmos Hub proposal pages show the old value read on chain (#21 item 4)', () => {
  it('shows the recorded Lido motion’s stVault fees as the chain holds them: already its new values, since motion 811 set them', async () => {
    const { page, errors } = await browser.open(1280);
    await page.goto(`${server.url}/p/lido-easytrack-812`);
    expect(await page.locator('table.changes caption').innerText()).toContain('“now on chain” is the value read from the recorded chain');
    expect(await chainCell(page, 'infrastructure fee')).toBe('1\u00a0% already the new value');
    expect(await chainCell(page, 'liquidity fee')).toBe('6.5\u00a0% already the new value');
    expect(await chainCell(page, 'reservation fee')).toBe('0\u00a0% already the new value');
    expect(await page.locator('table.changes').innerText()).not.toContain('not read on chain yet');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the synthetic open Hub proposal’s community tax as the recorded chain holds it, agreeing with its stated old value', async () => {
    const { page, errors } = await browser.open(360);
    await page.goto(`${server.url}/p/cosmoshub-gov-synthetic-996`);
    expect(await chainCell(page, 'community tax')).toBe('10\u00a0% agrees with “before”');
    expect(await page.locator('table.changes').innerText()).not.toContain('not read on chain yet');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
