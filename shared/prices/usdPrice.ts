import { abortable } from '../upstream/abortable.js';
import { readUsdPrice } from '../upstream/clients/usdPrice.js';
import { reportFailure } from '../upstream/describeFailure.js';
import type { Upstream } from '../upstream/upstreams.js';

/** As long as the upstream itself caches an answer (60 s): asking sooner would get the same price. */
export const PRICE_TTL_MS = 60_000;

/**
 * How long a scan waits for a price it has not got: a slow price service must not slow every
 * scan of a chain whose reads are done. The request goes on, and the next scan finds its answer.
 */
export const PRICE_WAIT_MS = 1_000;

interface Entry {
  at: number;
  price: Promise<number | undefined>;
}

const caches = new WeakMap<Upstream, Map<string, Entry>>();

/**
 * A coin's USD price for valuing positions, by the prices upstream's coin id (CoinGecko's; each
 * module declares the coins it prices, ModuleInfo.pricedAssets), or undefined when none can be had now. One request
 * per asset and upstream a minute at most, shared by every scan in flight (the keyless tier is
 * rate-limited per IP). A failure is logged for the operator and never fails a scan: positions
 * then go without valueUsd and effects are stated in the asset's own units, as before prices.
 * A scan waits at most `waitMs` (then goes without), and `signal` lets it stop sooner; the shared
 * request runs on under its own deadline.
 *
 * @example const sol = await usdPrice(services.upstreams.prices, 'solana', context.signal);
 */
export function usdPrice(upstream: Upstream, coinId: string, signal: AbortSignal, options: { now?: () => number; waitMs?: number } = {}): Promise<number | undefined> {
  const { now = Date.now, waitMs = PRICE_WAIT_MS } = options;
  // A scan that already gave up starts nothing.
  if (signal.aborted) return Promise.reject(signal.reason);
  const cache = caches.get(upstream) ?? new Map<string, Entry>();
  caches.set(upstream, cache);
  const cached = cache.get(coinId);
  if (cached && now() - cached.at < PRICE_TTL_MS) return abortable(atMost(cached.price, waitMs), signal);
  const entry: Entry = {
    at: now(),
    price: readUsdPrice(upstream, coinId).catch((error: unknown) => {
      reportFailure(error, { source: `prices/${coinId}` });
      // A failure is not kept for a minute: the next scan asks again.
      if (cache.get(coinId) === entry) cache.delete(coinId);
      return undefined;
    }),
  };
  cache.set(coinId, entry);
  return abortable(atMost(entry.price, waitMs), signal);
}

/** The price, or undefined once `ms` have passed without it. */
function atMost(price: Promise<number | undefined>, ms: number): Promise<number | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  return Promise.race([price, late]).finally(() => clearTimeout(timer));
}
