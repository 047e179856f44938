import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { skyPollSource } from '../../../shared/modules/sky/source.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { skyPollsNetwork } from './skyPollsChain.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/upstream');
export const POLL_FILES = { ethereum: join(FIXTURES, 'ethereum/sky-polls.json'), github: join(FIXTURES, 'github/sky-polls.json') };

const REFERENCES = [
  'makerdao/community governance/polls/Spark Liquidity Layer Mainnet - Increase ALLOCATOR-SPARK-A Maximum Debt Ceiling - May 12, 2025.md @20ccfaa7301458761041c702c4f60e633025fff2 (title, summary, discussion_link, the stated move)',
  'makerdao/community governance/polls/SparkLend Ethereum - Reduce WBTC Liquidation Threshold - May 12, 2025.md @20ccfaa7301458761041c702c4f60e633025fff2 (title, summary, discussion_link, the stated move)',
  'PollingEmitter v1 0xF9be8F0945acDdeeDaA64DFCA5Fe9629D0CF8E5D, where polls are created (makerdao/governance-portal-v2 @3ba2440a modules/contracts/contracts.ts pollingOld, hooks/usePollCreate.ts; makerdao/gov-polling-db @68fdfd3 transformers/PollingTransformer.js VOTING_CONTRACT_ADDRESS): PollCreated(address indexed creator, uint256 blockCreated, uint256 indexed pollId, uint256 startDate, uint256 endDate, string multiHash, string url), as abis/mainnet/pollingOld.json declares it',
];

/** Both recordings, made by running the polls source against the stand-in network: the exact requests it sends. */
export async function recordSkyPolls() {
  const network = skyPollsNetwork();
  const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/', github: 'http://github.invalid' }, fetch: network.fetch, env: {} });
  await skyPollSource().readProposals({ signal: AbortSignal.timeout(10_000), now: new Date('2026-11-22T12:00:00Z'), upstreams });
  return {
    ethereum: {
      upstream: 'ethereum',
      protocol: 'json-rpc',
      description:
        'Sky polls on Ethereum: the head and the chain’s time, and the PollingEmitter’s PollCreated and PollWithdrawn logs of the last 30 days. SYNTHETIC logs (creator, poll ids, blocks, dates in the recording’s window, multiHash) pointing at two real poll texts in makerdao/community, and a third poll whose text is elsewhere (test/modules/sky/skyPollsChain.ts).',
      source: { kind: 'encoded', module: 'sky', stateAt: '2026-11-22T12:00:00.000Z', references: REFERENCES, notes: 'Encoded with the emitter’s event ABI by test/modules/sky/recordSkyPolls.ts; JSON-RPC ids dropped.' },
      exchanges: network.ethereum,
    },
    github: {
      upstream: 'github',
      protocol: 'rest',
      description:
        'Two poll texts of makerdao/community on the GitHub API, at the commit that added them (2025-05-12), their front matter and stated move re-written from the files’ values (test/modules/sky/skyPollsChain.ts), not the repository’s files.',
      source: { kind: 'encoded', module: 'sky', references: REFERENCES.slice(0, 2), notes: 'Bodies carry only the values parsePollText reads; GitHub’s other fields (sha, urls, size) left out.' },
      exchanges: network.github,
    },
  };
}

if (process.argv[1]?.endsWith('recordSkyPolls.ts')) {
  const files = await recordSkyPolls();
  writeFileSync(POLL_FILES.ethereum, `${JSON.stringify(files.ethereum, null, 1)}\n`);
  writeFileSync(POLL_FILES.github, `${JSON.stringify(files.github, null, 1)}\n`);
}
