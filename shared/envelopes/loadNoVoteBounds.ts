import type { LendingAccount } from '../domain/position.js';
import type { NoVoteBounds, NoVoteBoundsContext } from './noVoteBounds.js';

/**
 * The declared bounds of the given modules, by slug, each loaded on demand from its module's folder
 * (ModuleInfo.noVoteBounds); a module that declares none is left out. With a context (a scan of a
 * real wallet), each module is handed the upstreams and its own lending accounts, and reads what
 * its contracts hold where it can (ProtocolModule.noVoteBoundsOnChain, through `load`; its
 * declared defaults stand in where a read fails, and say why).
 *
 * @example const bounds = await loadNoVoteBounds(MODULE_INFOS, snapshot.checked);
 */
export async function loadNoVoteBounds(
  modules: readonly BoundsDeclaring[],
  slugs: readonly string[],
  context?: Omit<NoVoteBoundsContext, 'accounts'> & { accountsOf: (slug: string) => readonly LendingAccount[] },
): Promise<ReadonlyMap<string, NoVoteBounds>> {
  const declaring = modules.filter((module) => slugs.includes(module.slug) && module.noVoteBounds);
  return new Map(
    await Promise.all(
      declaring.map(async (module) => {
        if (!context) return [module.slug, await module.noVoteBounds!()] as const;
        const moduleContext = { upstreams: context.upstreams, signal: context.signal, accounts: context.accountsOf(module.slug) };
        const onChain = (await module.load?.())?.noVoteBoundsOnChain;
        return [module.slug, await (onChain ? onChain(moduleContext) : module.noVoteBounds!(moduleContext))] as const;
      }),
    ),
  );
}

/** A module's declared bounds (ModuleInfo), and its code where a scan may read them on chain (ModuleEntry.load). */
interface BoundsDeclaring {
  slug: string;
  noVoteBounds?: (context?: NoVoteBoundsContext) => Promise<NoVoteBounds>;
  load?: () => Promise<{ noVoteBoundsOnChain?: (context: NoVoteBoundsContext) => Promise<NoVoteBounds> }>;
}

/** How long a scan waits for the bounds its modules read from chain before their declared defaults stand in. */
export const BOUNDS_READ_DEADLINE_MS = 2_000;

/** One module's lending accounts in a positions snapshot, once each. Pure. */
export function accountsOf(snapshot: { positions: readonly { position: { protocol: string }; inputs: { account?: LendingAccount } }[] }, slug: string): LendingAccount[] {
  const accounts = new Map<string, LendingAccount>();
  for (const { position, inputs } of snapshot.positions) if (position.protocol === slug && inputs.account && !accounts.has(inputs.account.market)) accounts.set(inputs.account.market, inputs.account);
  return [...accounts.values()];
}
