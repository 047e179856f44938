import { encodeAbiParameters, encodeEventTopics, getAddress, type Hex, numberToHex } from 'viem';
import { POLLING_EMITTER, pollCreatedEvent } from '../../../shared/modules/sky/polls/pollingEmitter.js';
import { MULTICALL3 } from '../../../shared/upstream/clients/ethereumReader.js';
import type { FetchFn } from '../../../shared/upstream/upstreamFetch.js';
import { HEAD, HEAD_TIME, type Exchange, type RestExchange } from './skyGovernanceChain.js';

/*
 * Sky's polls as the recordings hold them (test/fixtures/upstream/ethereum/sky-polls.json,
 * test/fixtures/upstream/github/sky-polls.json), answered by a stand-in node and GitHub API that
 * keep every exchange (`npx tsx test/modules/sky/recordSkyPolls.ts`).
 *
 * Real: two polls' texts in makerdao/community governance/polls (at the commit that added them,
 * 20ccfaa7, 2025-05-12): their titles, summaries, discussion links and stated moves
 * (ALLOCATOR-SPARK-A's maximum debt ceiling 5 → 10 billion USDS, a Sky ilk's; SparkLend's WBTC
 * liquidation threshold 45 → 40 %, Spark's, which Sky's module does not read: a signal). The file
 * bodies served are those facts re-written as front matter and one bullet, not the repository's
 * files. SYNTHETIC: the PollCreated logs (creator, ids, blocks, dates moved into the recording's
 * window, multiHash), and a third poll whose text is elsewhere, which is not listed.
 */
const COMMUNITY = 'https://raw.githubusercontent.com/makerdao/community';
const CREATOR = getAddress('0x0000000000000000000000000000000000000c0d');
const at = (iso: string) => Date.parse(iso) / 1000;

export const POLLS = [
  {
    pollId: 1601n,
    block: HEAD - 14_000n,
    start: at('2026-11-20T16:00:00Z'),
    end: at('2026-11-23T16:00:00Z'),
    ref: '20ccfaa7301458761041c702c4f60e633025fff2',
    path: 'governance/polls/Spark Liquidity Layer Mainnet - Increase ALLOCATOR-SPARK-A Maximum Debt Ceiling - May 12, 2025.md',
    markdown: [
      '---',
      'title: Spark Liquidity Layer Mainnet - Increase ALLOCATOR-SPARK-A Maximum Debt Ceiling - May 12, 2025',
      'summary: Signal your support or opposition to increasing the ALLOCATOR-SPARK-A Maximum Debt Ceiling.',
      'discussion_link: https://forum.sky.money/t/may-29-2025-proposed-changes-to-spark-for-upcoming-spell/26372',
      'options:',
      '   0: Abstain',
      '   1: Yes',
      '   2: No',
      'start_date: 2025-05-12T16:00:00',
      'end_date: 2025-05-15T16:00:00',
      '---',
      '## Review',
      '',
      '- Increase the ALLOCATOR-SPARK-A [Maximum Debt Ceiling (`line`)](https://sky-atlas.powerhouse.io/) by 5 billion USDS from 5 billion USDS to **10 billion USDS**.',
      '',
    ].join('\n'),
  },
  {
    pollId: 1598n,
    block: HEAD - 86_000n,
    start: at('2026-11-10T16:00:00Z'),
    end: at('2026-11-13T16:00:00Z'),
    ref: '20ccfaa7301458761041c702c4f60e633025fff2',
    path: 'governance/polls/SparkLend Ethereum - Reduce WBTC Liquidation Threshold - May 12, 2025.md',
    markdown: [
      '---',
      'title: SparkLend Ethereum - Reduce WBTC Liquidation Threshold - May 12, 2025',
      'summary: Signal your support or opposition to reducing the WBTC Liquidation Threshold on SparkLend on mainnet.',
      'discussion_link: https://forum.sky.money/t/may-29-2025-proposed-changes-to-spark-for-upcoming-spell/26372',
      'options:',
      '   0: Abstain',
      '   1: Yes',
      '   2: No',
      'start_date: 2025-05-12T16:00:00',
      'end_date: 2025-05-15T16:00:00',
      '---',
      '## Review',
      '',
      '- Reduce the WBTC [Liquidation Threshold](https://sky-atlas.powerhouse.io/) by 5 percentage points from 45% to **40%**.',
      '',
    ].join('\n'),
  },
] as const;

/** A SYNTHETIC poll anyone could emit, whose text is not in the community repository: never listed. */
const STRANGER = { pollId: 1602n, block: HEAD - 10_000n, start: at('2026-11-21T00:00:00Z'), end: at('2026-11-24T00:00:00Z'), url: 'https://example.invalid/poll.md' };

const urlOf = (poll: (typeof POLLS)[number]) => `${COMMUNITY}/${poll.ref}/${poll.path.split('/').map(encodeURIComponent).join('/')}`;
export const POLL_URLS = POLLS.map(urlOf);

function pollLog(poll: { pollId: bigint; block: bigint; start: number; end: number }, url: string) {
  return {
    address: POLLING_EMITTER.toLowerCase(),
    topics: encodeEventTopics({ abi: [pollCreatedEvent], eventName: 'PollCreated', args: { creator: CREATOR, pollId: poll.pollId } }),
    data: encodeAbiParameters(
      [{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'string' }, { type: 'string' }],
      [poll.block, BigInt(poll.start), BigInt(poll.end), `Qm${'s'.repeat(44)}`, url],
    ),
    blockNumber: numberToHex(poll.block),
    logIndex: '0x0',
    transactionIndex: '0x0',
    transactionHash: `0x${'b0'.repeat(32)}`,
    blockHash: `0x${poll.block.toString(16).padStart(64, '0')}`,
    removed: false,
  };
}
const LOGS = [...POLLS.map((poll) => ({ block: poll.block, log: pollLog(poll, urlOf(poll)) })), { block: STRANGER.block, log: pollLog(STRANGER, STRANGER.url) }];

function answer(call: { method: string; params?: unknown[] }): unknown {
  if (call.method === 'eth_chainId') return '0x1';
  if (call.method === 'eth_call') {
    const [tx] = call.params as [{ to: string; data: Hex }];
    if (tx.to.toLowerCase() !== MULTICALL3.toLowerCase()) throw new Error(`sky polls chain: no answer for ${tx.to}`);
    // getBlockNumber() 0x42cbb15c, getCurrentBlockTimestamp() 0x0f28c97d.
    if (tx.data.startsWith('0x42cbb15c')) return encodeAbiParameters([{ type: 'uint256' }], [HEAD]);
    if (tx.data.startsWith('0x0f28c97d')) return encodeAbiParameters([{ type: 'uint256' }], [BigInt(HEAD_TIME)]);
    throw new Error(`sky polls chain: no answer for ${tx.data.slice(0, 10)}`);
  }
  if (call.method === 'eth_getLogs') {
    const [filter] = call.params as [{ fromBlock: Hex; toBlock: Hex }];
    return LOGS.filter(({ block }) => block >= BigInt(filter.fromBlock) && block <= BigInt(filter.toBlock)).map(({ log }) => log);
  }
  throw new Error(`sky polls chain: ${call.method} is not served`);
}

/** A stand-in node and GitHub API (host github.invalid) answering the polls source, keeping every exchange. */
export function skyPollsNetwork() {
  const ethereum: Exchange[] = [];
  const github: RestExchange[] = [];
  const fetch: FetchFn = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.host === 'github.invalid') {
      const poll = POLLS.find((entry) => decodeURIComponent(url.pathname) === `/repos/makerdao/community/contents/${entry.path}` && url.searchParams.get('ref') === entry.ref);
      const status = poll ? 200 : 404;
      const body = poll ? { name: poll.path.split('/').at(-1), path: poll.path, type: 'file', encoding: 'base64', content: Buffer.from(poll.markdown).toString('base64') } : { message: 'Not Found' };
      github.push({ request: { method: 'GET', path: url.pathname, ...(url.search && { query: Object.fromEntries(url.searchParams) }) }, response: { status, body } });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }
    const payload = JSON.parse(String(init?.body)) as { id?: unknown; method: string; params?: unknown[] } | { id?: unknown; method: string; params?: unknown[] }[];
    const one = (call: { id?: unknown; method: string; params?: unknown[] }) => {
      const response = { jsonrpc: '2.0', result: answer(call) };
      ethereum.push({ request: { method: call.method, ...(call.params && { params: call.params }) }, response });
      return { ...response, id: call.id };
    };
    return new Response(JSON.stringify(Array.isArray(payload) ? payload.map(one) : one(payload)), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, ethereum, github };
}
