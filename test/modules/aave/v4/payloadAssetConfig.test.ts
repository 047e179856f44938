import { type Abi, createPublicClient, getAddress, http, type PublicClient } from 'viem';
import { mainnet } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { hubAbi } from '../../../../shared/modules/aave/v4/abi.js';
import { changesOfV4Payload } from '../../../../shared/modules/aave/v4/changesOfV4Payload.js';
import { readV4PayloadViews, v4PayloadAbi } from '../../../../shared/modules/aave/v4/payloadViews.js';
import { V4_SPOKES } from '../../../../shared/modules/aave/v4/spokes.js';
import { type InnerCall, fakeEvmNode } from '../../../support/fakeEvmNode.js';

/*
 * A v4 payload that updates hub assets' config (IAaveV4ConfigEngine.AssetConfigUpdate, the
 * hubAssetConfigUpdates() view of aave-v4's AaveV4Payload, src/config-engine, merged after v0.5.11
 * in #1287). SYNTHETIC payload and hub answers on the fake node, with the address book's real
 * addresses: USDC (asset 3 of the Core hub, listed by the Main and Bluechip spokes and the treasury
 * spoke) gets a 15 % fee and a whole new curve; WETH (asset 0) only a new slope after optimal, the
 * rest left by EngineFlags' KEEP_CURRENT sentinels (HubEngine.executeHubAssetConfigUpdates skips a
 * field set to one).
 */
const CORE_HUB = getAddress('0xCca852Bc40e560adC3b1Cc58CA5b55638ce826c9');
const PAYLOAD = getAddress('0x1111111111111111111111111111111111111111');
const spokeOf = (market: string) => V4_SPOKES.find((spoke) => spoke.market === market)!;
const MAIN = spokeOf('aave-v4-ethereum-main');
const BLUECHIP = spokeOf('aave-v4-ethereum-bluechip');
const TREASURY = getAddress('0xB9B0b8616f6Bf6841972a52058132BE08d723155');
const underlyingOf = (symbol: string) => getAddress(Object.entries(MAIN.symbols).find(([, name]) => name === symbol)![0]);
const USDC = underlyingOf('USDC');
const WETH = underlyingOf('WETH');
const KEEP = { uint: 2n ** 256n - 1n - 652n, address: getAddress('0xffffffffffffffffffffffffffffffffffffffff'), uint16: 65_535 - 61, uint32: 4_294_967_295 - 23 };
const NEW_STRATEGY = getAddress('0x2222222222222222222222222222222222222222');

const UPDATES = [
  {
    hubConfigurator: getAddress('0x1F0753480bB03EaA00863224602267B7E0525C3d'),
    hub: CORE_HUB,
    underlying: USDC,
    liquidityFee: 1_500n,
    feeReceiver: KEEP.address,
    irStrategy: NEW_STRATEGY,
    irData: { optimalUsageRatio: 8_000, baseDrawnRate: 0, rateGrowthBeforeOptimal: 800, rateGrowthAfterOptimal: 6_000 },
    reinvestmentController: KEEP.address,
  },
  {
    hubConfigurator: getAddress('0x1F0753480bB03EaA00863224602267B7E0525C3d'),
    hub: CORE_HUB,
    underlying: WETH,
    liquidityFee: KEEP.uint,
    feeReceiver: KEEP.address,
    irStrategy: KEEP.address,
    irData: { optimalUsageRatio: KEEP.uint16, baseDrawnRate: KEEP.uint32, rateGrowthBeforeOptimal: KEEP.uint32, rateGrowthAfterOptimal: 5_000 },
    reinvestmentController: KEEP.address,
  },
];

function node(hubAnswers = true) {
  const payloadAbi = v4PayloadAbi as unknown as Abi;
  const answer = ({ target, functionName, args }: InnerCall) => {
    if (getAddress(target) === PAYLOAD) return { abi: payloadAbi, result: functionName === 'hubAssetConfigUpdates' ? UPDATES : [] };
    if (getAddress(target) !== CORE_HUB || !hubAnswers) return undefined;
    const hub = hubAbi as unknown as Abi;
    if (functionName === 'getAssetId') return { abi: hub, result: getAddress(String(args[0])) === USDC ? 3n : 0n };
    if (functionName === 'getSpokeCount') return { abi: hub, result: args[0] === 3n ? 3n : 1n };
    if (functionName === 'getSpokeAddress') return { abi: hub, result: args[0] === 3n ? [MAIN.spoke, BLUECHIP.spoke, TREASURY][Number(args[1])] : MAIN.spoke };
    return undefined;
  };
  const fake = fakeEvmNode([payloadAbi, hubAbi as unknown as Abi], { chainId: '0x1', answer });
  const client = createPublicClient({ chain: mainnet, transport: http('http://fake.invalid/', { fetchFn: fake.fetch as never, batch: true, retryCount: 0 }) }) as PublicClient;
  return { client, fake };
}

describe('a v4 payload’s hub asset config updates', () => {
  it('are read with the spokes the hub lists on each asset, and stated on those the address book names', async () => {
    const views = await readV4PayloadViews(node().client, PAYLOAD);
    expect(views?.hubAssetConfigUpdates.map((update) => update.spokes)).toEqual([[MAIN.spoke, BLUECHIP.spoke, TREASURY], [MAIN.spoke]]);
    const changes = changesOfV4Payload(views!, '1:999');
    const on = (market: string, asset: string) => changes.filter((change) => change.market === market && change.asset === asset).map((change) => [change.parameter, change.to, change.unit]);
    const usdc = [
      ['v4LiquidityFee', 1_500, 'bps'],
      ['v4RateStrategy', NEW_STRATEGY.toLowerCase(), 'state'],
      ['optimalUsage', 8_000, 'bps'],
      ['baseRate', 0, 'fraction'],
      ['slope1', 0.08, 'fraction'],
      ['slope2', 0.6, 'fraction'],
    ];
    expect(on('aave-v4-ethereum-main', 'USDC')).toEqual(usdc);
    expect(on('aave-v4-ethereum-bluechip', 'USDC')).toEqual(usdc);
    // Only the field not left by a KEEP_CURRENT sentinel.
    expect(on('aave-v4-ethereum-main', 'WETH')).toEqual([['slope2', 0.5, 'fraction']]);
    // The treasury spoke is no market a scan reads.
    expect(changes).toHaveLength(13);
    expect(changes.every((change) => change.verified && change.evidence === 'payload 1:999 hubAssetConfigUpdates()')).toBe(true);
  });

  it('are asked again next build, not taken as empty, where the hub does not answer', async () => {
    expect(await readV4PayloadViews(node(false).client, PAYLOAD)).toBeUndefined();
  });
});
