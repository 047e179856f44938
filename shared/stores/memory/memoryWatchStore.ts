import type { Wallet } from '../../address/types.js';
import type { Watch, WatchState, WatchStore } from '../../webhooks/watch.js';

/**
 * Watches in this process's memory: the local server's store. They last as long as the process,
 * as the in-process queue's pending deliveries do; a deployment keeps them in DynamoDB.
 * Copies in and out, so a caller's later edit never changes what is stored.
 */
export class MemoryWatchStore implements WatchStore {
  private readonly watches = new Map<string, Watch>();

  async create(watch: Watch): Promise<void> {
    this.watches.set(watch.id, structuredClone(watch));
  }

  async get(id: string): Promise<Watch | undefined> {
    const watch = this.watches.get(id);
    return watch && structuredClone(watch);
  }

  async list(): Promise<Watch[]> {
    return [...this.watches.values()].map((watch) => structuredClone(watch));
  }

  async countFor(wallet: Wallet): Promise<number> {
    return [...this.watches.values()].filter((watch) => watch.wallet.kind === wallet.kind && watch.wallet.address === wallet.address).length;
  }

  async saveState(id: string, state: WatchState): Promise<void> {
    const watch = this.watches.get(id);
    if (watch) watch.state = structuredClone(state);
  }

  async disable(id: string, disabled: NonNullable<Watch['disabled']>): Promise<void> {
    const watch = this.watches.get(id);
    if (watch) watch.disabled = { ...disabled };
  }

  async delete(id: string): Promise<boolean> {
    return this.watches.delete(id);
  }
}
