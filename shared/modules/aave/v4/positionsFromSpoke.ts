import { formatUnits, maxUint256 } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition, LendingAccount } from '../../../domain/position.js';
import type { SpokeAccountRead, SpokeReserveRead } from './readSpokeAccounts.js';
import { v4BorrowApr, v4BorrowShareOfDrawnRate } from './supplyRate.js';
import type { V4AccountInputs } from './v4Inputs.js';

/** An amount of a reserve in USD at the spoke's oracle price (8 decimals). Pure. */
const usdOf = (amount: bigint, reserve: SpokeReserveRead): number => Number((amount * reserve.price) / 10n ** BigInt(reserve.decimals)) / 1e8;

/** A debt's rate by the hub's accrual (supplyRate.ts v4BorrowApr), and its share of the drawn rate. Pure. */
function borrowRate(reserve: SpokeReserveRead, owed: bigint) {
  const hub = reserve.hubSupply!;
  const shares = { drawnShares: reserve.drawnShares, premiumShares: reserve.premiumShares };
  return { apr: v4BorrowApr(shares, hub.accrual, owed), aaveV4Rate: { drawnRate: hub.drawnRate, shareOfDrawnRate: v4BorrowShareOfDrawnRate(shares, hub.accrual, owed), usage: hub.usage } };
}

/**
 * The wallet's positions in one v4 spoke: a supply row per reserve supplied (its collateral amount
 * when enabled as collateral) and a borrow row per reserve owed (drawn and premium debt together),
 * valued at the spoke's own oracle. The health factor and risk premium are the spoke's
 * (getUserAccountData); the simulator's account carries each collateral at its own key's
 * collateral factor, in the place of a liquidation threshold: the spoke's health factor is
 * Σ CF_i·C_i / D, the same form (accountData.ts). Pure.
 */
export function positionsFromSpoke(read: SpokeAccountRead, wallet: Wallet): ExposurePosition[] {
  const { spoke, totals, reserves } = read;
  const hasDebt = totals.totalDebtValue > 0n && totals.healthFactor !== maxUint256;
  const healthFactor = hasDebt ? Number(totals.healthFactor / 10n ** 12n) / 1e6 : undefined;
  const collateral = reserves
    .filter((reserve) => reserve.usingAsCollateral && reserve.supplied > 0n && reserve.collateralFactor !== undefined)
    .map((reserve) => ({
      asset: reserve.symbol,
      valueUsd: usdOf(reserve.supplied, reserve),
      collateralFactor: reserve.collateralFactor!,
      collateralRisk: reserve.collateralRisk,
      dynamicConfigKey: reserve.dynamicConfigKey,
      latestConfigKey: reserve.latestConfigKey,
    }));
  const account: LendingAccount = {
    market: spoke.market,
    ...(healthFactor !== undefined && { healthFactor }),
    debtUsd: Number(totals.totalDebtValue / 10n ** 18n) / 1e8,
    collateral: collateral.map((entry) => ({ asset: entry.asset, valueUsd: entry.valueUsd, liquidationThreshold: entry.collateralFactor })),
  };
  // Each debt's drawn part and whole at the spoke's oracle, with its hub's drawn rate where the hub was read: what a premium change reprices.
  const borrows = reserves
    .filter((reserve) => reserve.drawn + reserve.premium > 0n)
    .map((reserve) => ({ asset: reserve.symbol, drawnUsd: usdOf(reserve.drawn, reserve), debtUsd: usdOf(reserve.drawn + reserve.premium, reserve), ...(reserve.hubSupply && { drawnRate: reserve.hubSupply.drawnRate }) }));
  const aaveV4: V4AccountInputs = { market: spoke.market, collateral, riskPremium: Number(totals.riskPremium), borrows };
  const base = { protocol: 'aave', user_address: wallet.address, ...(healthFactor !== undefined && { healthFactor }), chain: spoke.chain, market: spoke.market };
  return reserves.flatMap((reserve): ExposurePosition[] => {
    const slug = `${spoke.market}-${reserve.symbol.toLowerCase()}`;
    const rows: ExposurePosition[] = [];
    if (reserve.supplied > 0n) {
      const amount = formatUnits(reserve.supplied, reserve.decimals);
      const valueUsd = usdOf(reserve.supplied, reserve);
      rows.push({
        position: { ...base, id: `${slug}-supply`, asset: reserve.symbol, amount, ...(reserve.usingAsCollateral && { collateral: amount }), valueUsd },
        inputs: {
          market: spoke.market,
          role: 'supply',
          valueUsd,
          account,
          aaveV4,
          // The hub's supply rate where it was read (a reader that has seen the reserve's hub asset).
          ...(reserve.hubSupply && { apr: reserve.hubSupply.apr, aaveV4Rate: { drawnRate: reserve.hubSupply.drawnRate, shareOfDrawnRate: reserve.hubSupply.supplyShare, usage: reserve.hubSupply.usage, liquidityFee: reserve.hubSupply.liquidityFee } }),
        },
      });
    }
    const owed = reserve.drawn + reserve.premium;
    if (owed > 0n) {
      const amount = formatUnits(owed, reserve.decimals);
      const valueUsd = usdOf(owed, reserve);
      rows.push({
        position: { ...base, id: `${slug}-borrow`, asset: reserve.symbol, amount, debt: amount, valueUsd },
        inputs: { market: spoke.market, role: 'borrow', valueUsd, account, aaveV4, ...(reserve.hubSupply && borrowRate(reserve, owed)) },
      });
    }
    return rows;
  });
}
