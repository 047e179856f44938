/**
 * Matching a wallet against a stored feed of 100 and of 10,000 proposals (issue 22 item 7: the
 * larger may cost at most 1.5× the smaller), CPU per scan (process.cpuUsage), with the index a feed
 * version builds once (shared/scan/proposalIndex.ts) and, beside it, the way before the index
 * (every proposal of the wallet's protocols simulated). The wallet is the demo evm wallet's positions
 * (every EVM module's demo data); the feed is the modules' demo proposals (those that touch it) and
 * synthetic copies of those whose reach the index files by asset or market, each copy's changes moved
 * to an asset and a market no module lists (`SYNTHETIC-n`), so the copies grow the feed and touch no
 * one: the shape of a long-lived feed, where most proposals concern other markets. Kinds a module's
 * own `touches` decides (Sky's savings rates, Morpho's vault caps) are filed protocol-wide and not
 * copied: a copy of an SSR change still reaches every sUSDS holder, whatever asset it names.
 */
import { demoWallet } from '../shared/demo/wallets.js';
import type { FeedProposal } from '../shared/domain/proposal.js';
import { modulesFor } from '../shared/modules/loaders.js';
import { registered } from '../shared/modules/registry.js';
import { candidateProposals, keyOfChange, proposalIndex } from '../shared/scan/proposalIndex.js';
import { simulateProposalInDetail } from '../shared/simulate/simulateProposal.js';
import type { Row } from './measure.js';

const NOW = new Date('2026-11-25T12:00:00Z');

const cpuMs = (work: () => unknown): number => {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

export async function benchFeedMatch(runs = 200): Promise<Row[]> {
  const wallet = demoWallet('evm');
  const modules = await Promise.all(modulesFor('evm').map(async (entry) => ({ slug: entry.slug as string, module: await entry.load() })));
  const positions = (await Promise.all(modules.map(({ module }) => module.demo.positions(wallet)))).flat();
  const slugs = modules.map(({ slug }) => slug);
  const demo = modules.flatMap(({ module }) => module.demo.proposals(NOW));
  const registry = await registered();
  const templates = demo.filter((proposal) => proposal.changes.length > 0 && proposal.changes.every((change) => keyOfChange(change, registry) !== '*'));
  const feedOf = (size: number): FeedProposal[] => [
    ...demo,
    ...Array.from({ length: size - demo.length }, (_, n): FeedProposal => {
      const template = templates[n % templates.length]!;
      return { ...template, id: `${template.id}-synthetic-${n}`, changes: template.changes.map((change) => ({ ...change, asset: `SYNTHETIC-${n}`, market: `synthetic-market-${n}` })) };
    }),
  ];
  const rows: Row[] = [];
  const group = `matching against the stored feed (demo evm wallet, ${positions.length} positions; CPU ms per scan, process.cpuUsage)`;
  const small = feedOf(100);
  const large = feedOf(10_000);
  const indexed = (feed: FeedProposal[]) => () => candidateProposals(proposalIndex(feed, registry), positions, slugs).map((proposal) => simulateProposalInDetail(proposal, positions, registry));
  const everyProposal = (feed: FeedProposal[]) => () => feed.filter((proposal) => slugs.includes(proposal.protocol)).map((proposal) => simulateProposalInDetail(proposal, positions, registry));
  const sample = (work: () => unknown) => {
    for (let i = 0; i < 3; i++) work();
    return Array.from({ length: runs }, () => cpuMs(work));
  };
  const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
  const buildLarge = cpuMs(() => proposalIndex(feedOf(10_000), registry));
  // In alternate turns, so a burst of load on the machine falls on both feeds alike.
  const smallIndexed: number[] = [];
  const largeIndexed: number[] = [];
  for (let i = 0; i < 3; i++) (indexed(small)(), indexed(large)());
  for (let run = 0; run < runs; run++) {
    smallIndexed.push(cpuMs(indexed(small)));
    largeIndexed.push(cpuMs(indexed(large)));
  }
  const ratio = median(largeIndexed) / median(smallIndexed);
  rows.push({ group, name: 'indexed, feed of 100 proposals', samples: smallIndexed, note: `${candidateProposals(proposalIndex(small, registry), positions, slugs).length} candidates` });
  rows.push({ group, name: 'indexed, feed of 10,000 proposals', samples: largeIndexed, compared: `${ratio.toFixed(2)}× the feed of 100`, note: `target ≤ 1.5× (${ratio <= 1.5 ? 'met' : 'not met'}); the index is built once per feed version: ${buildLarge.toFixed(1)} ms CPU for 10,000` });
  rows.push({ group, name: 'every proposal simulated (before the index), feed of 100', samples: sample(everyProposal(small)) });
  const largeEvery = sample(everyProposal(large));
  rows.push({ group, name: 'every proposal simulated (before the index), feed of 10,000', samples: largeEvery, compared: `${(median(largeEvery) / median(smallIndexed)).toFixed(1)}× the indexed feed of 100` });
  return rows;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { formatTable } = await import('./measure.js');
  console.log(formatTable(await benchFeedMatch()));
}
