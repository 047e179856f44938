import { connectCosmosHub } from '../clients/cosmosClient.js';
import { verifyCosmosRest } from '../clients/cosmosRest.js';
import type { Probe } from './probe.js';

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
