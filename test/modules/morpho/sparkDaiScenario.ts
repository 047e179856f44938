import { type Abi, type Address, encodeAbiParameters, encodeEventTopics, type Hex } from 'viem';
import { morphoBlueAbi, vaultAbi, vaultEvents } from '../../../shared/modules/morpho/abi.js';
import { ETHEREUM, MORPHO_BLUE } from '../../../shared/modules/morpho/deployment.js';
import { marketId } from '../../../shared/modules/morpho/exposure/blueMarkets.js';
import type { MarketParams } from '../../../shared/modules/morpho/readVaultGovernance.js';
import { blockNumberCall, multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import type { FakeEvmState, InnerCall, RpcLog } from '../../support/fakeEvmNode.js';

/*
 * The Spark DAI vault's cap changes of Spark's 2025-01-09 spell, as the state the Ethereum vault
 * source reads. REAL values (README.md §Recordings):
 * - the eight submitCap calls, their order, markets and caps: marsfoundation/spark-spells
 *   src/proposals/20250109/SparkEthereum_20250109.sol @cdcd6ee9 (`_morphoSupplyCapUpdates`);
 * - the caps before and after, the 1-day timelock and the two pending raises:
 *   src/proposals/20250109/SparkEthereum_20250109.t.sol @b6deeb5d
 *   (test_ETHEREUM_MorphoSupplyCapUpdates, forked at mainnet block 21,503,780);
 * - the caller: the spell runs in the Spark SubProxy by delegatecall, so msg.sender is
 *   SPARK_PROXY (sparkdotfi/spark-address-registry src/Ethereum.sol); the vault, DAI, USDe, sUSDe,
 *   the oracles and the IRM from the same file; the PT tokens and their feeds from the spell.
 * SYNTHETIC (no public material gives them): the block of the spell's execution and the head
 * (21,590,000 and 12 hours later), their timestamps, the log indices (in the spell's call order),
 * the fee and guardian of every vault, the timelock of the four vaults other than Spark's, and the
 * absence of any other event in the window. transactionHash and blockHash are null (not known).
 */

export const SPARK_DAI_VAULT: Address = '0x73e65DBD630f90604062f6E02fAb9138e713edD9';
export const SPARK_PROXY: Address = '0x3300f198988e4C9C63F75dF86De36421f06af8c4';

const DAI: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const USDE: Address = '0x4c9EDD5852cd905f086C759E8383e09bff1E68B3';
const SUSDE: Address = '0x9D39A5DE30e57443BfF2A8307A4256c8797A3497';
const MORPHO_USDE_ORACLE: Address = '0xaE4750d0813B5E37A51f7629beedd72AF1f9cA35';
const MORPHO_SUSDE_ORACLE: Address = '0x5D916980D5Ae1737a8330Bf24dF812b2911Aae25';
const IRM: Address = '0x870aC11D48B15DB9a138Cf899d20F13F79Ba00BC';
const e18 = 10n ** 18n;
const market = (collateralToken: Address, oracle: Address, lltvPerMille: bigint): MarketParams => ({ loanToken: DAI, collateralToken, oracle, irm: IRM, lltv: (lltvPerMille * e18) / 1000n });

/** The spell's eight markets, in its call order, with the cap before (test) and the cap submitted (spell). */
export const SPELL_CAPS: readonly { label: string; params: MarketParams; before: bigint; submitted: bigint }[] = [
  { label: 'USDe/DAI 94.5%', params: market(USDE, MORPHO_USDE_ORACLE, 945n), before: 10_000_000n * e18, submitted: 0n },
  { label: 'USDe/DAI 77%', params: market(USDE, MORPHO_USDE_ORACLE, 770n), before: 1_000_000_000n * e18, submitted: 0n },
  { label: 'sUSDe/DAI 94.5%', params: market(SUSDE, MORPHO_SUSDE_ORACLE, 945n), before: 10_000_000n * e18, submitted: 0n },
  { label: 'sUSDe/DAI 77%', params: market(SUSDE, MORPHO_SUSDE_ORACLE, 770n), before: 1_000_000_000n * e18, submitted: 0n },
  { label: 'PT-sUSDe-24Oct2024/DAI 86%', params: market('0xAE5099C39f023C91d3dd55244CAFB36225B0850E', '0xaE4750d0813B5E37A51f7629beedd72AF1f9cA35', 860n), before: 100_000_000n * e18, submitted: 0n },
  { label: 'PT-sUSDe-26Dec2024/DAI 91.5%', params: market('0xEe9085fC268F6727d5D4293dBABccF901ffDCC29', '0x81E5E28F33D314e9211885d6f0F4080E755e4595', 915n), before: 250_000_000n * e18, submitted: 0n },
  { label: 'PT-sUSDe-27Mar2025/DAI 91.5%', params: market('0xE00bd3Df25fb187d6ABBB620b3dfd19839947b81', '0x38d130cEe60CDa080A3b3aC94C79c34B6Fc919A7', 915n), before: 400_000_000n * e18, submitted: 500_000_000n * e18 },
  { label: 'PT-sUSDe-29May2025/DAI 91.5%', params: market('0xb7de5dFCb74d25c2f21841fbd6230355C50d9308', '0xE84f7e0a890e5e57d0beEa2c8716dDf0c9846B4A', 915n), before: 0n, submitted: 200_000_000n * e18 },
];

/** Synthetic placement (see above). */
export const SPELL_BLOCK = 21_590_000n;
export const HEAD = SPELL_BLOCK + 3_600n;
export const SPELL_TIMESTAMP = 1_736_424_000n; // 2025-01-09T12:00:00Z
export const HEAD_TIMESTAMP = SPELL_TIMESTAMP + 3_600n * 12n;
/** The Spark DAI vault's timelock (real: the test asserts 1 days). */
export const TIMELOCK = 86_400n;
export const VALID_AT = SPELL_TIMESTAMP + TIMELOCK;

const hex = (value: bigint | number): Hex => `0x${value.toString(16)}`;
const ZERO: Address = '0x0000000000000000000000000000000000000000';

/** The spell's events: a SetCap for each cut (decreases are immediate), a SubmitCap for each raise. */
export function spellLogs(): RpcLog[] {
  return SPELL_CAPS.map((entry, index) => {
    const raise = entry.submitted > entry.before;
    const eventName = raise ? 'SubmitCap' : 'SetCap';
    const topics = encodeEventTopics({ abi: vaultEvents, eventName, args: { caller: SPARK_PROXY, id: marketId(entry.params) } }) as Hex[];
    return {
      address: SPARK_DAI_VAULT.toLowerCase() as Hex,
      topics,
      data: encodeAbiParameters([{ type: 'uint256' }], [entry.submitted]),
      blockNumber: hex(SPELL_BLOCK),
      logIndex: hex(index),
      transactionIndex: '0x0',
      transactionHash: null,
      blockHash: null,
      removed: false,
    };
  });
}

/** The state at the head: the pending raises wait for VALID_AT; the cuts are in force. */
export const sparkDaiState: FakeEvmState = {
  chainId: '0x1',
  answer(call: InnerCall) {
    const vault = ETHEREUM.vaults.find((entry) => entry.address.toLowerCase() === call.target.toLowerCase());
    const spark = call.target.toLowerCase() === SPARK_DAI_VAULT.toLowerCase();
    const byId = (id: unknown) => SPELL_CAPS.find((entry) => marketId(entry.params) === id);
    if (call.target.toLowerCase() === blockNumberCall.target.toLowerCase()) {
      return { abi: multicall3Abi as unknown as Abi, result: call.functionName === 'getBlockNumber' ? HEAD : HEAD_TIMESTAMP };
    }
    if (call.target.toLowerCase() === MORPHO_BLUE.toLowerCase() && call.functionName === 'idToMarketParams') {
      const found = byId(call.args[0]);
      const params = found?.params ?? { loanToken: ZERO, collateralToken: ZERO, oracle: ZERO, irm: ZERO, lltv: 0n };
      return { abi: morphoBlueAbi as unknown as Abi, result: [params.loanToken, params.collateralToken, params.oracle, params.irm, params.lltv] };
    }
    if (!vault) return undefined;
    const abi = vaultAbi as unknown as Abi;
    switch (call.functionName) {
      case 'timelock':
        return { abi, result: TIMELOCK };
      case 'fee':
        return { abi, result: 0n };
      case 'guardian':
        return { abi, result: ZERO };
      case 'pendingTimelock':
        return { abi, result: [0n, 0n] };
      case 'pendingGuardian':
        return { abi, result: [ZERO, 0n] };
      case 'config': {
        const found = spark ? byId(call.args[0]) : undefined;
        if (!found) return { abi, result: [0n, false, 0n] };
        const raise = found.submitted > found.before;
        const cap = raise ? found.before : found.submitted;
        return { abi, result: [cap, cap > 0n || found.before > 0n, 0n] };
      }
      case 'pendingCap': {
        const found = spark ? byId(call.args[0]) : undefined;
        if (!found || found.submitted <= found.before) return { abi, result: [0n, 0n] };
        return { abi, result: [found.submitted, VALID_AT] };
      }
      default:
        return undefined;
    }
  },
  logs(filter) {
    const addresses = (Array.isArray(filter.address) ? filter.address : [filter.address ?? '']).map((address) => address.toLowerCase());
    if (!addresses.includes(SPARK_DAI_VAULT.toLowerCase())) return [];
    if (BigInt(filter.fromBlock) > SPELL_BLOCK || BigInt(filter.toBlock) < SPELL_BLOCK) return [];
    return spellLogs();
  },
};
