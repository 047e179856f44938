/**
 * Every upstream the service reads, by id. The id is also the replay server's mount path. Chains
 * and services live here, not in the modules: two modules reading Base share one endpoint, one
 * variable and one chain check. Which module reads which upstream, and what for, each module
 * declares (ModuleInfo.upstreams).
 */
/** EVM chains beyond Ethereum, Polygon and Avalanche, read by their JSON-RPC alone. */
export const OTHER_EVM_CHAINS = [
  'arbitrum',
  'optimism',
  'base',
  'gnosis',
  'bnb',
  'scroll',
  'linea',
  'zksync',
  'celo',
  'sonic',
  'plasma',
  'mantle',
  'metis',
  'ink',
  'soneium',
  'xlayer',
  'monad',
  'megaeth',
  'unichain',
] as const;

export const UPSTREAM_IDS = ['ethereum', 'snapshot', 'ipfs', 'solana', 'cosmosRpc', 'cosmosRest', 'xrpl', 'polygon', 'avalanche', ...OTHER_EVM_CHAINS, 'prices', 'github'] as const;
export type UpstreamId = (typeof UPSTREAM_IDS)[number];

/** How requests are shaped on the wire: decides what is idempotent, what counts as a call, how replay matches. */
export type UpstreamProtocol = 'json-rpc' | 'graphql' | 'rest' | 'websocket';

export interface EndpointSpec {
  id: UpstreamId;
  /** The environment variable that overrides the default URL. */
  envVar: string;
  /** A public keyless endpoint (shared/research/positions.md §10, sources.md §1). */
  defaultUrl: string;
  protocol: UpstreamProtocol;
  what: string;
  /** Per-call deadline unless UPSTREAM_CALL_DEADLINE_MS says otherwise. */
  deadlineMs: number;
  /** Speaks Ethereum's JSON-RPC (eth_*): its reads are Ethereum's reads (isIdempotentRead.ts), whatever the chain. */
  evm?: true;
}

/** An EVM chain's JSON-RPC endpoint. */
function evmChain(id: UpstreamId, envVar: string, defaultUrl: string, name: string): EndpointSpec {
  return { id, envVar, defaultUrl, protocol: 'json-rpc', what: `${name} JSON-RPC`, deadlineMs: 2500, evm: true };
}

export const ENDPOINTS: Readonly<Record<UpstreamId, EndpointSpec>> = {
  ethereum: {
    id: 'ethereum',
    envVar: 'ETH_RPC_URL',
    // Not viem's built-in default: it has changed three times between releases (positions.md §10).
    defaultUrl: 'https://ethereum-rpc.publicnode.com',
    protocol: 'json-rpc',
    what: 'Ethereum mainnet JSON-RPC (and ens names)',
    deadlineMs: 2500,
    evm: true,
  },
  snapshot: {
    id: 'snapshot',
    envVar: 'SNAPSHOT_GRAPHQL_URL',
    defaultUrl: 'https://hub.snapshot.org/graphql',
    protocol: 'graphql',
    what: 'Snapshot hub GraphQL (off-chain votes); keyless at 100 requests/min per IP',
    deadlineMs: 5000,
  },
  ipfs: {
    id: 'ipfs',
    envVar: 'IPFS_GATEWAY_URL',
    defaultUrl: 'https://ipfs.io',
    protocol: 'rest',
    what: 'IPFS gateway: GET {url}/ipfs/{cid} (proposal texts)',
    // Gateways are slow on a cold CID, and only feed builds (20 s budget) read them.
    deadlineMs: 8000,
  },
  solana: {
    id: 'solana',
    envVar: 'SOLANA_RPC_URL',
    defaultUrl: 'https://api.mainnet-beta.solana.com',
    protocol: 'json-rpc',
    what: 'Solana mainnet-beta JSON-RPC; 100 requests/10 s per IP',
    deadlineMs: 2500,
  },
  cosmosRpc: {
    id: 'cosmosRpc',
    envVar: 'COSMOS_RPC_URL',
    defaultUrl: 'https://cosmos-rpc.publicnode.com',
    protocol: 'json-rpc',
    what: 'Cosmos Hub CometBFT RPC (cosmjs: status, abci_query)',
    deadlineMs: 2500,
  },
  cosmosRest: {
    id: 'cosmosRest',
    envVar: 'COSMOS_REST_URL',
    defaultUrl: 'https://cosmos-rest.publicnode.com',
    protocol: 'rest',
    what: 'Cosmos Hub LCD/REST (x/gov v1 proposals, node_info)',
    deadlineMs: 2500,
  },
  xrpl: {
    id: 'xrpl',
    envVar: 'XRPL_WS_URL',
    defaultUrl: 'wss://xrplcluster.com',
    protocol: 'websocket',
    what: 'XRP Ledger WebSocket (xrpl.js Client)',
    deadlineMs: 2500,
  },
  polygon: evmChain('polygon', 'POLYGON_RPC_URL', 'https://polygon-bor-rpc.publicnode.com', 'Polygon PoS'),
  avalanche: evmChain('avalanche', 'AVALANCHE_RPC_URL', 'https://avalanche-c-chain-rpc.publicnode.com', 'Avalanche C-Chain'),
  arbitrum: evmChain('arbitrum', 'ARBITRUM_RPC_URL', 'https://arbitrum-one-rpc.publicnode.com', 'Arbitrum One'),
  optimism: evmChain('optimism', 'OPTIMISM_RPC_URL', 'https://optimism-rpc.publicnode.com', 'OP Mainnet'),
  base: evmChain('base', 'BASE_RPC_URL', 'https://base-rpc.publicnode.com', 'Base'),
  gnosis: evmChain('gnosis', 'GNOSIS_RPC_URL', 'https://gnosis-rpc.publicnode.com', 'Gnosis Chain'),
  bnb: evmChain('bnb', 'BNB_RPC_URL', 'https://bsc-rpc.publicnode.com', 'BNB Smart Chain'),
  // The chains' own public endpoints, as viem's chain definitions (viem/chains 2.57) name them.
  scroll: evmChain('scroll', 'SCROLL_RPC_URL', 'https://rpc.scroll.io', 'Scroll'),
  linea: evmChain('linea', 'LINEA_RPC_URL', 'https://rpc.linea.build', 'Linea'),
  zksync: evmChain('zksync', 'ZKSYNC_RPC_URL', 'https://mainnet.era.zksync.io', 'ZKsync Era'),
  celo: evmChain('celo', 'CELO_RPC_URL', 'https://forno.celo.org', 'Celo'),
  sonic: evmChain('sonic', 'SONIC_RPC_URL', 'https://rpc.soniclabs.com', 'Sonic'),
  plasma: evmChain('plasma', 'PLASMA_RPC_URL', 'https://rpc.plasma.to', 'Plasma'),
  mantle: evmChain('mantle', 'MANTLE_RPC_URL', 'https://rpc.mantle.xyz', 'Mantle'),
  metis: evmChain('metis', 'METIS_RPC_URL', 'https://andromeda.metis.io/?owner=1088', 'Metis Andromeda'),
  ink: evmChain('ink', 'INK_RPC_URL', 'https://rpc-gel.inkonchain.com', 'Ink'),
  soneium: evmChain('soneium', 'SONEIUM_RPC_URL', 'https://rpc.soneium.org', 'Soneium'),
  xlayer: evmChain('xlayer', 'XLAYER_RPC_URL', 'https://xlayerrpc.okx.com', 'X Layer'),
  monad: evmChain('monad', 'MONAD_RPC_URL', 'https://rpc.monad.xyz', 'Monad'),
  megaeth: evmChain('megaeth', 'MEGAETH_RPC_URL', 'https://mainnet.megaeth.com/rpc', 'MegaETH'),
  unichain: evmChain('unichain', 'UNICHAIN_RPC_URL', 'https://mainnet.unichain.org', 'Unichain'),
  prices: {
    id: 'prices',
    envVar: 'PRICES_URL',
    // Keyless (IP-rate-limited, answers cached 60 s upstream); Pyth's Hermes needs a key since
    // 2026-08-26. Any service answering CoinGecko's /simple/price shape can stand in.
    defaultUrl: 'https://api.coingecko.com/api/v3',
    protocol: 'rest',
    what: 'CoinGecko public API: GET {url}/simple/price (USD prices of native assets off Ethereum)',
    deadlineMs: 2500,
  },
  github: {
    id: 'github',
    envVar: 'GITHUB_API_URL',
    // Keyless at 60 requests an hour per IP: only feed builds read it, a few files per new item.
    defaultUrl: 'https://api.github.com',
    protocol: 'rest',
    what: 'GitHub REST API: GET {url}/repos/{owner}/{repo}/contents/{path} (files protocols publish, such as a spell’s expected after-state)',
    deadlineMs: 5000,
  },
};

export type EndpointUrls = Record<UpstreamId, string>;

const SCHEMES: Record<UpstreamProtocol, readonly string[]> = {
  'json-rpc': ['http:', 'https:'],
  graphql: ['http:', 'https:'],
  rest: ['http:', 'https:'],
  websocket: ['ws:', 'wss:'],
};

/**
 * Every endpoint's URL: the environment's override, else the public default. A malformed override
 * fails at start, not at the first scan.
 */
export function endpointsFromEnv(env: NodeJS.ProcessEnv = process.env): EndpointUrls {
  const urls = {} as EndpointUrls;
  for (const id of UPSTREAM_IDS) {
    const spec = ENDPOINTS[id];
    const raw = env[spec.envVar];
    const url = raw === undefined || raw === '' ? spec.defaultUrl : raw;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`${spec.envVar} must be a URL, got ${url}`);
    }
    if (!SCHEMES[spec.protocol].includes(parsed.protocol)) {
      throw new Error(`${spec.envVar} must use ${SCHEMES[spec.protocol].join(' or ')}, got ${url}`);
    }
    urls[id] = url.replace(/\/+$/, '');
  }
  return urls;
}
