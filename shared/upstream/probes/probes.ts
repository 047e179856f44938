import { createPublicClient, type Address } from 'viem';
import { mainnet } from 'viem/chains';
import { assertChain } from '../chainIdentity.js';
import { connectCosmosHub } from '../clients/cosmosClient.js';
import { verifyCosmosRest } from '../clients/cosmosRest.js';
import { ethereumTransport } from '../clients/ethereumTransport.js';
import { graphqlQuery } from '../clients/graphqlQuery.js';
import { ipfsText } from '../clients/getJson.js';
import { verifySolanaMainnet } from '../clients/solanaCluster.js';
import { solanaRpc } from '../clients/solanaRpc.js';
import { readUsdPrice } from '../clients/usdPrice.js';
import { withXrplConnection } from '../clients/xrplClient.js';
import type { UpstreamId } from '../endpoints.js';
import { upstreamMalformed } from '../errors.js';
import { withSignal } from '../upstreams.js';
import type { Probe } from './probe.js';

/*
 * The checks `npm run doctor` runs, one kind per upstream protocol: each asks for the upstream's
 * identity (chain id, genesis, network) and one thing a module reads there, through the same
 * clients, retries and deadlines as the modules, so what fails here fails there.
 */

/** An EVM chain: eth_chainId is the expected chain, and (optionally) a known contract answers a view. */
export function evmProbe(upstream: UpstreamId, chainId: string, contract?: { address: Address; abi: readonly unknown[]; functionName: string; what: string }): Probe {
  return {
    upstream,
    asks: contract ? `chain id ${chainId} and ${contract.what}` : `chain id ${chainId}`,
    async run(endpoint, signal) {
      const client = createPublicClient({ chain: mainnet, transport: ethereumTransport(withSignal(endpoint, signal)) });
      const [actual, answer] = await Promise.all([
        client.request({ method: 'eth_chainId' }),
        contract ? client.readContract({ address: contract.address, abi: contract.abi as never, functionName: contract.functionName as never }) : undefined,
      ]);
      assertChain(upstream, chainId, actual);
      return contract ? `chain ${actual}; ${contract.what}: ${String(answer)}` : `chain ${actual}`;
    },
  };
}

/** Solana: mainnet-beta's genesis hash, and a known account exists. */
export function solanaProbe(account: string, what: string): Probe {
  return {
    upstream: 'solana',
    asks: `mainnet-beta genesis and ${what}`,
    async run(endpoint, signal) {
      const rpc = solanaRpc(withSignal(endpoint, signal));
      await verifySolanaMainnet(rpc, { signal });
      const info = await rpc.getAccountInfo(account as never, { encoding: 'base64', commitment: 'confirmed' }).send({ abortSignal: signal });
      if (!info.value) throw upstreamMalformed('solana', new Error(`${what} (${account}) does not exist`));
      return `mainnet-beta; ${what}: ${info.value.data[0].length} base64 chars`;
    },
  };
}

/** The Cosmos Hub's CometBFT RPC: the network is cosmoshub-4. */
export const cosmosRpcProbe: Probe = {
  upstream: 'cosmosRpc',
  asks: 'status network cosmoshub-4',
  async run(endpoint, signal) {
    const { comet } = await connectCosmosHub(endpoint, signal);
    comet.disconnect();
    return 'cosmoshub-4';
  },
};

/** The Cosmos Hub's LCD: node_info names cosmoshub-4. */
export const cosmosRestProbe: Probe = {
  upstream: 'cosmosRest',
  asks: 'node_info network cosmoshub-4',
  async run(endpoint, signal) {
    await verifyCosmosRest(endpoint, signal);
    return 'cosmoshub-4';
  },
};

/** The XRP Ledger: server_info is mainnet's, checked as every module's connection checks it. */
export const xrplProbe: Probe = {
  upstream: 'xrpl',
  asks: 'server_info on mainnet',
  run: (endpoint, signal) => withXrplConnection(endpoint, signal, async () => 'mainnet'),
};

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
