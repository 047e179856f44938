import type { Abi, Hex } from 'viem';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import { moduleEntry } from '../../shared/modules/loaders.js';
import { sparkCurrentValues } from '../../shared/modules/spark/currentValues.js';
import { SPARKLEND_ETHEREUM } from '../../shared/modules/spark/exposure/deployment.js';
import { getConfigurationAbi } from '../../shared/readers/lendingPool/getConfiguration.js';
import { type FixtureFile, loadFixtures } from '../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../shared/upstream/replay/replayServer.js';
import { recordingOf } from '../../shared/upstream/recording.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { fakeEvmNode } from '../support/fakeEvmNode.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { missesOnRecordedUpstreams, TEST_POLICY } from '../upstream/replayHarness.js';
import { BROWSER_READY, useBrowser } from './chromium.js';

/*
 * Issue #21 item 4 for Morpho, Sky and Spark: `/p/{id}` shows the value read on chain when the feed
 * was built under `UPSTREAM=recorded`, not "not read on chain yet". Morpho's and Sky's open
 * proposals are the recorded ones, their old values read from morpho-current-values.json and
 * sky-current-values.json. No open Spark proposal is recorded (the StarGuard's newest payload is
 * past its deadline at the recording's date), so Spark's here is SYNTHETIC, served by a spark module
 * whose source returns it: the 2026-04-23 payload's rETH LTV cut with the old value spark-spells'
 * diff report states (79 %), read by the real reader from a pool answer made here (SYNTHETIC word
 * holding that real LTV, never written to fixtures).
 */
const NOW = new Date('2026-11-22T12:00:00Z');
const server = useServer(() => testServices({ now: () => NOW, config: { moduleDeadlineMs: 3_000 } }));
const browser = useBrowser();

const SPARK_ID = 'spark-starguard-0x5555555555555555555555555555555555555555';
const SYNTHETIC_SPARK: FeedProposal = {
  id: SPARK_ID,
  protocol: 'spark',
  title: 'SYNTHETIC test proposal: rETH loan-to-value to 0 on SparkLend',
  summary: 'SYNTHETIC test proposal made in test/browser/proposalPageReadingsEvm.test.ts.',
  description: 'SYNTHETIC test proposal made in test/browser/proposalPageReadingsEvm.test.ts; its change is the 2026-04-23 Spark payload’s, its proposal is not.',
  status: 'passed',
  votes: {},
  timeline: { created: '2026-11-20T00:00:00Z', end: '2026-11-27T00:00:00Z' },
  changeType: 'parameter',
  changes: [{ protocol: 'spark', market: SPARKLEND_ETHEREUM.market, asset: 'rETH', parameter: 'ltv', from: 7900, to: 0, unit: 'bps', evidence: 'collateralsUpdates() (SYNTHETIC proposal)', verified: true }],
  firstSeen: '2026-11-20T00:00:00Z',
};
/** SYNTHETIC word: rETH LTV 7900 (real, spark-spells diffs/20260423-…), LT 8000, bonus 5 %, 18 decimals, active. */
const RETH_WORD = 7900n | (8000n << 16n) | (10_500n << 32n) | (18n << 48n) | (1n << 56n);

/** The Spark reader's one aggregated read of the synthetic proposal, answered with RETH_WORD. */
async function sparkPoolAnswer(): Promise<FixtureFile> {
  const node = fakeEvmNode([getConfigurationAbi as unknown as Abi], {
    chainId: '0x1',
    answer: (call) => ((call.args[0] as Hex).toLowerCase() === '0xae78736cd615f374d3085123a210448e74fc6393' ? { abi: getConfigurationAbi as unknown as Abi, result: { data: RETH_WORD } } : undefined),
  });
  await sparkCurrentValues().readCurrentValues(SYNTHETIC_SPARK.changes, { signal: AbortSignal.timeout(5_000), now: NOW, upstreams: createUpstreams({ env: {}, fetch: node.fetch }) });
  return {
    upstream: 'ethereum',
    protocol: 'json-rpc',
    description: 'SYNTHETIC: SparkLend getConfiguration(rETH), made in test/browser/proposalPageReadingsEvm.test.ts',
    source: { kind: 'encoded', references: ['sparkdotfi/spark-spells @372770a diffs/20260423-… (rETH ltv 7900)'] },
    exchanges: node.exchanges.filter((exchange) => exchange.request.method === 'eth_call'),
  } as FixtureFile;
}

let replay: ReplayServer | undefined;
let fixtures: FixtureFile[] = [];
beforeAll(async () => {
  fixtures = [...(await loadFixtures()), await sparkPoolAnswer()];
  replay = await startReplayServer({ fixtures });
  const upstreams = { ...createUpstreams({ endpoints: replay.endpoints, policy: { ...TEST_POLICY, deadlineMs: 2_000 }, env: {} }), recording: recordingOf(fixtures) };
  server.services.upstreams = upstreams;
  const spark = moduleEntry('spark');
  // The spark module as it is, but for its source, which serves the SYNTHETIC proposal.
  const syntheticSpark = { ...spark, load: async () => ({ ...(await spark.load()), source: { starguard: { readProposals: async () => [SYNTHETIC_SPARK] } } }) };
  const built = await buildFeed({ modules: [moduleEntry('morpho'), moduleEntry('sky'), syntheticSpark], store: server.services.feedStore, now: () => NOW, deadlineMs: 20_000, upstreams });
  expect(built.written).toBe(true);
  // Every current-value read was answered by a recording (Base and morpho.eth are unrecorded sources, not reads).
  expect(missesOnRecordedUpstreams(replay, fixtures).filter((miss) => miss.upstream === 'ethereum').map((miss) => miss.request.slice(0, 300))).toEqual([]);
}, 60_000);
afterAll(async () => {
  await replay?.close();
});

/** The "now on chain" cells of a proposal page, as a person reads them. */
async function chainCells(page: Page, id: string): Promise<string[]> {
  expect((await page.goto(`${server.url}/p/${id}`))!.status()).toBe(200);
  expect(await page.locator('table.changes caption').innerText()).toContain('“now on chain” is the value read from the recorded chain');
  return (await page.locator('table.changes tbody td[data-label="Now on chain"]').allInnerTexts()).map((cell) => cell.replace(/[ \t\n]+/g, ' '));
}

describe.skipIf(!BROWSER_READY)('the value read on chain on Morpho’s, Sky’s and Spark’s proposal pages (#21 item 4)', () => {
  it('shows a recorded pending Morpho cap raise beside the cap the vault holds, agreeing with the stated one', async () => {
    const { page, errors } = await browser.open(1280);
    expect(await chainCells(page, 'morpho-ethvaults-21590000-6')).toEqual([expect.stringMatching(/^400,000,000 .*agrees with “before”$/)]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a recorded open Sky spell’s and poll’s old values as the published after-state holds them', async () => {
    const { page, errors } = await browser.open(1280);
    expect(await chainCells(page, 'sky-spell-0x5000000000000000000000000000000000001121')).toEqual([expect.stringMatching(/^150,000,000 .*agrees with “before”$/)]);
    // Poll 1601 proposed 5 B → 10 B in May 2025; the 2026-05-07 after-state already holds 10 B.
    expect(await chainCells(page, 'sky-poll-1601')).toEqual([expect.stringMatching(/^10,000,000,000 .*already the new value$/)]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a SYNTHETIC open Spark proposal beside SparkLend’s rETH LTV', async () => {
    const { page, errors } = await browser.open(1280);
    expect(await chainCells(page, SPARK_ID)).toEqual(['79\u00a0% agrees with “before”']);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
