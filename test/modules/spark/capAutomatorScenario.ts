import { type Abi, type Hex, numberToHex, padHex } from 'viem';
import { capAutomatorEvents, capConfigAbi, SPARK_CAP_AUTOMATOR, sparkFreezeEvents } from '../../../shared/modules/spark/capAutomator.js';
import type { InnerCall } from '../../support/fakeEvmNode.js';
import { SPARKLEND_ETHEREUM } from '../../../shared/modules/spark/exposure/deployment.js';
import { SPARK_STAR_GUARD, starGuardEvents } from '../../../shared/modules/spark/starGuard.js';
import type { ScenarioChain, ScenarioEvent } from '../../support/logNode.js';
import { HEAD, timeOf } from '../aave/stewards/stewardScenario.js';

/*
 * The recorded Ethereum window of Spark's cap automator source (test/fixtures/upstream/ethereum/spark-cap-automator.json),
 * at the same head as the Aave stewards' (so both answer the one eth_getBlockByNumber):
 * - the WBTC raise: sparklend-cap-automator test/Integration.t.sol @5c054cf (mainnet fork at block
 *   18721430): WBTC supply cap 3,000 → 3,250 (initial supply 750 + 2,000 supplied + gap 500);
 *   its block, time and transaction here are SYNTHETIC;
 * - a freeze of GNO with no spell (FreezerMom's path), and one inside a StarGuard exec (a spell),
 *   which the source leaves to the spell: SYNTHETIC placement on the real contracts and events.
 */
const DAY = 7_200n;
const tx = (n: number): Hex => padHex(numberToHex(0x5ca9000 + n), { size: 32 });
const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const GNO = '0x6810e776880C02933D47DB1b9fc05908e5386b96';
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';

export const WBTC_CAP = [3_000n, 3_250n] as const;

export const CAP_AUTOMATOR_EVENTS: ScenarioEvent[] = [
  { address: SPARKLEND_ETHEREUM.poolConfigurator, abi: sparkFreezeEvents as unknown as Abi, eventName: 'ReserveFrozen', args: { asset: DAI, frozen: true }, blockNumber: HEAD - 20n * DAY, logIndex: 5, transactionHash: tx(1) },
  { address: SPARK_STAR_GUARD, abi: starGuardEvents as unknown as Abi, eventName: 'Exec', args: { addr: '0x00000000000000000000000000000000000000aa' }, blockNumber: HEAD - 20n * DAY, logIndex: 6, transactionHash: tx(1) },
  { address: SPARK_CAP_AUTOMATOR, abi: capAutomatorEvents as unknown as Abi, eventName: 'UpdateSupplyCap', args: { asset: WBTC, oldSupplyCap: WBTC_CAP[0], newSupplyCap: WBTC_CAP[1] }, blockNumber: HEAD - 3n * DAY, logIndex: 30, transactionHash: tx(2) },
  { address: SPARKLEND_ETHEREUM.poolConfigurator, abi: sparkFreezeEvents as unknown as Abi, eventName: 'ReserveFrozen', args: { asset: GNO, frozen: true }, blockNumber: HEAD - 2n * DAY, logIndex: 11, transactionHash: tx(3) },
];

export const CAP_AUTOMATOR_CHAIN: ScenarioChain = { chainId: '0x1', head: HEAD, timeOf, events: CAP_AUTOMATOR_EVENTS };

/**
 * WBTC's supply-cap config as supplyCapConfigs(WBTC) answers at the head: max 6,000, gap 500,
 * cooldown 12 hours are the integration test's setSupplyCapConfig (test/Integration.t.sol @5c054cf);
 * lastUpdateBlock and lastIncreaseTime are the raise's SYNTHETIC block and time above.
 */
const RAISE = CAP_AUTOMATOR_EVENTS.find((event) => event.eventName === 'UpdateSupplyCap')!;
export const WBTC_CAP_CONFIG = { max: 6_000, gap: 500, increaseCooldown: 12 * 3600, lastUpdateBlock: Number(RAISE.blockNumber), lastIncreaseTime: Number(timeOf(RAISE.blockNumber)) };

/** The automator's config views for the stand-in node: WBTC's supply cap only (any other call reverts). */
export function capConfigAnswer(call: InnerCall) {
  if (call.target.toLowerCase() !== SPARK_CAP_AUTOMATOR.toLowerCase() || call.functionName !== 'supplyCapConfigs' || String(call.args[0]).toLowerCase() !== WBTC.toLowerCase()) return undefined;
  const { max, gap, increaseCooldown, lastUpdateBlock, lastIncreaseTime } = WBTC_CAP_CONFIG;
  return { abi: capConfigAbi as unknown as Abi, result: [max, gap, increaseCooldown, lastUpdateBlock, lastIncreaseTime] };
}
