import { createPublicClient, type Address } from 'viem';
import { mainnet } from 'viem/chains';
import { assertChain } from '../chainIdentity.js';
import { ethereumTransport } from '../clients/ethereumTransport.js';
import type { UpstreamId } from '../endpoints.js';
import { withSignal } from '../upstreams.js';
import type { Probe } from './probe.js';

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
