import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { ETHEREUM } from '../../../shared/modules/morpho/deployment.js';
import { BASE_BLUE_MARKETS, BLUE_MARKETS, marketId } from '../../../shared/modules/morpho/exposure/blueMarkets.js';
import { healthFactor, maxBorrow, toAssetsDown, toAssetsUp } from '../../../shared/modules/morpho/exposure/blueMath.js';
import { morphoExposure } from '../../../shared/modules/morpho/exposure/morphoExposure.js';
import { blueAccount, positionsFromMorpho } from '../../../shared/modules/morpho/exposure/positionsFromMorpho.js';
import { morphoRoundOne } from '../../../shared/modules/morpho/exposure/readMorphoAccount.js';
import type { ReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import type { Upstreams } from '../../../shared/upstream/upstreams.js';
import { itRejectsOnEthereumFaults } from '../../exposure/evmFaults.js';
import { useReplay } from '../../upstream/replayHarness.js';
import { memoryChains, replayedChains } from './replayedChains.js';
import { BORROW_SHARES, baseHolderState, COLLATERAL, HOLDER, holderState, PRICE, TOTAL_BORROW_ASSETS, TOTAL_BORROW_SHARES, USDC_WSTETH_ID } from './syntheticHolder.js';

const context = () => ({ signal: AbortSignal.timeout(5_000), now: new Date('2026-11-22T12:00:00Z') });
const wallet: Wallet = { kind: 'evm', address: HOLDER };

describe('Morpho Blue arithmetic (SharesMathLib, Morpho._isHealthy)', () => {
  it('computes the market ids of the sdks fixtures (MarketParamsLib.id)', () => {
    expect(marketId(BLUE_MARKETS[0]!)).toBe('0xb323495f7e4148be5643a4ea4a8221eef163e4bccfdedc2a6f4696baacbc86cc');
    expect(marketId(BLUE_MARKETS[1]!)).toBe('0x3a85e619751152991742810df6ec69ce473daef99e28a64ab2340d7b7ccfee49');
  });

  it('computes the ids Morpho names the Base cbBTC/USDC and WETH/USDC 86 % markets by, from their cited parameters', () => {
    expect(marketId(BASE_BLUE_MARKETS[0]!)).toBe('0x9103c3b4e834476c9a62ea009ba2c884ee42e94e6e314a26f04d312434191836');
    expect(marketId(BASE_BLUE_MARKETS[1]!)).toBe('0x8793cf302b8ffd655ab97bd1c695dbd967807e8367a65cb2f4edaf1380ba1bda');
  });

  it('turns shares into assets with the virtual share and asset, down for supply and up for debt', () => {
    // (10 × (100 + 1)) / (1000 + 1e6) = 0.001008… → 0 down, 1 up
    expect(toAssetsDown(10n, 100n, 1_000n)).toBe(0n);
    expect(toAssetsUp(10n, 100n, 1_000n)).toBe(1n);
    // 20,000 USDC of 1,000,000 at 1e12 shares per USDC: (2e16 × (1e12 + 1)) / (1e18 + 1e6)
    expect(toAssetsUp(BORROW_SHARES, TOTAL_BORROW_ASSETS, TOTAL_BORROW_SHARES)).toBe(20_000_000_000n);
  });

  it('gives the health factor as maxBorrow over debt: 10 wstETH at 4,000 USDC, LLTV 86 %, 20,000 USDC owed → 1.72', () => {
    // maxBorrow = 10e18 × 4e27 / 1e36 = 40,000e6; × 0.86 = 34,400e6; / 20,000e6 = 1.72
    expect(maxBorrow(COLLATERAL, PRICE, 860_000_000_000_000_000n)).toBe(34_400_000_000n);
    expect(healthFactor(COLLATERAL, PRICE, 860_000_000_000_000_000n, 20_000_000_000n)).toBe(1.72);
    expect(healthFactor(COLLATERAL, PRICE, 860_000_000_000_000_000n, 0n)).toBeUndefined();
  });
});

describe('positionsFromMorpho', () => {
  const read = {
    chain: ETHEREUM,
    vaults: [{ vault: { address: '0x73e65DBD630f90604062f6E02fAb9138e713edD9' as const, name: 'Spark DAI Vault', curator: 'SparkDAO', asset: '0x6B175474E89094C44Da98b954EedeAC495271d0F' as const }, shares: 95n * 10n ** 18n, assets: 100n * 10n ** 18n, fee: 10n ** 17n }],
    blue: [{ params: BLUE_MARKETS[0]!, id: USDC_WSTETH_ID, supplyShares: 0n, borrowShares: BORROW_SHARES, collateral: COLLATERAL, totalSupplyAssets: 0n, totalSupplyShares: 0n, totalBorrowAssets: TOTAL_BORROW_ASSETS, totalBorrowShares: TOTAL_BORROW_SHARES, price: PRICE }],
    usd: { DAI: 0.9998, USDC: 1 },
  };

  it('values vault shares at what they convert to, with the vault’s market and fee for the simulator', () => {
    const [vault] = positionsFromMorpho(read, wallet);
    expect(vault).toEqual({
      position: { id: 'metamorpho-ethereum-spark-dai-vault', protocol: 'morpho', chain: 'ethereum', market: 'metamorpho-ethereum-0x73e65dbd630f90604062f6e02fab9138e713edd9', holding: 'vault', name: 'Spark DAI Vault', asset: 'DAI', amount: '100', user_address: HOLDER, valueUsd: 99.98 },
      inputs: { market: 'metamorpho-ethereum-0x73e65dbd630f90604062f6e02fab9138e713edd9', role: 'supply', valueUsd: 99.98, rewardFee: 0.1 },
    });
  });

  it('gives a Blue borrower its debt and collateral rows, each carrying the account at the market’s LLTV', () => {
    const [, borrow, collateral] = positionsFromMorpho(read, wallet);
    const account = { market: `morpho-blue-ethereum-${USDC_WSTETH_ID}`, healthFactor: 1.72, debtUsd: 20_000, collateral: [{ asset: 'wstETH', valueUsd: 40_000, liquidationThreshold: 8600, ltv: 8600 }] };
    expect(borrow).toEqual({
      position: { id: 'morpho-blue-wsteth-usdc-86-borrow', protocol: 'morpho', user_address: HOLDER, chain: 'ethereum', market: account.market, name: 'wstETH/USDC 86%', holding: 'borrowed', healthFactor: 1.72, asset: 'USDC', amount: '20000', debt: '20000', valueUsd: 20_000 },
      inputs: { market: account.market, role: 'borrow', valueUsd: 20_000, account },
    });
    expect(collateral!.position).toMatchObject({ id: 'morpho-blue-wsteth-usdc-86-collateral', asset: 'wstETH', amount: '10', collateral: '10', valueUsd: 40_000, apy: 0 });
    expect(collateral!.inputs.account).toEqual(account);
  });

  it('has no account without the oracle’s price: no health factor is guessed', () => {
    const { price: _price, ...noPrice } = read.blue[0]!;
    expect(blueAccount(noPrice, read.usd)).toBeUndefined();
    expect(positionsFromMorpho({ ...read, blue: [noPrice] }, wallet).every(({ position }) => position.healthFactor === undefined)).toBe(true);
  });
});

describe('the morpho exposure over HTTP on the replay server (synthetic exchanges, in memory)', () => {
  let server: ReplayServer;
  let replayedUpstreams: () => Upstreams;
  let captured: Awaited<ReturnType<ReturnType<typeof morphoExposure>['readPositions']>>;
  const read = async (upstreams: Upstreams) => morphoExposure().readPositions(wallet, { ...context(), upstreams });

  beforeAll(async () => {
    ({ server, upstreams: replayedUpstreams } = await replayedChains({ ethereum: holderState(), base: baseHolderState() }, async (upstreams) => (captured = await read(upstreams))));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads a vault holder and Blue borrower in exactly two HTTP requests to ethereum, one to base, and nothing else', async () => {
    const replayed = replayedUpstreams();
    const positions = await read(replayed);
    expect(server.misses).toEqual([]);
    const counts = replayed.counter.snapshot();
    // Round one: eth_chainId + aggregate3 at latest; round two: convertToAssets and the vault's rate reads at round one's block.
    expect(counts.ethereum).toMatchObject({ requests: 2, calls: 3 });
    // Base, read at the same time: no vault share there, so round one only.
    expect(counts.base).toMatchObject({ requests: 1, calls: 2 });
    expect(Object.entries(counts).filter(([id, count]) => id !== 'ethereum' && id !== 'base' && count.requests > 0)).toEqual([]);
    expect(positions).toEqual(captured);
    expect(positions.map(({ position }) => position.id)).toEqual(['metamorpho-ethereum-spark-dai-vault', 'morpho-blue-wsteth-usdc-86-borrow', 'morpho-blue-wsteth-usdc-86-collateral']);
    expect(positions[0]!.position).toMatchObject({ amount: '10000', valueUsd: 10_000 });
  });

  it('stops after one request to ethereum for a wallet with no vault shares', async () => {
    const memory = memoryChains({ ethereum: holderState({ vaultShares: 0n }), base: baseHolderState() });
    const direct = memory.upstreams();
    const positions = await read(direct);
    expect(direct.counter.snapshot().ethereum.requests).toBe(1);
    expect(positions.map(({ position }) => position.id)).toEqual(['morpho-blue-wsteth-usdc-86-borrow', 'morpho-blue-wsteth-usdc-86-collateral']);
  });

  it('sends round one in the same aggregate3 as another module’s reads made at the same time (the shared reader)', async () => {
    const memory = memoryChains({ ethereum: holderState(), base: baseHolderState() });
    const direct = memory.upstreams();
    const { ethereumReader } = await import('../../../shared/upstream/clients/ethereumReader.js');
    const other = { target: getAddress('0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419'), callData: '0xfeaf968c' as const };
    await Promise.all([read(direct), ethereumReader(direct.ethereum).read([other])]);
    const rounds = memory.nodes.ethereum.exchanges.filter((exchange) => exchange.request.method === 'eth_call');
    expect(rounds).toHaveLength(2);
    expect(direct.counter.snapshot().ethereum.requests).toBe(2);
    // The first round carries morpho's round one and the other module's call, once each.
    const first = JSON.stringify(rounds[0]!.request.params).toLowerCase();
    expect(first).toContain(other.callData.slice(2));
    expect(morphoRoundOne(HOLDER).every((call) => first.includes(call.callData.slice(2).toLowerCase()))).toBe(true);
  });
});

describe('the morpho exposure under Ethereum faults', () => {
  const replay = useReplay();
  itRejectsOnEthereumFaults(replay, morphoExposure, { kind: 'evm', address: getAddress('0x2f0EA53F92252167d658963f334a91de0824e322') });
});
