import { graphqlQuery } from '../clients/graphqlQuery.js';
import { ipfsText } from '../clients/getJson.js';
import { readUsdPrice } from '../clients/usdPrice.js';
import { upstreamMalformed } from '../errors.js';
import type { Probe } from './probe.js';

/** The Snapshot hub: every space the modules read exists. */
export function snapshotProbe(spaces: readonly string[]): Probe {
  return {
    upstream: 'snapshot',
    asks: `spaces ${spaces.join(', ')}`,
    async run(endpoint, signal) {
      const { spaces: found } = await graphqlQuery<{ spaces: { id: string }[] }>(
        endpoint,
        { operationName: 'Spaces', query: 'query Spaces($ids: [String]) { spaces(where: { id_in: $ids }) { id } }', variables: { ids: [...spaces] } },
        signal,
      );
      const missing = spaces.filter((space) => !found.some((entry) => entry.id === space));
      if (missing.length > 0) throw upstreamMalformed('snapshot', new Error(`no space ${missing.join(', ')}`));
      return `${found.length} spaces`;
    },
  };
}

/** An IPFS gateway: a known text, by its CID. */
export function ipfsProbe(cid: string, what: string): Probe {
  return {
    upstream: 'ipfs',
    asks: what,
    async run(endpoint, signal) {
      const text = await ipfsText(endpoint, cid, { signal });
      return `${text.length} characters of ${cid.slice(0, 12)}…`;
    },
  };
}

/** The price endpoint: a USD price of a coin. */
export function priceProbe(coinId: string): Probe {
  return {
    upstream: 'prices',
    asks: `USD price of ${coinId}`,
    async run(endpoint, signal) {
      const price = await readUsdPrice(endpoint, coinId, signal);
      if (price === undefined) throw upstreamMalformed('prices', new Error(`no USD price of ${coinId}`));
      return `${coinId} $${price}`;
    },
  };
}
