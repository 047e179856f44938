import { decodeFunctionResult, encodeFunctionData, formatUnits, type Hex } from 'viem';
import type { ChainReading } from '../../domain/chainReading.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { type CurrentValuePlan, readCanonically, readingOf } from '../../readers/currentValuePlans.js';
import { chainName } from '../../upstream/chainNames.js';
import { verifyEvmChain } from '../../upstream/clients/ethereumChain.js';
import { aggregateCall } from '../../upstream/clients/aggregateCall.js';
import { evmClient } from '../../upstream/clients/ethereumClient.js';
import { blockNumberCall, decodeUint, expectSuccess } from '../../upstream/clients/ethereumReader.js';
import type { EvmCall } from '../../upstream/clients/evmCall.js';
import { describeFailure } from '../../upstream/describeFailure.js';
import type { ComponentContext, CurrentValueReader } from '../types.js';
import { morphoBlueAbi, vaultAbi } from './abi.js';
import { BASE, ETHEREUM, MORPHO_BLUE, type MorphoChain, tokenOf, type Vault } from './deployment.js';
import { marketLabel } from './marketLabel.js';
import { splitVaultMarket, VAULT_FEE, VAULT_GUARDIAN, VAULT_MARKET_REMOVAL, VAULT_SUPPLY_CAP, VAULT_TIMELOCK } from './parameters.js';
import type { MarketParams } from './readVaultGovernance.js';
import { vaultMarket } from './vaultMarket.js';

/*
 * The MetaMorpho views a vault change's current value is read from (morpho-org/metamorpho
 * src/MetaMorpho.sol, checked against @morpho-org/blue-sdk-viem's metaMorphoAbi by
 * test/modules/morpho/publishedAbis.test.ts): `timelock()`, `guardian()`, `fee()` (WAD) and, for a
 * market's cap, `config(id)`. A change names its Blue market by label ("sUSDe/DAI 86%"), not by id,
 * so a cap is found through the vault's withdraw queue: every enabled market is in it
 * (MetaMorpho._setCap pushes a market there when its first cap is set), and a market outside it is
 * disabled with a cap of 0 (a market leaves only through updateWithdrawQueue, which requires cap 0).
 */

const vaultCall = (vault: Vault, functionName: 'timelock' | 'guardian' | 'fee' | 'withdrawQueueLength', args: readonly [] = []): EvmCall => ({
  target: vault.address,
  callData: encodeFunctionData({ abi: vaultAbi, functionName, args }),
});

/** The vault a change's market names, on its chain, with the Blue market's label if any. Pure. */
function vaultOf(change: ParameterChange): { chain: MorphoChain; vault: Vault; blueMarket?: string } | undefined {
  const { vault: name, blueMarket } = splitVaultMarket(change.market);
  for (const chain of [ETHEREUM, BASE]) {
    const vault = chain.vaults.find((candidate) => vaultMarket(chain.name, candidate.address) === name);
    if (vault) return { chain, vault, ...(blueMarket !== undefined && { blueMarket }) };
  }
  return undefined;
}

/** The vault-wide views, read in the first round; a market's cap waits for the vault's queue. Pure. */
function vaultWidePlan(change: ParameterChange, vault: Vault): CurrentValuePlan | undefined {
  switch (change.parameter) {
    case VAULT_TIMELOCK.name:
      return { calls: [vaultCall(vault, 'timelock')], value: ([answer]) => ({ value: Number(decodeFunctionResult({ abi: vaultAbi, functionName: 'timelock', data: answer!.returnData })) }) };
    case VAULT_GUARDIAN.name:
      return { calls: [vaultCall(vault, 'guardian')], value: ([answer]) => ({ value: decodeFunctionResult({ abi: vaultAbi, functionName: 'guardian', data: answer!.returnData }) }) };
    case VAULT_FEE.name:
      return { calls: [vaultCall(vault, 'fee')], value: ([answer]) => ({ value: Number(formatUnits(decodeFunctionResult({ abi: vaultAbi, functionName: 'fee', data: answer!.returnData }), 18)) }) };
    default:
      return undefined;
  }
}

type Planned = { index: number; change: ParameterChange; vault: Vault; plan?: CurrentValuePlan; blueMarket?: string };

/** One market of a vault's withdraw queue: its id, label and config. */
interface QueuedMarket {
  label: string;
  cap: bigint;
  enabled: boolean;
}

/**
 * One chain's reads, in at most three rounds at one block: the vault-wide views and the queue
 * lengths (with the block number), then the queues' ids, then each id's MarketParams and config.
 * Each round is the module's own aggregate3 eth_call, as the vault source reads (not the shared
 * reader's window, where another module's reads of the moment would join and change the request).
 */
async function readChain(chain: MorphoChain, planned: readonly Planned[], context: ComponentContext, readings: ChainReading[]): Promise<void> {
  const client = evmClient(context.upstreams[chain.upstream], chain.viemChain, context.signal);
  const read = (calls: readonly EvmCall[], block?: bigint) => readCanonically((unique) => aggregateCall(client, chain.upstream, unique, block), calls);
  const queued = [...new Set(planned.filter((entry) => entry.blueMarket !== undefined).map((entry) => entry.vault))];
  const wide = planned.flatMap((entry) => (entry.plan && 'calls' in entry.plan ? [{ ...entry, plan: entry.plan }] : []));
  const [, first] = await Promise.all([
    verifyEvmChain(client, chain.upstream, chain.chainId),
    read([blockNumberCall, ...queued.map((vault) => vaultCall(vault, 'withdrawQueueLength')), ...wide.flatMap((entry) => entry.plan.calls)]),
  ]);
  const blockNumber = decodeUint(expectSuccess(first[0], 'Multicall3.getBlockNumber', chain.upstream));
  wide.forEach((entry, at) => (readings[entry.index] = readingOf(entry.plan, [first[1 + queued.length + at]!])));
  if (queued.length === 0) return;

  // A queue whose view refuses or answers what does not decode costs only that vault's cap changes.
  const queues = new Map<Vault, QueuedMarket[] | string>(queued.map((vault) => [vault, []]));
  const attempt = <T>(vault: Vault, fallback: T, decode: () => T): T => {
    try {
      return decode();
    } catch {
      queues.set(vault, 'the vault’s withdraw queue could not be read (a view refused or its answer did not decode)');
      return fallback;
    }
  };
  const lengths = queued.map((vault, at) => attempt(vault, 0, () => Number(decodeUint(expectSuccess(first[1 + at], `${vault.name} withdrawQueueLength`, chain.upstream)))));
  const owners = queued.flatMap((vault, at) => Array.from({ length: lengths[at]! }, () => vault));
  const queueCalls = owners.map((vault, at) => ({ target: vault.address, callData: encodeFunctionData({ abi: vaultAbi, functionName: 'withdrawQueue', args: [BigInt(at - owners.indexOf(vault))] }) }));
  const ids = (await read(queueCalls, blockNumber)).map((result, at) =>
    attempt(owners[at]!, undefined, () => decodeFunctionResult({ abi: vaultAbi, functionName: 'withdrawQueue', data: expectSuccess(result, 'withdrawQueue', chain.upstream) })),
  );
  const known = ids.flatMap((id, at) => (id === undefined ? [] : [{ id, vault: owners[at]! }]));
  const marketCalls = known.flatMap(({ id, vault }) => [
    { target: MORPHO_BLUE, callData: encodeFunctionData({ abi: morphoBlueAbi, functionName: 'idToMarketParams', args: [id] }) },
    { target: vault.address, callData: encodeFunctionData({ abi: vaultAbi, functionName: 'config', args: [id] }) },
  ]);
  const answers = await read(marketCalls, blockNumber);
  known.forEach(({ id, vault }: { id: Hex; vault: Vault }, at) =>
    attempt(vault, undefined, () => {
      const [loanToken, collateralToken, oracle, irm, lltv] = decodeFunctionResult({ abi: morphoBlueAbi, functionName: 'idToMarketParams', data: expectSuccess(answers[2 * at], 'idToMarketParams', chain.upstream) });
      const [cap, enabled] = decodeFunctionResult({ abi: vaultAbi, functionName: 'config', data: expectSuccess(answers[2 * at + 1], 'config', chain.upstream) });
      const marketParams: MarketParams = { loanToken, collateralToken, oracle, irm, lltv };
      const markets = queues.get(vault);
      if (Array.isArray(markets)) markets.push({ label: marketLabel(chain, marketParams, id), cap, enabled });
    }),
  );
  for (const entry of planned) {
    if (entry.blueMarket === undefined) continue;
    const markets = queues.get(entry.vault)!;
    readings[entry.index] = typeof markets === 'string' ? { notRead: markets } : marketReading(entry, markets);
  }
}

/** A cap or a removal's current value from the vault's queued markets, matched by the change's label. Pure. */
function marketReading({ change, vault, blueMarket }: Planned, markets: readonly QueuedMarket[]): ChainReading {
  const matches = markets.filter((market) => market.label === blueMarket);
  if (matches.length > 1) return { notRead: 'two markets of the vault carry this name' };
  const market = matches[0];
  if (change.parameter === VAULT_MARKET_REMOVAL.name) return { value: market?.enabled ? 'enabled' : 'removed' };
  const decimals = (tokenOf(ETHEREUM, vault.asset) ?? tokenOf(BASE, vault.asset))?.decimals;
  if (decimals === undefined) return { notRead: 'the vault asset’s decimals are not known here' };
  // Outside the withdraw queue a market is disabled, and a disabled market's cap is 0 (see above).
  return { value: Number(formatUnits(market?.cap ?? 0n, decimals)) };
}

/**
 * Morpho's current values: for each change of a watched MetaMorpho vault, what the vault holds now
 * (its timelock in seconds, its guardian, its fee as a fraction, a market's supply cap in the vault
 * asset's whole tokens, whether a market is still enabled), read per chain in aggregated rounds at
 * one block. A chain that fails costs its own changes, said "could not be read", never the others'.
 */
export const morphoCurrentValues = (): CurrentValueReader => ({
  async readCurrentValues(changes: readonly ParameterChange[], context: ComponentContext): Promise<ChainReading[]> {
    const unread: ChainReading = { notRead: 'not read' };
    const readings: ChainReading[] = changes.map(() => unread);
    const byChain = new Map<MorphoChain, Planned[]>();
    changes.forEach((change, index) => {
      const found = vaultOf(change);
      if (!found) return void (readings[index] = { notRead: change.market ? 'this market is not read on chain yet' : 'it names no market' });
      const { chain, vault, blueMarket } = found;
      const marketWide = change.parameter === VAULT_SUPPLY_CAP.name || change.parameter === VAULT_MARKET_REMOVAL.name;
      if (marketWide && blueMarket === undefined) return void (readings[index] = { notRead: 'it names no market of the vault' });
      const plan = marketWide ? undefined : vaultWidePlan(change, vault);
      if (!marketWide && !plan) return void (readings[index] = { notRead: 'this parameter is not read on chain yet' });
      byChain.set(chain, [...(byChain.get(chain) ?? []), { index, change, vault, ...(plan && { plan }), ...(marketWide && { blueMarket: blueMarket! }) }]);
    });
    await Promise.all(
      [...byChain].map(async ([chain, planned]) => {
        try {
          await readChain(chain, planned, context, readings);
        } catch (error) {
          // Named by the chain in words: the failure's own text may name an upstream, or only a library's error.
          // A later round's failure keeps what the first round read (the vault-wide views).
          for (const { index } of planned) if (readings[index] === unread) readings[index] = { notRead: `could not be read on ${chainName(chain.name)} (${describeFailure(error)})` };
        }
      }),
    );
    return readings;
  },
});

