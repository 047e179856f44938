import { type Address, decodeFunctionResult, encodeFunctionData, getAddress, type Hex, parseAbi, type PublicClient } from 'viem';
import type { ParameterChange } from '../../domain/parameterChange.js';
import type { FeedProposal } from '../../domain/proposal.js';
import { logBlockTime } from '../../governance/logBlockTime.js';
import { ETHEREUM_RECENT_CHANGES } from '../../governance/ethereumRecentChanges.js';
import { proposalId } from '../../governance/proposalId.js';
import { isoFromUnixSeconds } from '../../governance/time.js';
import { formatNumber } from '../../simulate/format.js';
import { decodeAggregate3, encodeAggregate3 } from '../../upstream/clients/aggregate3Codec.js';
import { ethereumClient } from '../../upstream/clients/ethereumClient.js';
import { MULTICALL3 } from '../../upstream/clients/ethereumReader.js';
import { describeFailure } from '../../upstream/describeFailure.js';
import { upstreamMalformed } from '../../upstream/errors.js';
import { type RecentLogsReturnType, readRecentLogs } from '../../upstream/clients/readRecentLogs.js';
import type { SourceReader } from '../types.js';
import { SPARKLEND_ETHEREUM, SPARKLEND_SYMBOLS } from './exposure/deployment.js';
import { SPARK_STAR_GUARD, starGuardEvents } from './starGuard.js';

/**
 * Spark's CapAutomator on Ethereum (sparkdotfi/spark-address-registry src/Ethereum.sol
 * CAP_AUTOMATOR; the address the 2026-03 spell's NEW_CAP_AUTOMATOR names). Anyone may call its
 * exec(asset): it moves a reserve's supply or borrow cap toward the current supply or borrow plus
 * a configured gap, never above the configured max, raising at most once per increaseCooldown
 * (sparklend-cap-automator src/CapAutomator.sol @5c054cf).
 */
export const SPARK_CAP_AUTOMATOR: Address = '0x4C1341636721b8B687647920B2E9481f3AB1F2eE';

/**
 * Events (sparklend-cap-automator src/interfaces/ICapAutomator.sol; SparkLend's PoolConfigurator is
 * Aave v3.0's, @aave/core-v3 IPoolConfigurator, whose freeze leaves the LTV alone).
 */
export const capAutomatorEvents = parseAbi([
  'event UpdateSupplyCap(address indexed asset, uint256 oldSupplyCap, uint256 newSupplyCap)',
  'event UpdateBorrowCap(address indexed asset, uint256 oldBorrowCap, uint256 newBorrowCap)',
]);
export const sparkFreezeEvents = parseAbi(['event ReserveFrozen(address indexed asset, bool frozen)']);

/** The automator's per-asset configs (ICapAutomator.sol @5c054cf: five uint48, the last two written by exec). */
export const capConfigAbi = parseAbi([
  'function supplyCapConfigs(address asset) view returns (uint48 max, uint48 gap, uint48 increaseCooldown, uint48 lastUpdateBlock, uint48 lastIncreaseTime)',
  'function borrowCapConfigs(address asset) view returns (uint48 max, uint48 gap, uint48 increaseCooldown, uint48 lastUpdateBlock, uint48 lastIncreaseTime)',
]);

/** One cap's config as the automator holds it: tokens, seconds, a block and a unix time. */
export interface CapConfig {
  max: number;
  gap: number;
  increaseCooldown: number;
  lastUpdateBlock: number;
  lastIncreaseTime: number;
}

/** The configs of the window's caps, by `supply:<asset>` or `borrow:<asset>` (lower case), or why they could not be read. */
export type CapConfigsRead = { configs: ReadonlyMap<string, CapConfig> } | { unreadBecause: string };

const capKey = (supply: boolean, asset: unknown) => `${supply ? 'supply' : 'borrow'}:${String(asset).toLowerCase()}`;

/**
 * Reads the automator's config of every cap the window moved, at the window's head: one aggregate3
 * eth_call (aggregate3Codec.ts). A failure is said, never guessed: the items then describe the
 * automator's rule without its figures.
 */
export async function readCapConfigs(client: PublicClient, read: RecentLogsReturnType): Promise<CapConfigsRead> {
  const asked = [...new Set(read.logs.filter((log) => lower(log.address) === lower(SPARK_CAP_AUTOMATOR) && (log.eventName === 'UpdateSupplyCap' || log.eventName === 'UpdateBorrowCap')).map((log) => capKey(log.eventName === 'UpdateSupplyCap', log.args.asset)))].sort();
  if (asked.length === 0) return { configs: new Map() };
  const functionName = (key: string) => (key.startsWith('supply') ? 'supplyCapConfigs' : 'borrowCapConfigs');
  const calls = asked.map((key) => ({ target: SPARK_CAP_AUTOMATOR, callData: encodeFunctionData({ abi: capConfigAbi, functionName: functionName(key), args: [key.split(':')[1] as Address] }) }));
  try {
    const answer = await client.call({ to: MULTICALL3, data: encodeAggregate3(calls), blockNumber: read.head });
    const results = (() => {
      try {
        if (!answer.data) throw new Error('Multicall3 aggregate3 returned no data');
        return decodeAggregate3(answer.data, calls.length).map((result, index) => {
          if (!result.success) throw new Error(`${functionName(asked[index]!)} reverted`);
          const [max, gap, increaseCooldown, lastUpdateBlock, lastIncreaseTime] = decodeFunctionResult({ abi: capConfigAbi, functionName: functionName(asked[index]!), data: result.returnData as Hex });
          return { max, gap, increaseCooldown, lastUpdateBlock, lastIncreaseTime };
        });
      } catch (error) {
        throw upstreamMalformed('ethereum', error);
      }
    })();
    return { configs: new Map(asked.map((key, index) => [key, results[index]!])) };
  } catch (error) {
    return { unreadBecause: describeFailure(error) };
  }
}

/** The system's key in the module's source. */
export const CAP_AUTOMATOR_SYSTEM = 'automator';
const MARKET = SPARKLEND_ETHEREUM.market;
/** Ethereum's last 30 days in five ranges of at most 50,000 blocks (logChain.ts). */
const CHAIN = ETHEREUM_RECENT_CHANGES;

/**
 * Spark's changes made without a spell, from the last 30 days of Ethereum logs (one filter in five
 * ranges, two HTTP requests): each UpdateSupplyCap / UpdateBorrowCap of the CapAutomator is a `steward` item
 * (bounds fixed on chain, no notice); each ReserveFrozen of SparkLend's configurator in a
 * transaction without a StarGuard Exec (a spell) is a `guardian` item (FreezerMom, the
 * KillSwitchOracle or an admin acting at once).
 *
 * @example const proposals = await sparkCapAutomatorSource().readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function sparkCapAutomatorSource(): SourceReader {
  return {
    async readProposals(context) {
      const client = ethereumClient(context.upstreams.ethereum, context.signal);
      const read = await readRecentLogs(client, {
        upstream: CHAIN.upstream,
        chainId: CHAIN.chainId,
        addresses: [SPARK_CAP_AUTOMATOR, SPARKLEND_ETHEREUM.poolConfigurator, SPARK_STAR_GUARD],
        events: [...capAutomatorEvents, ...sparkFreezeEvents, ...starGuardEvents],
        lookbackBlocks: CHAIN.lookbackBlocks,
        logChunkBlocks: CHAIN.logChunkBlocks,
      });
      return capAutomatorItems(read, await readCapConfigs(client, read));
    },
  };
}

const lower = (value: unknown) => String(value).toLowerCase();
const symbolOf = (asset: unknown) => SPARKLEND_SYMBOLS[lower(asset)] ?? getAddress(String(asset));

/** The feed items of a window, oldest first (see sparkCapAutomatorSource). Pure. */
export function capAutomatorItems(read: RecentLogsReturnType, capConfigs?: CapConfigsRead): FeedProposal[] {
  const spells = new Set(read.logs.filter((log) => log.eventName === 'Exec' && lower(log.address) === lower(SPARK_STAR_GUARD)).map((log) => log.transactionHash));
  return read.logs.flatMap((log): FeedProposal[] => {
    const at = isoFromUnixSeconds(logBlockTime(log, read, CHAIN.secondsPerBlock))!;
    const evidence = `${log.eventName} at block ${log.blockNumber} (tx ${log.transactionHash})`;
    // Only the automator's and the configurator's events name an asset (a StarGuard Exec does not).
    const asset = log.args.asset === undefined ? '' : symbolOf(log.args.asset);
    const common = {
      id: proposalId('spark', CAP_AUTOMATOR_SYSTEM, `${log.blockNumber}-${log.logIndex}`),
      protocol: 'spark',
      status: 'executed' as const,
      votes: {},
      timeline: { created: at, effectiveAt: at },
      effectiveDate: at,
      sourceLinks: [{ url: `${CHAIN.explorer}/tx/${log.transactionHash}`, label: 'Transaction' }],
      noticeSeconds: 0,
      firstSeen: at,
    };
    if (lower(log.address) === lower(SPARK_CAP_AUTOMATOR) && (log.eventName === 'UpdateSupplyCap' || log.eventName === 'UpdateBorrowCap')) {
      const supply = log.eventName === 'UpdateSupplyCap';
      const [from, to] = (supply ? [log.args.oldSupplyCap, log.args.newSupplyCap] : [log.args.oldBorrowCap, log.args.newBorrowCap]) as [bigint, bigint];
      const change: ParameterChange = { protocol: 'spark', market: MARKET, asset, parameter: supply ? 'supplyCap' : 'borrowCap', from: Number(from), to: Number(to), unit: 'tokens', evidence: `CapAutomator.${evidence}`, verified: true };
      const line = `${asset} ${supply ? 'supply' : 'borrow'} cap ${formatNumber(Number(from))} → ${formatNumber(Number(to))} ${asset}`;
      return [
        {
          ...common,
          title: `Cap automator: ${line}`,
          summary: `${line}, set by the cap automator at ${at}.`,
          description: `${line}, set by the cap automator at ${at}.\n\nSparkLend's cap automator moves a cap toward the current ${supply ? 'supply' : 'borrowing'} plus a configured gap, never above a configured maximum and raising at most once per cooldown; anyone may trigger it, and no vote is held.${boundWords(capConfigs, capKey(supply, log.args.asset), asset)}`,
          changeType: 'parameter',
          mechanism: 'steward',
          changes: [change],
        },
      ];
    }
    if (log.eventName === 'ReserveFrozen' && lower(log.address) === lower(SPARKLEND_ETHEREUM.poolConfigurator) && !spells.has(log.transactionHash)) {
      const state = log.args.frozen ? 'frozen' : 'unfrozen';
      return [
        {
          ...common,
          title: `Guardian: ${asset} ${state} on SparkLend`,
          summary: `${asset} was ${state} on SparkLend at ${at}, with no spell.`,
          description: `${asset} was ${state} on SparkLend at ${at}, with no spell: FreezerMom, the kill-switch oracle or an admin acted at once. A frozen reserve takes no new supply or borrowing; SparkLend (an Aave v3.0 pool) keeps its LTV and liquidation threshold.`,
          changeType: 'shape',
          mechanism: 'guardian',
          changes: [{ protocol: 'spark', market: MARKET, asset, parameter: 'listing', to: state, unit: 'state', evidence: `PoolConfigurator.${evidence}`, verified: true }],
        },
      ];
    }
    return [];
  });
}

/** The item's bound, in words: read from the automator, or why it was not (then no figure is given). Pure. */
function boundWords(read: CapConfigsRead | undefined, key: string, asset: string): string {
  if (!read) return '';
  if ('unreadBecause' in read) return ` Its configured maximum, gap and cooldown could not be read from the automator (${read.unreadBecause}).`;
  const config = read.configs.get(key);
  if (!config) return '';
  const next = config.lastIncreaseTime > 0 ? `; the last raise was at ${isoFromUnixSeconds(BigInt(config.lastIncreaseTime))}, so the next may come from ${isoFromUnixSeconds(BigInt(config.lastIncreaseTime + config.increaseCooldown))}` : '';
  return ` Read from the automator at the window's head: at most ${formatNumber(config.max)} ${asset}, a gap of ${formatNumber(config.gap)} ${asset}, one raise per ${formatNumber(config.increaseCooldown / 3600)} hours${next} (lowering has no cooldown).`;
}
