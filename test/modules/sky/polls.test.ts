import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../shared/contract/proposal.js';
import { POLLING_EMITTER, pollCreatedEvent, pollWithdrawnEvent } from '../../../shared/modules/sky/polls/pollingEmitter.js';
import { pollStatus } from '../../../shared/modules/sky/polls/pollProposal.js';
import { parsePollText, pollChanges, pollTextLocation } from '../../../shared/modules/sky/polls/pollText.js';
import { skyPollSource } from '../../../shared/modules/sky/source.js';
import type { Fault } from '../../../shared/upstream/replay/faults.js';
import { upstreamCodeOf } from '../../support/faultCases.js';
import { TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';
import { POLL_FILES, recordSkyPolls } from './recordSkyPolls.js';
import { POLL_URLS } from './skyPollsChain.js';

const replay = useReplay();
const read = (upstreams = replay.upstreams()) => skyPollSource().readProposals({ signal: AbortSignal.timeout(5_000), now: new Date('2026-11-22T12:00:00Z'), upstreams });

describe('the contract polls are read from', () => {
  // The governance portal's ABI of the polling contract v1, where polls are created (test/fixtures/sky-polls/).
  const published = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/sky-polls/pollingOld-events@3ba2440.json'), 'utf8')) as { address: string; events: { name: string }[] };
  it('is the v1 PollingEmitter the portal creates polls on, not the v2 one that only batches votes', () => {
    expect(POLLING_EMITTER).toBe(published.address);
    expect(POLLING_EMITTER.toLowerCase()).not.toBe('0xd3a9fe267852281a1e6307a1c37cdfd76d39b133');
  });
  it('has the events the portal publishes for it: PollCreated and PollWithdrawn', () => {
    expect(published.events.find((event) => event.name === 'PollCreated')).toEqual({ ...pollCreatedEvent, anonymous: false });
    expect(published.events.find((event) => event.name === 'PollWithdrawn')).toEqual({ ...pollWithdrawnEvent, anonymous: false });
  });
});

describe('the recordings of Sky’s polls', () => {
  it('are what the polls source sends today, with the answers test/modules/sky/skyPollsChain.ts gives', async () => {
    const made = JSON.parse(JSON.stringify(await recordSkyPolls()));
    expect(JSON.parse(readFileSync(POLL_FILES.ethereum, 'utf8'))).toEqual(made.ethereum);
    expect(JSON.parse(readFileSync(POLL_FILES.github, 'utf8'))).toEqual(made.github);
  });
});

describe('sky polls source over HTTP (recorded chain and GitHub API)', () => {
  it('lists the polls whose text the community repository publishes, newest first, as votes by their chain dates', async () => {
    const items = await read();
    for (const item of items) expect(() => Proposal.parse(item)).not.toThrow();
    // The third poll points outside the community repository: anyone may emit one, so it is not listed.
    expect(items.map(({ id, status, mechanism, timeline }) => ({ id, status, mechanism, timeline }))).toEqual([
      { id: 'sky-poll-1601', status: 'active', mechanism: 'vote', timeline: { created: '2026-11-20T16:00:00Z', start: '2026-11-20T16:00:00Z', end: '2026-11-23T16:00:00Z' } },
      { id: 'sky-poll-1598', status: 'closed', mechanism: 'vote', timeline: { created: '2026-11-10T16:00:00Z', start: '2026-11-10T16:00:00Z', end: '2026-11-13T16:00:00Z' } },
    ]);
    expect(items[0]!.title).toBe('Spark Liquidity Layer Mainnet - Increase ALLOCATOR-SPARK-A Maximum Debt Ceiling - May 12, 2025');
    expect(items[0]!.sourceLinks![0]!.url).toBe(POLL_URLS[0]);
  });

  it('takes the move a poll’s text states (ALLOCATOR-SPARK-A’s ceiling 5 → 10 billion), unverified; a text stating none of Sky’s own (SparkLend’s WBTC threshold) is a signal without changes', async () => {
    const [spark, atlas] = await read();
    expect(spark!.changes).toEqual([{ protocol: 'sky', market: 'ALLOCATOR-SPARK-A', parameter: 'debtCeiling', from: 5e9, to: 1e10, unit: 'tokens', verified: false, evidence: expect.stringContaining('from 5 billion USDS to **10 billion USDS**') }]);
    expect(spark!.changeType).toBe('parameter');
    expect(atlas!.changes).toEqual([]);
    expect(atlas!.changeType).toBeUndefined();
    expect(atlas!.summary).toContain('a signal only');
  });
});

describe('the polls source under faults of its recorded upstreams', () => {
  const cases: [string, string, Fault, RegExp][] = [
    ['ethereum', 'down (503)', { kind: 'status', status: 503 }, /upstream_status/],
    ['ethereum', 'hanging', { kind: 'hang' }, /upstream_timeout/],
    ['ethereum', 'cut bodies', { kind: 'malformed' }, /upstream_malformed/],
    ['ethereum', 'another chain', { kind: 'wrongChain' }, /upstream_wrong_chain/],
    ['github', 'down (503)', { kind: 'status', status: 503 }, /upstream_status/],
    ['github', 'cut bodies', { kind: 'malformed' }, /upstream_malformed/],
  ];
  it.each(cases)('rejects, giving no partial list, when %s is %s', async (upstream, _, fault, expected) => {
    replay.server.faults.inject(upstream as 'ethereum', fault);
    // TEST_POLICY's short deadline: the hang case waits it out on each attempt.
    const error = await read(replay.upstreams({ ...TEST_POLICY, retries: 1 })).then(() => undefined, (reason: unknown) => reason);
    expect(upstreamCodeOf(error)).toMatch(expected);
  });
});

describe('a poll’s text (pure)', () => {
  it('is found only in the community repository’s governance/polls, by the URL’s commit and path', () => {
    expect(pollTextLocation(POLL_URLS[0]!)).toEqual({ repo: 'makerdao/community', ref: '20ccfaa7301458761041c702c4f60e633025fff2', path: 'governance/polls/Spark Liquidity Layer Mainnet - Increase ALLOCATOR-SPARK-A Maximum Debt Ceiling - May 12, 2025.md' });
    expect(pollTextLocation('https://raw.githubusercontent.com/sky-ecosystem/community/abc/governance/polls/x.md')?.repo).toBe('sky-ecosystem/community');
    expect(pollTextLocation('https://raw.githubusercontent.com/someone/community/abc/governance/polls/x.md')).toBeUndefined();
    expect(pollTextLocation('https://example.invalid/poll.md')).toBeUndefined();
  });

  it('reads a stability fee and a liquidation ratio stated the same way, and nothing from other words', () => {
    expect(pollChanges('- Reduce the ETH-A Stability Fee from 5.25% to **5%**.', 'e')).toMatchObject([{ market: 'ETH-A', parameter: 'stabilityFee', from: 525, to: 500, unit: 'bps' }]);
    expect(pollChanges('* Increase the WSTETH-B Liquidation Ratio from 150% to **175%**', 'e')).toMatchObject([{ market: 'WSTETH-B', parameter: 'mat', from: 1.5, to: 1.75, unit: 'fraction' }]);
    expect(pollChanges('- Onboard Unichain to the Spark Liquidity Layer.\n- Adjust the rate limits.', 'e')).toEqual([]);
    // A value the text does not give in the parameter's unit is no change rather than a guess.
    expect(pollChanges('- Increase the ETH-A Stability Fee from 5% to **a market rate**', 'e')).toEqual([]);
  });

  it('takes title, summary and discussion link from the front matter', () => {
    expect(parsePollText('---\ntitle: A poll\nsummary: Why\ndiscussion_link: https://forum.sky.money/t/1\n---\nbody', 'e')).toEqual({ title: 'A poll', summary: 'Why', discussionLink: 'https://forum.sky.money/t/1', changes: [] });
  });

  it('is pending before its start, active until its end, then closed; canceled once its creator withdraws it', () => {
    const poll = { startDate: 100, endDate: 200 };
    expect([pollStatus(poll, 50, false), pollStatus(poll, 150, false), pollStatus(poll, 250, false), pollStatus(poll, 150, true)]).toEqual(['pending', 'active', 'closed', 'canceled']);
  });
});
