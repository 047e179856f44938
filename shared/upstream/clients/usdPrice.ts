import * as z from 'zod';
import { upstreamMalformed } from '../errors.js';
import type { Upstream } from '../upstreams.js';
import { getJson } from './getJson.js';

/** CoinGecko's /simple/price answer: one object per known id; an unknown id is left out, not an error. */
const SimplePrice = z.record(z.string(), z.looseObject({ usd: z.number().nonnegative() }));

/**
 * One coin's USD price from the prices upstream (CoinGecko's `/simple/price`): one GET, one coin,
 * so each answer stands alone (and a recording of it too). Undefined when the service does not
 * know the coin.
 *
 * @throws UpstreamError on a failed, slow or malformed answer.
 * @example const sol = await readUsdPrice(services.upstreams.prices, 'solana', signal); // 13.96
 */
export async function readUsdPrice(upstream: Upstream, coinId: string, signal?: AbortSignal): Promise<number | undefined> {
  const body = await getJson<unknown>(upstream, '/simple/price', { query: { ids: coinId, vs_currencies: 'usd' }, ...(signal && { signal }) });
  const parsed = SimplePrice.safeParse(body);
  if (!parsed.success) throw upstreamMalformed(upstream.id, new Error(`simple/price: ${z.prettifyError(parsed.error).slice(0, 300)}`));
  return parsed.data[coinId]?.usd;
}
