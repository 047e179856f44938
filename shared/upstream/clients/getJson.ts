import { upstreamMalformed, upstreamStatus } from '../errors.js';
import type { Upstream } from '../upstreams.js';

export type QueryValue = string | number | boolean | readonly (string | number | boolean)[] | undefined;

/** `base` + `path` + the query, repeated keys for arrays, undefined values left out. Pure. */
export function urlFor(base: string, path: string, query: Record<string, QueryValue> = {}): string {
  const url = new URL(base.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`));
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  return url.toString();
}

/**
 * GETs JSON from a REST upstream (the Cosmos LCD, an IPFS gateway) under its policy.
 *
 * @throws UpstreamError upstream_status on a non-2xx answer, upstream_malformed on a body that is not JSON.
 * @example
 * const info = await getJson<{ default_node_info: { network: string } }>(services.upstreams.cosmosRest, '/cosmos/base/tendermint/v1beta1/node_info');
 */
export async function getJson<T>(upstream: Upstream, path: string, options: { query?: Record<string, QueryValue>; signal?: AbortSignal } = {}): Promise<T> {
  const response = await upstream.fetch(urlFor(upstream.url, path, options.query), {
    method: 'GET',
    headers: { accept: 'application/json' },
    ...(options.signal && { signal: options.signal }),
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw upstreamStatus(upstream.id, response.status);
  }
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw upstreamMalformed(upstream.id, error);
  }
}

/**
 * GETs a body as text from a REST upstream under its policy, for documents that are not JSON
 * (proposal texts on IPFS are often Markdown with YAML front matter).
 *
 * @throws UpstreamError upstream_status on a non-2xx answer.
 * @example
 * const markdown = await getText(services.upstreams.ipfs, `/ipfs/${cid}`, { signal });
 */
export async function getText(upstream: Upstream, path: string, options: { query?: Record<string, QueryValue>; signal?: AbortSignal } = {}): Promise<string> {
  const response = await upstream.fetch(urlFor(upstream.url, path, options.query), {
    method: 'GET',
    ...(options.signal && { signal: options.signal }),
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw upstreamStatus(upstream.id, response.status);
  }
  return response.text();
}

/**
 * A file from an IPFS gateway by CID, as text (for files that are not JSON).
 *
 * @example
 * const markdown = await ipfsText(services.upstreams.ipfs, cid, { signal });
 */
export const ipfsText = (upstream: Upstream, cid: string, options: { signal?: AbortSignal } = {}): Promise<string> =>
  getText(upstream, `/ipfs/${encodeURIComponent(cid)}`, options);

/**
 * A file from an IPFS gateway by CID, as bytes read piece by piece: each piece goes to `onPiece`
 * as it arrives (to hash it while reading), and a body over `maxBytes` is cancelled and refused,
 * never cut short nor read whole first.
 *
 * @throws UpstreamError upstream_status on a non-2xx answer, upstream_malformed on a body over `maxBytes`.
 * @example
 * const hasher = new IpfsFileHasher();
 * const bytes = await ipfsBytes(services.upstreams.ipfs, cid, { maxBytes: MAX_TEXT_BYTES, onPiece: (piece) => hasher.update(piece), signal });
 */
export async function ipfsBytes(upstream: Upstream, cid: string, options: { maxBytes: number; onPiece?: (piece: Uint8Array) => void; signal?: AbortSignal }): Promise<Buffer> {
  const response = await upstream.fetch(urlFor(upstream.url, `/ipfs/${encodeURIComponent(cid)}`), {
    method: 'GET',
    ...(options.signal && { signal: options.signal }),
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw upstreamStatus(upstream.id, response.status);
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > options.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw upstreamMalformed(upstream.id, new Error(`${cid} is ${declared} bytes, over the ${options.maxBytes} read`));
  }
  const pieces: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    bytes += read.value.length;
    if (bytes > options.maxBytes) {
      await reader!.cancel().catch(() => undefined);
      throw upstreamMalformed(upstream.id, new Error(`${cid} is over the ${options.maxBytes} bytes read`));
    }
    options.onPiece?.(read.value);
    pieces.push(read.value);
  }
  return Buffer.concat(pieces, bytes);
}
