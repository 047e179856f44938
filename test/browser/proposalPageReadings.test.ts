import { getAddressDecoder } from '@solana/kit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import { moduleEntry } from '../../shared/modules/loaders.js';
import { loadFixtures } from '../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../shared/upstream/replay/replayServer.js';
import { recordingOf } from '../../shared/upstream/recording.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { TEST_POLICY } from '../upstream/replayHarness.js';
import { BROWSER_READY, useBrowser } from './chromium.js';

/*
 * Issue #21 item 4 for the XRP Ledger and Jito: `/p/{id}` shows the value read on chain when the
 * feed was built under `UPSTREAM=recorded`, not "not read on chain yet". The XRPL's open proposals
 * are the recorded ones (the two amendments in majority of xrpl-ledger-entries.json). No Jito
 * proposal is recorded (test/fixtures/upstream/solana/jito.md), so its open proposal here is
 * SYNTHETIC (a SetFee vote shaped as decodeProposalTransactions states one, served by a jito module
 * whose source returns it); its old values are read by the real reader from the recorded JitoSOL
 * pool (solana/jito-current-values.md: epoch fee 4 %, stake withdrawal fee 0.1 %).
 */
const NOW = new Date('2026-11-22T12:00:00Z');
const server = useServer(() => testServices({ now: () => NOW, config: { moduleDeadlineMs: 3_000 } }));
const browser = useBrowser();

/** A SYNTHETIC proposal account address: 32 repeated bytes, plainly no one's. */
const SYNTHETIC_PUBKEY = getAddressDecoder().decode(new Uint8Array(32).fill(30));
const JITO_ID = `jito-realms-${SYNTHETIC_PUBKEY}`;
const FIX_EMPTY_DID = 'xrpl-amendment-755C971C29971C9F20C6F080F2ED96F87884E40AD19554A5EBECDCEC8A1F77FE';

const SYNTHETIC_JITO: FeedProposal = {
  id: JITO_ID,
  protocol: 'jito',
  title: 'SYNTHETIC test proposal: raise the JitoSOL epoch fee to 5 %',
  summary: 'SYNTHETIC test proposal made in test/browser/proposalPageReadings.test.ts.',
  description: 'SYNTHETIC test proposal made in test/browser/proposalPageReadings.test.ts; no such Jito proposal exists.',
  status: 'active',
  votes: {},
  timeline: { created: '2026-11-20T00:00:00Z', start: '2026-11-20T00:00:00Z', end: '2026-11-25T00:00:00Z' },
  changeType: 'parameter',
  changes: [
    { protocol: 'jito', asset: 'JitoSOL', parameter: 'rewardFee', from: 0.04, to: 0.05, unit: 'fraction', evidence: 'spl-stake-pool SetFee(Epoch 5/100) (SYNTHETIC)', verified: true },
    { protocol: 'jito', asset: 'JitoSOL', parameter: 'withdrawalFee', to: 0.002, unit: 'fraction', evidence: 'spl-stake-pool SetFee(StakeWithdrawal 2/1000) (SYNTHETIC)', verified: true },
  ],
  firstSeen: '2026-11-20T00:00:00Z',
};

let replay: ReplayServer | undefined;
beforeAll(async () => {
  const fixtures = await loadFixtures();
  replay = await startReplayServer({ fixtures });
  const upstreams = { ...createUpstreams({ endpoints: replay.endpoints, policy: { ...TEST_POLICY, deadlineMs: 2_000 }, env: {} }), recording: recordingOf(fixtures) };
  server.services.upstreams = upstreams;
  const jito = moduleEntry('jito');
  // The jito module as it is, but for its source, which serves the SYNTHETIC proposal.
  const syntheticJito = { ...jito, load: async () => ({ ...(await jito.load()), source: { realms: { readProposals: async () => [SYNTHETIC_JITO] } } }) };
  const built = await buildFeed({ modules: [moduleEntry('xrpl'), syntheticJito], store: server.services.feedStore, now: () => NOW, deadlineMs: 20_000, upstreams });
  expect(built.written).toBe(true);
  expect(built.outcomes.every((outcome) => outcome.ok)).toBe(true);
});
afterAll(async () => {
  await replay?.close();
});

/** The "now on chain" cell of the row whose parameter and subject read so, as a person sees it. */
async function chainCell(page: Page, parameter: string, subject: string): Promise<string> {
  const row = page.locator('table.changes tbody tr').filter({ has: page.locator('td[data-label="Parameter"]', { hasText: parameter }) }).filter({ has: page.locator('td[data-label="Applies to"]', { hasText: subject }) });
  expect(await row.count(), `${parameter} of ${subject}`).toBe(1);
  return (await row.locator('td[data-label="Now on chain"]').innerText()).replace(/[ \t\n]+/g, ' ');
}

describe.skipIf(!BROWSER_READY)('the value read on chain on the XRP Ledger’s and Jito’s proposal pages (#21 item 4)', () => {
  it('shows a recorded open amendment as not enabled on the recorded ledger', async () => {
    const { page, errors } = await browser.open(1280);
    expect((await page.goto(`${server.url}/p/${FIX_EMPTY_DID}`))!.status()).toBe(200);
    expect(await page.locator('table.changes caption').innerText()).toContain('“now on chain” is the value read from the recorded chain');
    const cells = await page.locator('table.changes tbody td[data-label="Now on chain"]').allInnerTexts();
    expect(cells.map((cell) => cell.replace(/[ \t\n]+/g, ' '))).toEqual(['not enabled the value it replaces (none stated)']);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a SYNTHETIC open Jito fee vote beside the recorded JitoSOL pool’s fees', async () => {
    const { page, errors } = await browser.open(1280);
    expect((await page.goto(`${server.url}/p/${JITO_ID}`))!.status()).toBe(200);
    // The proposal says the epoch fee was 4 %, and so does the recorded pool; it states no old withdrawal fee.
    expect(await chainCell(page, 'Fee on rewards', 'JitoSOL')).toBe('4\u00a0% agrees with “before”');
    expect(await chainCell(page, 'Fee on withdrawing', 'JitoSOL')).toBe('0.1\u00a0% the value it replaces (none stated)');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
