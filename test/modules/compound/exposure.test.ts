import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { compoundExposure } from '../../../shared/modules/compound/exposure/compoundExposure.js';
import { cometRates, perSecondToApr, rateAt } from '../../../shared/modules/compound/exposure/cometRates.js';
import { ETHEREUM_COMETS } from '../../../shared/modules/compound/exposure/markets.js';
import { cometLendingAccount, perSecondToApy, positionsFromComet } from '../../../shared/modules/compound/exposure/positionsFromComet.js';
import { type CometAccountRead, offsetsInUse } from '../../../shared/modules/compound/exposure/readCometAccounts.js';
import { jointHealthFactor } from '../../../shared/simulate/lendingEffects.js';
import { itRejectsOnEthereumFaults } from '../../exposure/evmFaults.js';
import { useReplay } from '../../upstream/replayHarness.js';

const replay = useReplay();
const wallet: Wallet = { kind: 'evm', address: '0x2f0EA53F92252167d658963f334a91de0824e322' };
const [usdcMarket, wethMarket] = ETHEREUM_COMETS as [(typeof ETHEREUM_COMETS)[0], (typeof ETHEREUM_COMETS)[0]];

describe('offsetsInUse (userBasic.assetsIn, and _reserved for offsets 16–23)', () => {
  it('reads both bytes', () => {
    expect(offsetsInUse(0b101, 0)).toEqual([0, 2]);
    expect(offsetsInUse(1 << 15, 0b1)).toEqual([15, 16]);
    expect(offsetsInUse(0, 0)).toEqual([]);
  });
});

describe('rates (docs.compound.finance/interest-rates: APR = rate/1e18 × 31,536,000)', () => {
  it('turns a per-second rate into a yearly APR and a per-second-compounded APY', () => {
    expect(perSecondToApr(1_000_000_000n)).toBeCloseTo(0.031536, 12);
    expect(perSecondToApy(1_000_000_000n)).toBeCloseTo(Math.exp(0.031536) - 1, 8);
  });
});

describe('cometRates (Comet.sol getSupplyRate/getBorrowRate, in its integer arithmetic)', () => {
  // Per-second factors of a two-slope curve (1e18 scale); utilization 1e18 = 100%.
  const curve = { kink: 8n * 10n ** 17n, slopeLow: 1_800_000_000n, slopeHigh: 110_000_000_000n, base: 300_000_000n };

  it('is base + slopeLow · u up to the kink, the kink included', () => {
    expect(rateAt(curve, 0n)).toBe(300_000_000n);
    expect(rateAt(curve, 5n * 10n ** 17n)).toBe(300_000_000n + 900_000_000n);
    expect(rateAt(curve, curve.kink)).toBe(300_000_000n + 1_440_000_000n);
  });

  it('adds slopeHigh · (u − kink) past the kink, and rounds down each product as mulFactor does', () => {
    expect(rateAt(curve, 9n * 10n ** 17n)).toBe(300_000_000n + 1_440_000_000n + 11_000_000_000n);
    // 3 · (10^18 / 3 rounded down) / 10^18 is 0 in integers, not 1.
    expect(rateAt({ kink: 10n ** 18n, slopeLow: 3n, slopeHigh: 0n, base: 0n }, 10n ** 18n / 3n)).toBe(0n);
  });

  it('reads supply and borrow from their own curves', () => {
    const model = { supply: { ...curve, base: 0n }, borrow: curve };
    expect(cometRates(model, 10n ** 17n)).toEqual({ supplyRate: 180_000_000n, borrowRate: 480_000_000n });
  });
});

const WETH = getAddress('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2');

describe('positionsFromComet', () => {
  // 10 WETH at $3,000 with LCF 0.895 and BCF 0.825 (the launch values in positions.md §2.1) against 20,000 USDC.
  const flat = { kink: 8n * 10n ** 17n, slopeLow: 0n, slopeHigh: 0n, base: 0n };
  const borrower: CometAccountRead = {
    market: usdcMarket,
    baseToken: getAddress('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
    baseSymbol: 'USDC',
    baseDecimals: 6,
    supplied: 0n,
    borrowed: 20_000n * 10n ** 6n,
    basePrice: 10n ** 8n,
    supplyRate: 0n,
    borrowRate: 1_000_000_000n,
    utilization: 5n * 10n ** 17n,
    rateModel: { supply: flat, borrow: { ...flat, base: 1_000_000_000n } },
    collateral: [{ asset: WETH, symbol: 'WETH', scale: 10n ** 18n, balance: 10n * 10n ** 18n, price: 3000n * 10n ** 8n, liquidateCollateralFactor: 895n * 10n ** 15n, borrowCollateralFactor: 825n * 10n ** 15n }],
  };

  it('gives HF = Σ collateral × price × LCF / debt (Comet.isLiquidatable), LCF in bps', () => {
    const account = cometLendingAccount(borrower)!;
    expect(account).toEqual({ market: 'comet-usdc', healthFactor: (30_000 * 0.895) / 20_000, debtUsd: 20_000, collateral: [{ asset: 'WETH', valueUsd: 30_000, liquidationThreshold: 8950, ltv: 8250 }] });
    // positions.md §2.3: HF′ = HF + c·P·ΔLCF / debt.
    expect(jointHealthFactor(account, [ltChange('WETH', 8250)])).toBeCloseTo(((30_000 * 0.825) / 20_000), 10);
  });

  it('lists the borrow and each collateral, the account on both', () => {
    const positions = positionsFromComet([borrower], wallet);
    expect(positions.map(({ position }) => position.id)).toEqual(['comet-usdc-usdc-borrow', 'comet-usdc-weth-collateral']);
    expect(positions[0]!.position).toMatchObject({ asset: 'USDC', amount: '20000', debt: '20000', valueUsd: 20_000 });
    expect(positions[0]!.inputs).toMatchObject({ market: 'comet-usdc', role: 'borrow', apr: perSecondToApr(1_000_000_000n) });
    expect(positions[1]!.position).toMatchObject({ asset: 'WETH', amount: '10', collateral: '10', valueUsd: 30_000, apy: 0 });
    expect(positions.every(({ inputs }) => inputs.account?.market === 'comet-usdc')).toBe(true);
  });

  it('gives a supplier the supply rate and no account', () => {
    const supplier: CometAccountRead = {
      ...borrower,
      market: wethMarket,
      baseToken: WETH,
      baseSymbol: 'WETH',
      baseDecimals: 18,
      supplied: 2n * 10n ** 18n,
      borrowed: 0n,
      basePrice: 3000n * 10n ** 8n,
      supplyRate: 500_000_000n,
      rateModel: { supply: { ...flat, base: 500_000_000n }, borrow: flat },
      collateral: [],
    };
    const [only, ...rest] = positionsFromComet([supplier], wallet);
    expect(rest).toEqual([]);
    expect(only!.position).toMatchObject({ id: 'comet-weth-weth-supply', asset: 'WETH', amount: '2', valueUsd: 6000 });
    expect(only!.position.healthFactor).toBeUndefined();
    expect(only!.inputs).toMatchObject({ market: 'comet-weth', role: 'supply', valueUsd: 6000, apr: perSecondToApr(500_000_000n) });
    expect(only!.inputs.account).toBeUndefined();
  });
});

describe('compound exposure on the replay server', () => {
  // Ethereum's Comets and v2 alone: the replay harness serves no other chain's recordings.
  itRejectsOnEthereumFaults(replay, () => compoundExposure({ markets: ETHEREUM_COMETS }), wallet);
});

/** A verified liquidation-threshold change of one asset, in bps. */
function ltChange(asset: string, to: number) {
  return { protocol: 'test', asset, parameter: 'liquidationThreshold' as const, to, unit: 'bps' as const, evidence: 'test', verified: true };
}
