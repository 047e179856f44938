import { type Abi, type AbiEvent, type AbiFunction, type AbiParameter, parseAbi, toEventSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { configEventsAbi } from '../../../../shared/modules/aave/v4/abi.js';
import { V4_PAYLOAD_VIEWS, v4PayloadAbi } from '../../../../shared/modules/aave/v4/payloadViews.js';
import { snapshotAbis, unpublishedItems } from '../../../support/publishedAbi.js';

/*
 * The v4 configuration events we decode, against aave-v4's own sources at v0.5.11 (cdacec5, the
 * revision whose ISpoke and IHub match the address book's ISpokeV4 and IHubV4), compiled by solc-js
 * into test/fixtures/abis/aave-v4-interfaces@cdacec5.json (snapshotAbi.ts). The book publishes no
 * rate strategy ABI, so this snapshot is the only proof of the event a rate change emits: our
 * fragment said UpdateRateData (the name before d6dcb7e, 2026-03-10), whose topic no deployed
 * strategy emits, and no test could tell.
 */

const source = snapshotAbis('aave-v4-interfaces@cdacec5');
const ours = (configEventsAbi as unknown as Abi).filter((item): item is AbiEvent => item.type === 'event');
const theirs = (contract: string, name: string) => source[contract]!.find((item): item is AbiEvent => item.type === 'event' && item.name === name);
/** Parameter names, struct fields spelled out: the decoder reads a log's arguments by them (args.baseDrawnRate, config.collateralFactor). */
const names = (parameter: AbiParameter): string =>
  'components' in parameter ? `${parameter.name}{${(parameter.components as readonly AbiParameter[]).map(names).join(',')}}` : (parameter.name ?? '');

describe('Aave v4 configuration events against aave-v4 v0.5.11’s compiled sources', () => {
  it('every one is declared there with the same topic and indexed inputs (ISpoke, IHub, AssetInterestRateStrategy)', () => {
    expect(ours.map((event) => event.name).sort()).toEqual(['AddDynamicReserveConfig', 'AddReserve', 'UpdateAssetConfig', 'UpdateDynamicReserveConfig', 'UpdateInterestRateData', 'UpdateLiquidationConfig', 'UpdateReserveConfig', 'UpdateSpokeConfig']);
    expect(unpublishedItems(ours, Object.values(source))).toEqual([]);
  });

  it('a rate change: the deployed strategy’s UpdateInterestRateData(address indexed hub, uint256 indexed assetId, four uint256)', () => {
    const deployed = theirs('AssetInterestRateStrategy', 'UpdateInterestRateData')!;
    const event = ours.find((item) => item.name === 'UpdateInterestRateData')!;
    expect(toEventSelector(event)).toBe(toEventSelector(deployed));
    expect(toEventSelector(deployed)).toBe(toEventSelector('UpdateInterestRateData(address,uint256,uint256,uint256,uint256,uint256)'));
    expect(event.inputs.map((input) => input.indexed ?? false)).toEqual(deployed.inputs.map((input) => input.indexed ?? false));
    expect(deployed.inputs.map((input) => input.indexed)).toEqual([true, true, false, false, false, false]);
  });

  it('a hub asset’s config: IHub’s UpdateAssetConfig(uint256 indexed assetId, AssetConfig config), the fee a uint16 beside three addresses', () => {
    const deployed = theirs('IHub', 'UpdateAssetConfig')!;
    const event = ours.find((item) => item.name === 'UpdateAssetConfig')!;
    expect(toEventSelector(event)).toBe(toEventSelector(deployed));
    expect(toEventSelector(deployed)).toBe(toEventSelector('UpdateAssetConfig(uint256,(address,uint16,address,address))'));
    expect(deployed.inputs.map((input) => input.indexed)).toEqual([true, false]);
    expect(deployed.inputs.map(names)).toEqual(['assetId', 'config{feeReceiver,liquidityFee,irStrategy,reinvestmentController}']);
  });

  it('with the same argument and struct field names, which the decoder reads the values by', () => {
    const contractOf = (name: string) => (name === 'UpdateInterestRateData' ? 'IAssetInterestRateStrategy' : name === 'UpdateSpokeConfig' || name === 'UpdateAssetConfig' ? 'IHub' : 'ISpoke');
    for (const event of ours) expect(event.inputs.map(names), event.name).toEqual(theirs(contractOf(event.name), event.name)!.inputs.map(names));
  });

  it('would catch the fragment we had (UpdateRateData), a lost indexed flag and a struct’s fields out of order', () => {
    const drifted = parseAbi([
      'event UpdateRateData(address indexed hub, uint256 indexed assetId, uint256 optimalUsageRatio, uint256 baseBorrowRate, uint256 rateGrowthBeforeOptimal, uint256 rateGrowthAfterOptimal)',
      'event UpdateInterestRateData(address indexed hub, uint256 assetId, uint256 optimalUsageRatio, uint256 baseDrawnRate, uint256 rateGrowthBeforeOptimal, uint256 rateGrowthAfterOptimal)',
      // The fee as the Asset struct's uint16 but in the wrong place: another topic.
      'struct AssetConfig { uint16 liquidityFee; address feeReceiver; address irStrategy; address reinvestmentController; }',
      'event UpdateAssetConfig(uint256 indexed assetId, AssetConfig config)',
    ]) as unknown as Abi;
    expect(unpublishedItems(drifted, Object.values(source))).toEqual([
      expect.stringMatching(/^UpdateRateData: no published event has selector/),
      expect.stringMatching(/^UpdateInterestRateData: published as \(indexed address,indexed uint256,/),
      expect.stringMatching(/^UpdateAssetConfig: no published event has selector/),
    ]);
  });
});

/*
 * The payload views we read (payloadViews.ts) against aave-v4's config engine, compiled from its
 * sources at the commit that added it (af1f0f2, six commits after v0.5.11) into
 * test/fixtures/abis/aave-v4-config-engine@af1f0f2.json: AaveV4Payload's views, whose structs the
 * decoder reads by field name (update.liquidityFee, irData.rateGrowthAfterOptimal).
 */
describe('Aave v4 payload views against aave-v4’s config engine (af1f0f2)', () => {
  const engine = snapshotAbis('aave-v4-config-engine@af1f0f2');
  const views = (v4PayloadAbi as unknown as Abi).filter((item): item is AbiFunction => item.type === 'function');

  it('every view is AaveV4Payload’s, with the same selector and outputs', () => {
    expect(views.map((view) => view.name)).toEqual([...V4_PAYLOAD_VIEWS]);
    expect(unpublishedItems(views as unknown as Abi, [engine.AaveV4Payload!])).toEqual([]);
  });

  it('with the same struct field names', () => {
    for (const view of views) {
      const theirs = engine.AaveV4Payload!.find((item): item is AbiFunction => item.type === 'function' && item.name === view.name)!;
      // A return value is unnamed on both sides: only its fields are compared.
      const fields = (output: AbiParameter) => names({ ...output, name: '' });
      expect(view.outputs.map(fields), view.name).toEqual(theirs.outputs.map(fields));
    }
  });
});
