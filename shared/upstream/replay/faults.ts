import { OTHER_EVM_CHAINS, UPSTREAM_IDS, type UpstreamId } from '../endpoints.js';

/** A fault the replay server plays instead of (or before) the recorded answer. */
export type Fault =
  /** Answer as recorded, after this delay. */
  | { kind: 'latency'; ms: number }
  /** Answer with this HTTP status (XRPL: refuse the WebSocket upgrade with it). */
  | { kind: 'status'; status: number }
  /** Never answer. */
  | { kind: 'hang' }
  /** Answer 200 with a body cut in the middle (XRPL: a text frame that is not JSON). */
  | { kind: 'malformed' }
  /** Answer as recorded, except that identity answers name another chain. */
  | { kind: 'wrongChain' };

export interface InjectedFault {
  fault: Fault;
  /** How many more requests it applies to; undefined = until cleared. */
  remaining?: number;
}

/** Per-upstream faults, consumed request by request. */
export class FaultBook {
  private readonly faults = new Map<UpstreamId, InjectedFault>();

  /** Plays `fault` on the next `times` requests of `upstream` (all of them when times is undefined). */
  inject(upstream: UpstreamId, fault: Fault, times?: number): void {
    if (fault.kind === 'wrongChain' && !(upstream in WRONG_CHAIN)) throw new Error(`${upstream} has no chain identity to falsify`);
    this.faults.set(upstream, { fault, ...(times !== undefined && { remaining: times }) });
  }

  clear(upstream?: UpstreamId): void {
    if (upstream) this.faults.delete(upstream);
    else this.faults.clear();
  }

  /** The fault the next request of `upstream` would get, without counting it. */
  peek(upstream: UpstreamId): Fault | undefined {
    return this.faults.get(upstream)?.fault;
  }

  /** The fault for this request of `upstream`, counting it down. */
  take(upstream: UpstreamId): Fault | undefined {
    const injected = this.faults.get(upstream);
    if (!injected) return undefined;
    if (injected.remaining !== undefined) {
      injected.remaining -= 1;
      if (injected.remaining <= 0) this.faults.delete(upstream);
    }
    return injected.fault;
  }

  list(): Partial<Record<UpstreamId, InjectedFault>> {
    return Object.fromEntries(this.faults);
  }
}

/**
 * Parses UPSTREAM_FAULTS, e.g. `ethereum=latency:800,solana=status:503,xrpl=hang,cosmosRpc=wrongChain`.
 * Pure; throws on anything it does not understand.
 */
export function parseFaultSpec(spec: string | undefined): [UpstreamId, Fault][] {
  if (!spec?.trim()) return [];
  return spec.split(',').map((part) => {
    const [upstream, rawFault] = part.trim().split('=');
    if (!upstream || !(UPSTREAM_IDS as readonly string[]).includes(upstream) || !rawFault) throw new Error(`UPSTREAM_FAULTS: cannot read "${part}"`);
    return [upstream as UpstreamId, parseFault(rawFault)];
  });
}

/** `latency:800`, `status:503`, `hang`, `malformed`, `wrongChain`. Pure. */
export function parseFault(text: string): Fault {
  const [kind, value] = text.split(':');
  const number = Number(value);
  if (kind === 'latency' && Number.isInteger(number) && number >= 0) return { kind, ms: number };
  if (kind === 'status' && Number.isInteger(number) && number >= 100 && number <= 599) return { kind, status: number };
  if ((kind === 'hang' || kind === 'malformed' || kind === 'wrongChain') && value === undefined) return { kind };
  throw new Error(`unknown fault "${text}" (latency:<ms>, status:<code>, hang, malformed, wrongChain)`);
}

/*
 * Wrong-chain rewrites: the identity answer of each chain, naming another real chain. Only the
 * value of a field the upstream really sends changes, never the shape.
 */
type Rewrite = (request: { method?: unknown; command?: unknown; path?: string }, answer: Record<string, unknown>) => Record<string, unknown>;

const set = (answer: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> => {
  const [head, ...rest] = path as [string, ...string[]];
  const inner = answer[head];
  if (rest.length === 0) return { ...answer, [head]: value };
  if (!inner || typeof inner !== 'object') return answer;
  return { ...answer, [head]: set(inner as Record<string, unknown>, rest, value) };
};

/**
 * Optimism's chain id, Solana devnet's genesis hash, Osmosis, XRPL testnet's network id, Polygon
 * Amoy's chain id (80002), Avalanche Fuji's chain id (43113).
 */
export const WRONG_CHAIN: Partial<Record<UpstreamId, Rewrite>> = {
  ethereum: (request, answer) => (request.method === 'eth_chainId' ? set(answer, ['result'], '0xa') : answer),
  solana: (request, answer) => (request.method === 'getGenesisHash' ? set(answer, ['result'], 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG') : answer),
  cosmosRpc: (request, answer) => (request.method === 'status' ? set(answer, ['result', 'node_info', 'network'], 'osmosis-1') : answer),
  cosmosRest: (request, answer) =>
    request.path === '/cosmos/base/tendermint/v1beta1/node_info' ? set(answer, ['default_node_info', 'network'], 'osmosis-1') : answer,
  xrpl: (request, answer) => (request.command === 'server_info' ? set(answer, ['result', 'info', 'network_id'], 1) : answer),
  polygon: (request, answer) => (request.method === 'eth_chainId' ? set(answer, ['result'], '0x13882') : answer),
  avalanche: (request, answer) => (request.method === 'eth_chainId' ? set(answer, ['result'], '0xa869') : answer),
  // Another EVM chain's endpoint that points at Ethereum mainnet instead.
  ...Object.fromEntries(OTHER_EVM_CHAINS.map((id): [UpstreamId, Rewrite] => [id, (request, answer) => (request.method === 'eth_chainId' ? set(answer, ['result'], '0x1') : answer)])),
};
