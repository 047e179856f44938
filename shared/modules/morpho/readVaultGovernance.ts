import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, type PublicClient } from 'viem';
import { blockNumberCall, decodeUint, multicall3Abi, MULTICALL3 } from '../../upstream/clients/ethereumReader.js';
import { verifyEvmChain } from '../../upstream/clients/ethereumChain.js';
import { readLogWindow } from '../../upstream/clients/readRecentLogs.js';
import { aggregateCall as aggregate } from '../../upstream/clients/aggregateCall.js';
import { evmCall, succeeded } from './aggregate.js';
import { morphoBlueAbi, vaultAbi, vaultEvents, type VaultEventName } from './abi.js';
import { MORPHO_BLUE, type MorphoChain, type Vault } from './deployment.js';

/** A pending value of a vault (PendingUint192 / PendingAddress): validAt 0 means nothing pending. */
export interface Pending<T> {
  value: T;
  validAt: bigint;
}

/** A vault's governance state at the head. */
export interface VaultState {
  vault: Vault;
  timelock: bigint;
  /** WAD (1e18 = 100 %). */
  fee: bigint;
  guardian: Address;
  pendingTimelock: Pending<bigint>;
  pendingGuardian: Pending<Address>;
}

/** A Morpho Blue market as the events name it, with its parameters (MarketParams). */
export interface MarketParams {
  loanToken: Address;
  collateralToken: Address;
  oracle: Address;
  irm: Address;
  /** WAD. */
  lltv: bigint;
}

/** One market of one vault at the head: its config and pending cap, for a market its events name. */
export interface VaultMarketState {
  vault: Address;
  id: Hex;
  cap: bigint;
  enabled: boolean;
  removableAt: bigint;
  pendingCap: Pending<bigint>;
  /** Absent when Morpho Blue does not know the id (never for an id a vault's cap names). */
  params?: MarketParams;
}

/** A decoded vault event. */
export interface VaultLog {
  vault: Address;
  eventName: VaultEventName;
  args: Record<string, unknown>;
  blockNumber: bigint;
  logIndex: number;
  transactionHash?: Hex;
}

/** What the source reads of one chain, as plain data. */
export interface VaultChainRead {
  chain: MorphoChain;
  head: bigint;
  /** The head block's timestamp (Multicall3.getCurrentBlockTimestamp), unix seconds. */
  headTimestamp: bigint;
  vaults: VaultState[];
  markets: VaultMarketState[];
  /** Oldest first. */
  logs: VaultLog[];
}

const VAULT_VIEWS = ['timelock', 'fee', 'guardian', 'pendingTimelock', 'pendingGuardian'] as const;

const timestampCall = evmCall(MULTICALL3, encodeFunctionData({ abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' }));

/** Round one: the head (number and timestamp) and every vault's timelock, fee, guardian and pending values. Pure. */
export function vaultRoundOne(vaults: readonly Vault[]) {
  return [
    blockNumberCall,
    timestampCall,
    ...vaults.flatMap((vault) => VAULT_VIEWS.map((functionName) => evmCall(vault.address, encodeFunctionData({ abi: vaultAbi, functionName })))),
  ];
}

/** Round three: each (vault, market) the events name — config and pendingCap — and each market's parameters. Pure. */
export function marketRound(pairs: readonly { vault: Address; id: Hex }[], ids: readonly Hex[]) {
  return [
    ...pairs.flatMap(({ vault, id }) => [
      evmCall(vault, encodeFunctionData({ abi: vaultAbi, functionName: 'config', args: [id] })),
      evmCall(vault, encodeFunctionData({ abi: vaultAbi, functionName: 'pendingCap', args: [id] })),
    ]),
    ...ids.map((id) => evmCall(MORPHO_BLUE, encodeFunctionData({ abi: morphoBlueAbi, functionName: 'idToMarketParams', args: [id] }))),
  ];
}

/**
 * Reads one chain's vault governance in three rounds (each one HTTP request through viem's batch):
 * 1. eth_chainId and one aggregate3 at 'latest': the head's number and timestamp, each vault's
 *    timelock, fee, guardian, pendingTimelock and pendingGuardian;
 * 2. eth_getLogs over every vault and every event of EventsLib the feed shows, from the head back
 *    `lookbackBlocks` (two weeks of the longest timelock and two days), in ranges of at most
 *    `logChunkBlocks`, all in one batch (readLogWindow, the shared window reader);
 * 3. one aggregate3 at the head: config and pendingCap of each (vault, market) a cap or removal
 *    event names, and Morpho Blue's idToMarketParams of each such market (its collateral and LLTV).
 * Any failure rejects the whole read: the feed build keeps the last good proposals.
 *
 * @throws UpstreamError
 */
export async function readVaultGovernance(client: PublicClient, chain: MorphoChain): Promise<VaultChainRead> {
  const upstream = chain.upstream;
  const [, first] = await Promise.all([verifyEvmChain(client, upstream, chain.chainId), aggregate(client, upstream, vaultRoundOne(chain.vaults))]);
  const head = decodeUint(succeeded(upstream, first[0], 'Multicall3.getBlockNumber'));
  const headTimestamp = decodeFunctionResult({ abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp', data: succeeded(upstream, first[1], 'Multicall3.getCurrentBlockTimestamp') });
  const vaults = chain.vaults.map((vault, index): VaultState => {
    const at = 2 + index * VAULT_VIEWS.length;
    const data = VAULT_VIEWS.map((name, offset) => succeeded(upstream, first[at + offset], `${vault.name} ${name}`));
    const [pendingTimelock, timelockValidAt] = decodeFunctionResult({ abi: vaultAbi, functionName: 'pendingTimelock', data: data[3]! });
    const [pendingGuardian, guardianValidAt] = decodeFunctionResult({ abi: vaultAbi, functionName: 'pendingGuardian', data: data[4]! });
    return {
      vault,
      timelock: decodeFunctionResult({ abi: vaultAbi, functionName: 'timelock', data: data[0]! }),
      fee: decodeFunctionResult({ abi: vaultAbi, functionName: 'fee', data: data[1]! }),
      guardian: decodeFunctionResult({ abi: vaultAbi, functionName: 'guardian', data: data[2]! }),
      pendingTimelock: { value: pendingTimelock, validAt: timelockValidAt },
      pendingGuardian: { value: pendingGuardian, validAt: guardianValidAt },
    };
  });

  const fromBlock = head > chain.lookbackBlocks ? head - chain.lookbackBlocks : 0n;
  const window = await readLogWindow(client, { upstream, address: chain.vaults.map((vault) => vault.address), events: vaultEvents, fromBlock, head, chunkBlocks: chain.logChunkBlocks });
  const logs = window.map(
    (log): VaultLog => ({
      vault: log.address,
      eventName: log.eventName as VaultEventName,
      args: log.args,
      blockNumber: log.blockNumber,
      logIndex: log.logIndex,
      ...(log.transactionHash && { transactionHash: log.transactionHash }),
    }),
  );

  const pairs = uniquePairs(logs);
  const ids = [...new Set(pairs.map((pair) => pair.id))];
  const third = await aggregate(client, upstream, marketRound(pairs, ids), head);
  const paramsOf = new Map(
    ids.map((id, index) => {
      const result = third[pairs.length * 2 + index];
      const params = result?.success ? decodeFunctionResult({ abi: morphoBlueAbi, functionName: 'idToMarketParams', data: result.returnData }) : undefined;
      // An id Blue never created answers all zeros: no parameters to name it by.
      const known = params && params[0] !== '0x0000000000000000000000000000000000000000';
      return [id, known ? { loanToken: params[0], collateralToken: params[1], oracle: params[2], irm: params[3], lltv: params[4] } : undefined] as const;
    }),
  );
  const markets = pairs.map(({ vault, id }, index): VaultMarketState => {
    const [cap, enabled, removableAt] = decodeFunctionResult({ abi: vaultAbi, functionName: 'config', data: succeeded(upstream, third[index * 2], 'config') });
    const [value, validAt] = decodeFunctionResult({ abi: vaultAbi, functionName: 'pendingCap', data: succeeded(upstream, third[index * 2 + 1], 'pendingCap') });
    const params = paramsOf.get(id);
    return { vault, id, cap, enabled, removableAt, pendingCap: { value, validAt }, ...(params && { params }) };
  });
  return { chain, head, headTimestamp, vaults, markets, logs };
}

/** Each (vault, market id) a cap or removal event names, in order of first mention. Pure. */
export function uniquePairs(logs: readonly VaultLog[]): { vault: Address; id: Hex }[] {
  const seen = new Map<string, { vault: Address; id: Hex }>();
  for (const log of logs) {
    const id = log.args.id as Hex | undefined;
    if (id === undefined) continue;
    const key = `${log.vault.toLowerCase()}:${id.toLowerCase()}`;
    if (!seen.has(key)) seen.set(key, { vault: log.vault, id });
  }
  return [...seen.values()];
}
