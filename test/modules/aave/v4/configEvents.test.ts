import { AaveV4Ethereum } from '@aave-dao/aave-address-book';
import { type Address, encodeAbiParameters, encodeEventTopics, keccak256, toBytes, toEventSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { configEventsAbi } from '../../../../shared/modules/aave/v4/abi.js';
import { changesOfConfigEvents, type ConfigLog } from '../../../../shared/modules/aave/v4/changesOfConfigEvents.js';
import { V4_SPOKES } from '../../../../shared/modules/aave/v4/spokes.js';

/*
 * The logs proposal 516 (Onboard PAXG to the Global Dollar Hub, Ethereum payload 466) makes the PAXG
 * Gold Spoke and the Global Dollar Hub emit, encoded with ISpoke's and IHub's own event layouts from
 * the values of its source: aave-dao/aave-proposals-v3 @042f3759
 * src/20260824_AaveV4Ethereum_OnboardPAXGGlobalDollarHub/AaveV4Ethereum_OnboardPAXGGlobalDollarHub_20260824.sol
 * (PAXG: CF 75 %, max bonus 106.5 %, fee 10 %, collateral risk 0, not borrowable; liquidation config
 * 1.2 / 0.9 / 80 %; hub caps PAXG 2,500 / 0). The reserve and asset ids are the spoke's first
 * listing (0) and a synthetic hub asset id (7): the source does not state them.
 */
const PAXG_SPOKE = AaveV4Ethereum.SPOKES.PAXG_GOLD_SPOKE as Address;
const HUB = AaveV4Ethereum.HUBS.GLOBAL_DOLLAR_HUB as Address;
const event = (name: string) => configEventsAbi.find((item) => item.type === 'event' && item.name === name)!;

function log(address: Address, name: string, args: Record<string, unknown>, data: { types: { type: string; components?: unknown }[]; values: unknown[] }): ConfigLog {
  const topics = encodeEventTopics({ abi: [event(name)], eventName: name, args } as never) as ConfigLog['topics'];
  return { address, topics, data: encodeAbiParameters(data.types as never, data.values as never), at: 'payload 466' };
}
const DYNAMIC = { type: 'tuple', components: [{ type: 'uint16' }, { type: 'uint32' }, { type: 'uint16' }] };
const RESERVE = { type: 'tuple', components: [{ type: 'uint24' }, { type: 'bool' }, { type: 'bool' }, { type: 'bool' }, { type: 'bool' }] };
const LIQUIDATION = { type: 'tuple', components: [{ type: 'uint128' }, { type: 'uint64' }, { type: 'uint16' }] };
const ASSET_CONFIG = { type: 'tuple', components: [{ type: 'address' }, { type: 'uint16' }, { type: 'address' }, { type: 'address' }] };
const SPOKE_CONFIG = { type: 'tuple', components: [{ type: 'uint40' }, { type: 'uint40' }, { type: 'uint24' }, { type: 'bool' }, { type: 'bool' }] };

const LOGS: ConfigLog[] = [
  log(PAXG_SPOKE, 'AddReserve', { reserveId: 0n, assetId: 7n, hub: HUB }, { types: [], values: [] }),
  log(PAXG_SPOKE, 'UpdateReserveConfig', { reserveId: 0n }, { types: [RESERVE], values: [[0, false, false, false, true]] }),
  log(PAXG_SPOKE, 'AddDynamicReserveConfig', { reserveId: 0n, dynamicConfigKey: 0 }, { types: [DYNAMIC], values: [[7500, 10_650, 1000]] }),
  log(PAXG_SPOKE, 'UpdateLiquidationConfig', {}, { types: [LIQUIDATION], values: [[12n * 10n ** 17n, 9n * 10n ** 17n, 8000]] }),
  log(HUB, 'UpdateSpokeConfig', { assetId: 7n, spoke: PAXG_SPOKE }, { types: [SPOKE_CONFIG], values: [[2500n, 0n, 0, true, false]] }),
];

const decode = (logs: readonly ConfigLog[]) =>
  changesOfConfigEvents({
    logs,
    marketOfSpoke: (spoke) => V4_SPOKES.find((entry) => entry.spoke.toLowerCase() === spoke.toLowerCase())?.market,
    symbolOfReserve: (spoke, reserveId) => (spoke === PAXG_SPOKE && reserveId === 0n ? 'PAXG' : undefined),
    symbolOfHubAsset: (hub, assetId) => (hub === HUB && assetId === 7n ? 'PAXG' : undefined),
    marketsOfHubAsset: () => ['aave-v4-ethereum-paxg-gold'],
  });

describe('Aave v4 configuration events as ParameterChanges', () => {
  it('reads the events by their canonical signatures (the selectors the spoke and hub emit)', () => {
    const signature = (text: string) => keccak256(toBytes(text));
    // A dynamic config key is a uint32 in the deployed spokes (the address book's ISpokeV4; publishedAbis.test.ts).
    expect(toEventSelector(event('UpdateDynamicReserveConfig'))).toBe(signature('UpdateDynamicReserveConfig(uint256,uint32,(uint16,uint32,uint16))'));
    expect(toEventSelector(event('AddDynamicReserveConfig'))).toBe(signature('AddDynamicReserveConfig(uint256,uint32,(uint16,uint32,uint16))'));
    expect(toEventSelector(event('UpdateReserveConfig'))).toBe(signature('UpdateReserveConfig(uint256,(uint24,bool,bool,bool,bool))'));
    expect(toEventSelector(event('UpdateLiquidationConfig'))).toBe(signature('UpdateLiquidationConfig((uint128,uint64,uint16))'));
    expect(toEventSelector(event('UpdateSpokeConfig'))).toBe(signature('UpdateSpokeConfig(uint256,address,(uint40,uint40,uint24,bool,bool))'));
    expect(toEventSelector(event('UpdateInterestRateData'))).toBe(signature('UpdateInterestRateData(address,uint256,uint256,uint256,uint256,uint256)'));
    expect(toEventSelector(event('UpdateAssetConfig'))).toBe(signature('UpdateAssetConfig(uint256,(address,uint16,address,address))'));
  });

  it('decodes proposal 516’s PAXG onboarding into verified changes on the PAXG Gold Spoke, the new key’s named', () => {
    const changes = decode(LOGS);
    const market = 'aave-v4-ethereum-paxg-gold';
    const at = (parameter: string) => changes.find((change) => change.parameter === parameter);
    expect(changes.every((change) => change.verified && change.protocol === 'aave' && change.market === market)).toBe(true);
    expect(at('listing')).toMatchObject({ asset: 'PAXG', to: 'listed', unit: 'state' });
    expect(at('v4CollateralRisk')).toMatchObject({ asset: 'PAXG', to: 0, unit: 'bps' });
    expect(at('v4ReserveState')).toMatchObject({ to: 'not borrowable' });
    expect(at('v4CollateralFactor')).toMatchObject({ asset: 'PAXG', to: 7500, unit: 'bps', configKey: 0, evidence: 'AddDynamicReserveConfig (payload 466)' });
    expect(at('v4MaxLiquidationBonus')).toMatchObject({ to: 650, configKey: 0 });
    expect(at('v4LiquidationFee')).toMatchObject({ to: 1000, configKey: 0 });
    expect(at('v4TargetHealthFactor')).toMatchObject({ to: 1.2, unit: 'state' });
    expect(at('v4HealthFactorForMaxBonus')).toMatchObject({ to: 0.9 });
    expect(at('v4LiquidationBonusFactor')).toMatchObject({ to: 8000, unit: 'bps' });
    expect(at('v4AddCap')).toMatchObject({ asset: 'PAXG', to: 2500, unit: 'tokens' });
    expect(at('v4DrawCap')).toMatchObject({ to: 0 });
    expect(at('v4SpokeState')).toMatchObject({ to: 'active' });
  });

  it('names an update of an existing key with that key, and gives a hub’s rates to every spoke listing the asset', () => {
    const update = log(PAXG_SPOKE, 'UpdateDynamicReserveConfig', { reserveId: 0n, dynamicConfigKey: 3 }, { types: [DYNAMIC], values: [[7000, 10_700, 1000]] });
    const rates = log('0xD7eC225DC053151100A0ef47b94a77AAD9C413b7', 'UpdateInterestRateData', { hub: HUB, assetId: 7n }, { types: [{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }], values: [9000n, 0n, 400n, 6000n] });
    const changes = decode([update, rates]);
    expect(changes.filter((change) => change.configKey === 3).map((change) => [change.parameter, change.to])).toEqual([
      ['v4CollateralFactor', 7000],
      ['v4MaxLiquidationBonus', 700],
      ['v4LiquidationFee', 1000],
    ]);
    expect(changes.filter((change) => change.configKey === undefined).map((change) => [change.parameter, change.to])).toEqual([
      ['optimalUsage', 9000],
      ['baseRate', 0],
      ['slope1', 0.04],
      ['slope2', 0.6],
    ]);
  });

  it('gives a hub asset’s config (UpdateAssetConfig) to every spoke listing it: the liquidity fee in bps, the addresses lower-case', () => {
    const STRATEGY = '0xD7eC225DC053151100A0ef47b94a77AAD9C413b7';
    const RECEIVER = AaveV4Ethereum.SPOKES.TREASURY_SPOKE as Address;
    const config = log(HUB, 'UpdateAssetConfig', { assetId: 7n }, { types: [ASSET_CONFIG], values: [[RECEIVER, 1_500, STRATEGY, '0x0000000000000000000000000000000000000000']] });
    const changes = changesOfConfigEvents({
      logs: [config],
      marketOfSpoke: () => undefined,
      symbolOfReserve: () => undefined,
      symbolOfHubAsset: (hub, assetId) => (hub === HUB && assetId === 7n ? 'PAXG' : undefined),
      marketsOfHubAsset: (hub, assetId) => (hub === HUB && assetId === 7n ? ['aave-v4-ethereum-paxg-gold', 'aave-v4-ethereum-main'] : []),
    });
    expect(changes.map(({ market, asset, parameter, to, unit }) => [market, asset, parameter, to, unit])).toEqual(
      ['aave-v4-ethereum-paxg-gold', 'aave-v4-ethereum-main'].flatMap((market) => [
        [market, 'PAXG', 'v4LiquidityFee', 1_500, 'bps'],
        [market, 'PAXG', 'v4RateStrategy', STRATEGY.toLowerCase(), 'state'],
        [market, 'PAXG', 'v4ReinvestmentController', '0x0000000000000000000000000000000000000000', 'state'],
        [market, 'PAXG', 'v4FeeReceiver', RECEIVER.toLowerCase(), 'state'],
      ]),
    );
    expect(changes.every((change) => change.verified && change.evidence === 'UpdateAssetConfig (payload 466)')).toBe(true);
    // Another hub's asset 7 is not this one.
    expect(decode([{ ...config, address: AaveV4Ethereum.HUBS.CORE_HUB as Address }])).toEqual([]);
  });

  it('skips a log it cannot place (another contract, an unknown reserve, another event) rather than guessing', () => {
    const elsewhere = { ...LOGS[2]!, address: '0x0000000000000000000000000000000000000001' as Address };
    const unknownReserve = log(PAXG_SPOKE, 'AddDynamicReserveConfig', { reserveId: 9n, dynamicConfigKey: 1 }, { types: [DYNAMIC], values: [[7500, 10_650, 1000]] });
    const transfer: ConfigLog = { address: PAXG_SPOKE, topics: [keccak256(toBytes('Transfer(address,address,uint256)'))], data: '0x' };
    expect(decode([elsewhere, unknownReserve, transfer])).toEqual([]);
  });
});
