import { type Address, decodeFunctionResult, encodeFunctionData, getAddress, type Hex, hexToString, stringToHex, zeroAddress } from 'viem';
import { addressAt, addressWord, callData, wordAt } from '../../../upstream/clients/abiWords.js';
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

/*
 * Round one is asked on every evm scan, so its calldata is built by concatenation (abiWords.ts) from
 * selectors encoded once, and its wallet-free calls once per process: byte for byte viem's encoding.
 */
const selector = (data: Hex): Hex => data.slice(0, 10) as Hex;
const PROXIES = selector(encodeFunctionData({ abi: proxyRegistryAbi, functionName: 'proxies', args: [zeroAddress] }));
const GET_CDPS_ASC = selector(encodeFunctionData({ abi: getCdpsAbi, functionName: 'getCdpsAsc', args: [zeroAddress, zeroAddress] }));
const OWNER_URNS_COUNT = selector(encodeFunctionData({ abi: lockstakeEngineAbi, functionName: 'ownerUrnsCount', args: [zeroAddress] }));
const ENGINE_ILK = call(SKY_VAULTS.lockstakeEngine, encodeFunctionData({ abi: lockstakeEngineAbi, functionName: 'ilk' }));
const JUG_BASE = call(SKY_VAULTS.jug, encodeFunctionData({ abi: jugAbi, functionName: 'base' }));
const MANAGER_WORD = addressWord(SKY_VAULTS.cdpManager);

/** Round one: the wallet's DSProxy, its own vaults in the CDP manager, its staking-engine urn count, the engine's ilk, the Jug's base. Pure. */
export function vaultRoundOne(user: Address): EvmCall[] {
  const userWord = addressWord(user);
  return [
    call(SKY_VAULTS.proxyRegistry, callData(PROXIES, userWord)),
    call(SKY_VAULTS.getCdps, callData(GET_CDPS_ASC, MANAGER_WORD, userWord)),
    call(SKY_VAULTS.lockstakeEngine, callData(OWNER_URNS_COUNT, userWord)),
    ENGINE_ILK,
    JUG_BASE,
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
  // Nearly every wallet has no CDP: the ids array's length (the word its offset points to) says so without a decoder (a scan's CPU is mostly decoding).
  if (decoded(() => wordAt(data, Number(wordAt(data, 0) / 32n))) === 0n) return [];
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
  const proxy = decoded(() => addressAt(expectSuccess(first[0], 'ProxyRegistry.proxies'), 0));
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
