import type { FeedProposal } from '../domain/proposal.js';
import { MODULES } from '../modules/registry.js';
import { demoWallet } from './wallets.js';

/**
 * A demo proposal by id (`{slug}-demo-{n}`), dated from `now` as scans of the demo wallets date
 * them, with a demo wallet it can be tried on; undefined for any other id. Loads only the one
 * module the id names (demo proposals live in their module's folder), and only when asked.
 */
export async function findDemoProposal(id: string, now: Date): Promise<{ proposal: FeedProposal; wallet: string } | undefined> {
  const info = MODULES.find((module) => id.startsWith(`${module.slug}-demo-`));
  if (!info) return undefined;
  const { moduleEntry } = await import('../modules/loaders.js');
  const module = await moduleEntry(info.slug).load();
  const proposal = module.demo.proposals(now).find((candidate) => candidate.id === id);
  return proposal && { proposal, wallet: demoWallet(info.addressKinds[0]!).address };
}
