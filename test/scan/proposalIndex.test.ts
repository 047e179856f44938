import { describe, expect, it } from 'vitest';
import { DEMO_WALLETS } from '../../shared/demo/wallets.js';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { modulesFor } from '../../shared/modules/loaders.js';
import { registered } from '../../shared/modules/registry.js';
import { candidateProposals, proposalIndex } from '../../shared/scan/proposalIndex.js';
import { simulateProposalInDetail } from '../../shared/simulate/simulateProposal.js';

const NOW = new Date('2026-11-25T12:00:00Z');

/** Every demo wallet with its modules' demo positions, and every module's demo proposals: the feed the index is checked on. */
async function demoData() {
  const wallets = await Promise.all(
    DEMO_WALLETS.map(async (wallet) => {
      const modules = await Promise.all(modulesFor(wallet.kind).map(async (entry) => ({ slug: entry.slug, module: await entry.load() })));
      const positions = (await Promise.all(modules.map(({ module }) => module.demo.positions(wallet)))).flat();
      return { wallet, slugs: modules.map(({ slug }) => slug as string), positions, proposals: modules.flatMap(({ module }) => module.demo.proposals(NOW)) };
    }),
  );
  const proposals: FeedProposal[] = [...new Map(wallets.flatMap((entry) => entry.proposals).map((proposal) => [proposal.id, proposal])).values()];
  return { wallets, proposals };
}

describe('the stored feed indexed by protocol, market and asset (shared/scan/proposalIndex.ts)', () => {
  it('leaves out no proposal the simulator finds touching a demo wallet', async () => {
    const { wallets, proposals } = await demoData();
    const modules = await registered();
    const index = proposalIndex(proposals, modules);
    let touching = 0;
    for (const { slugs, positions } of wallets) {
      const candidates = new Set(candidateProposals(index, positions, slugs).map((proposal) => proposal.id));
      for (const proposal of proposals.filter((item) => slugs.includes(item.protocol))) {
        if (simulateProposalInDetail(proposal, positions, modules) === null) continue;
        touching += 1;
        expect(candidates.has(proposal.id), proposal.id).toBe(true);
      }
    }
    // The check has something to check: the demo wallets are touched by several demo proposals.
    expect(touching).toBeGreaterThan(5);
  });

  it('leaves out a proposal whose every change names an asset and a market the wallet does not hold, and keeps its copy naming the wallet’s asset', async () => {
    const { wallets, proposals } = await demoData();
    const modules = await registered();
    const evm = wallets.find(({ wallet }) => wallet.kind === 'evm')!;
    const held = evm.positions.find(({ position }) => position.protocol === 'aave')!;
    const template = proposals.find((proposal) => proposal.protocol === 'aave' && proposal.changes.some((change) => change.asset !== undefined))!;
    const elsewhere: FeedProposal = { ...template, id: 'aave-elsewhere', changes: template.changes.map((change) => ({ ...change, asset: 'SYNTHETIC-NOT-HELD', market: 'synthetic-market' })) };
    const here: FeedProposal = { ...template, id: 'aave-here', changes: template.changes.map((change) => ({ ...change, asset: held.position.asset })) };
    const ids = candidateProposals(proposalIndex([elsewhere, here], modules), evm.positions, evm.slugs).map((proposal) => proposal.id);
    expect(ids).toEqual(['aave-here']);
  });

  it('keeps a proposal without changes for every holder of its protocol, and none of a protocol the wallet holds nothing in', async () => {
    const { wallets, proposals } = await demoData();
    const modules = await registered();
    const evm = wallets.find(({ wallet }) => wallet.kind === 'evm')!;
    const bare: FeedProposal = { ...proposals.find((proposal) => proposal.protocol === 'aave')!, id: 'aave-bare', changes: [] };
    const other: FeedProposal = { ...bare, id: 'cosmoshub-bare', protocol: 'cosmoshub' };
    expect(candidateProposals(proposalIndex([bare, other], modules), evm.positions, evm.slugs).map((proposal) => proposal.id)).toEqual(['aave-bare']);
  });
});
