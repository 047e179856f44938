import { abortable } from '../upstream/abortable.js';
import { readUsdPrice } from '../upstream/clients/usdPrice.js';
import { reportFailure } from '../upstream/describeFailure.js';
import { sharedReads, upstreamReadMemo } from '../upstream/upstreamReadMemo.js';
import type { Upstream } from '../upstream/upstreams.js';

/** As long as the upstream itself caches an answer (60 s): asking sooner would get the same price. */
export const PRICE_TTL_MS = 60_000;

/**
 * How long a scan waits for a price it has not got: a slow price service must not slow every
 * scan of a chain whose reads are done. The request goes on, and the next scan finds its answer.
 */
export const PRICE_WAIT_MS = 1_000;

/** Each coin's price read per prices upstream, in flight or done, standing for a minute (a failure is forgotten at once). */
const prices = upstreamReadMemo<Promise<number | undefined>>(PRICE_TTL_MS);

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
  const read = ([coin]: readonly string[]) =>
    readUsdPrice(upstream, coin!).then(
      (usd) => [usd],
      (error: unknown) => {
        // Logged once per request, not once per scan waiting on it; sharedReads then forgets the failure, so the next scan asks again.
        reportFailure(error, { source: `prices/${coin}` });
        throw error;
      },
    );
  const price = sharedReads(prices, upstream, [coinId], read, now()).then(
    ([usd]) => usd,
    () => undefined,
  );
  return abortable(atMost(price, waitMs), signal);
}

/** The price, or undefined once `ms` have passed without it. */
function atMost(price: Promise<number | undefined>, ms: number): Promise<number | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  return Promise.race([price, late]).finally(() => clearTimeout(timer));
}
