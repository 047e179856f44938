/**
 * What a wallet held at its last scan on one reader (one chain's upstream in one process), per
 * market: a reader that probes a wallet's balances before reading a market in full sends the full
 * read with the probe, in the same request, for the markets the wallet held last time, so scanning
 * a wallet again costs one request per chain, not two. A wrong memory costs either a second request
 * (a market newly held) or reads not needed (one left): never a value. Bounded per reader: the
 * oldest wallets are forgotten first.
 */
const MAX_WALLETS = 2_000;

export class HeldBefore {
  private readonly wallets = new Map<string, Set<string>>();

  /** Whether `user` held something in `market` at its last scan here. */
  held(user: string, market: string): boolean {
    return this.wallets.get(user.toLowerCase())?.has(market) ?? false;
  }

  /** Records what this scan found in `market`. */
  remember(user: string, market: string, held: boolean): void {
    const key = user.toLowerCase();
    let markets = this.wallets.get(key);
    if (!markets) {
      if (!held) return;
      if (this.wallets.size >= MAX_WALLETS) this.wallets.delete(this.wallets.keys().next().value!);
      this.wallets.set(key, (markets = new Set()));
    }
    if (held) markets.add(market);
    else markets.delete(market);
  }
}

const byReader = new WeakMap<object, HeldBefore>();

/** The memory of one reader (any object a reader is: one per upstream and process). */
export function heldBefore(reader: object): HeldBefore {
  let memory = byReader.get(reader);
  if (!memory) byReader.set(reader, (memory = new HeldBefore()));
  return memory;
}
