import { type Address, decodeFunctionResult, encodeFunctionData, getAddress, type Hex, hexToString, stringToHex, zeroAddress } from 'viem';
import { blockNumberCall, decodeUint, type EthereumReader, type EvmCall, expectSuccess } from '../../../upstream/clients/ethereumReader.js';
import { upstreamMalformed } from '../../../upstream/errors.js';
import { getCdpsAbi, jugAbi, lockstakeEngineAbi, proxyRegistryAbi, spotAbi, vatAbi } from './vaultAbi.js';
import { SKY_VAULTS } from './vaultDeployment.js';

/** One urn of a wallet, as the Vat, the Spotter and the Jug state it (wads and rays, as read). */
export interface VaultRead {
  ilk: string;
  urn: Address;
  /** The CDP manager's id, for a vault opened there (directly or through the wallet's DSProxy); absent for a staking-engine urn. */
  cdpId?: bigint;
  /** A staking-engine (LockstakeEngine) urn, whose debt is drawn in USDS. */
  lockstake: boolean;
  /** Vat urn: collateral (wad) and normalized debt (wad). */
  ink: bigint;
  art: bigint;
  /** Vat ilk: the debt accumulator (ray) and the collateral's price over `mat` (ray). */
  rate: bigint;
  spot: bigint;
  /** Spotter `mat` (ray, 1.45e27 for 145 %). */
  mat: bigint;
  /** Jug duty and base (per-second rays; the fee compounds at duty + base). */
  duty: bigint;
  base: bigint;
}

/** At most this many staking-engine urns of one owner are read (most owners have one, at index 0). */
export const MAX_LOCKSTAKE_URNS = 20;

const call = (target: Address, callData: Hex): EvmCall => ({ target, callData });
const ilkBytes = (ilk: string): Hex => stringToHex(ilk, { size: 32 });
const ilkName = (bytes: Hex): string => hexToString(bytes, { size: 32 }).replace(/\0+$/, '');

/** Round one: the wallet's DSProxy, its own vaults in the CDP manager, its staking-engine urn count, the engine's ilk, the Jug's base. Pure. */
export function vaultRoundOne(user: Address): EvmCall[] {
  return [
    call(SKY_VAULTS.proxyRegistry, encodeFunctionData({ abi: proxyRegistryAbi, functionName: 'proxies', args: [user] })),
    call(SKY_VAULTS.getCdps, encodeFunctionData({ abi: getCdpsAbi, functionName: 'getCdpsAsc', args: [SKY_VAULTS.cdpManager, user] })),
    call(SKY_VAULTS.lockstakeEngine, encodeFunctionData({ abi: lockstakeEngineAbi, functionName: 'ownerUrnsCount', args: [user] })),
    call(SKY_VAULTS.lockstakeEngine, encodeFunctionData({ abi: lockstakeEngineAbi, functionName: 'ilk' })),
    call(SKY_VAULTS.jug, encodeFunctionData({ abi: jugAbi, functionName: 'base' })),
    blockNumberCall,
  ];
}

/** The four reads that state one urn: Vat urns and ilks, Spotter ilks (mat), Jug ilks (duty). Pure. */
export function urnReads(ilk: string, urn: Address): EvmCall[] {
  const bytes = ilkBytes(ilk);
  return [
    call(SKY_VAULTS.vat, encodeFunctionData({ abi: vatAbi, functionName: 'urns', args: [bytes, urn] })),
    call(SKY_VAULTS.vat, encodeFunctionData({ abi: vatAbi, functionName: 'ilks', args: [bytes] })),
    call(SKY_VAULTS.spot, encodeFunctionData({ abi: spotAbi, functionName: 'ilks', args: [bytes] })),
    call(SKY_VAULTS.jug, encodeFunctionData({ abi: jugAbi, functionName: 'ilks', args: [bytes] })),
  ];
}

function decoded<T>(decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    throw upstreamMalformed('ethereum', error);
  }
}

const cdpsOf = (data: Hex) => decoded(() => decodeFunctionResult({ abi: getCdpsAbi, functionName: 'getCdpsAsc', data }));

interface FoundUrn {
  ilk: string;
  urn: Address;
  cdpId?: bigint;
  lockstake: boolean;
}

const fromCdps = (data: Hex): FoundUrn[] => {
  const [ids, urns, ilks] = cdpsOf(data);
  return ids.map((id, index) => ({ ilk: ilkName(ilks[index]!), urn: getAddress(urns[index]!), cdpId: id, lockstake: false }));
};

/**
 * A wallet's Sky vaults, on the shared Ethereum reader: round one rides with the other modules'
 * first reads (the wallet's DSProxy, its vaults in the CDP manager, its staking-engine urn count);
 * only a wallet with a DSProxy or an urn costs more: round two lists the proxy's vaults and the
 * engine's urns, round three reads each urn's Vat, Spotter and Jug state, both pinned to round one's
 * block. Every read must succeed (a vault priced without its rate would be wrong), else the module
 * fails and the scan degrades it alone.
 */
export async function readSkyVaults(reader: EthereumReader, user: Address, signal: AbortSignal): Promise<VaultRead[]> {
  const first = await reader.read(vaultRoundOne(user), { signal });
  const proxy = getAddress(`0x${expectSuccess(first[0], 'ProxyRegistry.proxies').slice(-40)}`);
  const direct = fromCdps(expectSuccess(first[1], 'GetCdps.getCdpsAsc'));
  const count = Number(decodeUint(expectSuccess(first[2], 'LockstakeEngine.ownerUrnsCount')));
  const engineIlk = ilkName(expectSuccess(first[3], 'LockstakeEngine.ilk').slice(0, 66) as Hex);
  const base = decodeUint(expectSuccess(first[4], 'Jug.base'));
  const blockNumber = decodeUint(expectSuccess(first[5], 'Multicall3.getBlockNumber'));
  const hasProxy = proxy !== zeroAddress;
  if (!hasProxy && direct.length === 0 && count === 0) return [];

  const urnCount = Math.min(count, MAX_LOCKSTAKE_URNS);
  const discovery = [
    ...(hasProxy ? [call(SKY_VAULTS.getCdps, encodeFunctionData({ abi: getCdpsAbi, functionName: 'getCdpsAsc', args: [SKY_VAULTS.cdpManager, proxy] }))] : []),
    ...Array.from({ length: urnCount }, (_, index) => call(SKY_VAULTS.lockstakeEngine, encodeFunctionData({ abi: lockstakeEngineAbi, functionName: 'ownerUrns', args: [user, BigInt(index)] }))),
  ];
  const second = await reader.read(discovery, { blockNumber, signal });
  const viaProxy = hasProxy ? fromCdps(expectSuccess(second[0], 'GetCdps.getCdpsAsc(proxy)')) : [];
  const staked = second.slice(hasProxy ? 1 : 0).map((result, index): FoundUrn => ({ ilk: engineIlk, urn: getAddress(`0x${expectSuccess(result, `LockstakeEngine.ownerUrns(${index})`).slice(-40)}`), lockstake: true }));
  const urns = [...direct, ...viaProxy, ...staked];
  if (urns.length === 0) return [];

  const third = await reader.read(urns.flatMap(({ ilk, urn }) => urnReads(ilk, urn)), { blockNumber, signal });
  return urns.map((found, index): VaultRead => {
    const [urnData, vatIlk, spotIlk, jugIlk] = third.slice(index * 4, index * 4 + 4).map((result, at) => expectSuccess(result, `${found.ilk} ${['Vat.urns', 'Vat.ilks', 'Spotter.ilks', 'Jug.ilks'][at]}`)) as [Hex, Hex, Hex, Hex];
    const [ink, art] = decoded(() => decodeFunctionResult({ abi: vatAbi, functionName: 'urns', data: urnData }));
    const [, rate, spot] = decoded(() => decodeFunctionResult({ abi: vatAbi, functionName: 'ilks', data: vatIlk }));
    const [, mat] = decoded(() => decodeFunctionResult({ abi: spotAbi, functionName: 'ilks', data: spotIlk }));
    const [duty] = decoded(() => decodeFunctionResult({ abi: jugAbi, functionName: 'ilks', data: jugIlk }));
    return { ...found, ink, art, rate, spot, mat, duty, base };
  });
}
