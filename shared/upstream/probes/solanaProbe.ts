import { verifySolanaMainnet } from '../clients/solanaCluster.js';
import { solanaRpc } from '../clients/solanaRpc.js';
import { upstreamMalformed } from '../errors.js';
import { withSignal } from '../upstreams.js';
import type { Probe } from './probe.js';

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
