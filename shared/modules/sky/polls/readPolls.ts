import { encodeEventTopics, type Hex, numberToHex, type PublicClient } from 'viem';
import type { FeedProposal } from '../../../domain/proposal.js';
import { verifyEthereumMainnet } from '../../../upstream/clients/ethereumChain.js';
import { MULTICALL3, multicall3Abi } from '../../../upstream/clients/ethereumReader.js';
import { getJson } from '../../../upstream/clients/getJson.js';
import { UpstreamError, upstreamMalformed } from '../../../upstream/errors.js';
import type { Upstream } from '../../../upstream/upstreams.js';
import { logWindows } from '../readSpBeamSets.js';
import { decodePollLog, POLLING_EMITTER, type PollCreated, pollCreatedEvent, pollWithdrawnEvent } from './pollingEmitter.js';
import { pollProposal } from './pollProposal.js';
import { parsePollText, type PollText, pollTextLocation } from './pollText.js';

/** At most this many polls (the newest) are listed: each costs one GitHub read until its text is kept. */
export const MAX_POLLS = 10;

const TOPICS = [[encodeEventTopics({ abi: [pollCreatedEvent], eventName: 'PollCreated' })[0], encodeEventTopics({ abi: [pollWithdrawnEvent], eventName: 'PollWithdrawn' })[0]]];

/** A poll's text at a commit never changes: kept once read, per GitHub upstream (a process's services hold one). */
const textsByUpstream = new WeakMap<Upstream, Map<string, PollText>>();

/**
 * Sky's polls created in the last 30 days: the emitter's PollCreated and PollWithdrawn logs over
 * the same windows as SP-BEAM's sets, the chain's head and time, and each poll's text from the
 * community repository on the GitHub API (contents at the poll URL's commit). A poll whose URL is
 * not the community repository's, or whose text is not there (404), is not listed (anyone can
 * emit a poll); a withdrawal counts only from the poll's creator. Any other failure fails the
 * source (the feed keeps its last good items).
 *
 * @throws UpstreamError
 */
export async function readPolls(client: PublicClient, github: Upstream, signal: AbortSignal): Promise<FeedProposal[]> {
  const [, head, time] = await Promise.all([
    verifyEthereumMainnet(client),
    client.readContract({ address: MULTICALL3, abi: multicall3Abi, functionName: 'getBlockNumber' }),
    client.readContract({ address: MULTICALL3, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' }),
  ]);
  const windows = await Promise.all(
    logWindows(head).map(([fromBlock, toBlock]) => client.request({ method: 'eth_getLogs', params: [{ address: POLLING_EMITTER, topics: TOPICS, fromBlock: numberToHex(fromBlock), toBlock: numberToHex(toBlock) }] })),
  );
  const created: PollCreated[] = [];
  const withdrawn = new Set<string>();
  for (const log of windows.flat() as { data: Hex; topics: Hex[] }[]) {
    if (!Array.isArray(log.topics) || log.topics.length === 0) throw upstreamMalformed('ethereum', new Error('a PollingEmitter log came without topics'));
    const decoded = decodePollLog({ data: log.data, topics: log.topics as [Hex, ...Hex[]] });
    if (decoded && 'created' in decoded) created.push(decoded.created);
    else if (decoded) withdrawn.add(`${decoded.withdrawn.creator.toLowerCase()}:${decoded.withdrawn.pollId}`);
  }
  const seenUrls = new Set<string>();
  const listed = created
    .filter((poll) => pollTextLocation(poll.url) && !seenUrls.has(poll.url) && seenUrls.add(poll.url))
    .sort((a, b) => b.pollId - a.pollId)
    .slice(0, MAX_POLLS);
  const items = await Promise.all(
    listed.map(async (poll) => {
      const text = await pollText(github, poll, signal);
      return text && pollProposal(poll, text, Number(time), withdrawn.has(`${poll.creator.toLowerCase()}:${poll.pollId}`));
    }),
  );
  return items.filter((item): item is FeedProposal => item !== undefined);
}

async function pollText(github: Upstream, poll: PollCreated, signal: AbortSignal): Promise<PollText | undefined> {
  let texts = textsByUpstream.get(github);
  if (!texts) textsByUpstream.set(github, (texts = new Map()));
  const known = texts.get(poll.url);
  if (known) return known;
  const location = pollTextLocation(poll.url)!;
  let file: { content?: unknown; encoding?: unknown };
  try {
    file = await getJson(github, `/repos/${location.repo}/contents/${location.path.split('/').map(encodeURIComponent).join('/')}`, { query: { ref: location.ref }, signal });
  } catch (error) {
    // Not in the repository at that commit: not a poll of Sky's governance.
    if (error instanceof UpstreamError && error.code === 'upstream_status' && /HTTP 404/.test(error.message)) return undefined;
    throw error;
  }
  if (file.encoding !== 'base64' || typeof file.content !== 'string') throw upstreamMalformed(github.id, new Error(`${location.path} came without base64 content`));
  const text = parsePollText(Buffer.from(file.content, 'base64').toString('utf8'), `poll ${poll.pollId} text (${location.repo} ${location.path}@${location.ref.slice(0, 7)})`);
  texts.set(poll.url, text);
  return text;
}
