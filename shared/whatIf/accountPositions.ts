import type { ExposurePosition, LendingAccount, RateModel } from '../domain/position.js';
import type { DelegationValidator } from '../modules/cosmoshub/calculators.js';
import { SECONDS_PER_YEAR } from '../domain/rates.js';
import type { LendingAccountInput, WhatIfInput } from './whatIfInput.js';

/** The lending market an account names, or the protocol's main one (as the exposure names markets). */
export const marketOf = (protocol: 'aave' | 'compound', account: { market?: string | undefined }): string => account.market ?? (protocol === 'aave' ? 'aave-v3-ethereum' : 'comet-usdc');
const bps = (fraction: number) => Math.round(fraction * 10_000 * 100) / 100;
/** The APR whose per-second compounding gives this APY (the inverse of aprToApy). */
const aprOfApy = (apy: number) => SECONDS_PER_YEAR * Math.expm1(Math.log1p(apy) / SECONDS_PER_YEAR);
const held = (protocol: string, id: string, asset: string, amount: number, valueUsd: number | undefined) => ({
  id,
  protocol,
  asset,
  amount: String(amount),
  user_address: 'what-if',
  ...(valueUsd !== undefined && { valueUsd }),
});

/**
 * The positions a what-if account stands for, with the simulator inputs a scan would have read:
 * a lending account's health factor from its collaterals' thresholds (eMode's where it applies) and
 * debts; a delegation's APR after each validator's commission; a reserve in drops. Pure.
 */
export function accountPositions(input: WhatIfInput): ExposurePosition[] {
  switch (input.protocol) {
    case 'aave':
    case 'compound':
      return lendingPositions(input.protocol, input.account);
    case 'lido': {
      const { stakedEth, ethUsd, apr, protocolFee, stakingModules } = input.account;
      const valueUsd = ethUsd === undefined ? undefined : stakedEth * ethUsd;
      return [{ position: held('lido', 'lido-steth', 'stETH', stakedEth, valueUsd), inputs: { role: 'stake', apr, rewardFee: protocolFee, ...(valueUsd !== undefined && { valueUsd }), ...(stakingModules && { stakingModules }) } }];
    }
    case 'jito': {
      const { jitoSol, usdPerJitoSol, apr, epochFee, withdrawalFee, mevShare, mevFee } = input.account;
      const valueUsd = usdPerJitoSol === undefined ? undefined : jitoSol * usdPerJitoSol;
      return [{ position: held('jito', 'jito-jitosol', 'JitoSOL', jitoSol, valueUsd), inputs: { role: 'stake', apr, rewardFee: epochFee, ...(valueUsd !== undefined && { valueUsd }), ...(withdrawalFee !== undefined && { withdrawalFee }), ...(mevShare !== undefined && mevFee !== undefined && { mev: { share: mevShare, fee: mevFee } }) } }];
    }
    case 'cosmoshub': {
      const { delegations, atomUsd, stakingApr, communityTax, inflation, inflationMin, inflationMax } = input.account;
      const total = delegations.reduce((sum, entry) => sum + entry.atom, 0);
      const validators: DelegationValidator[] = delegations.map((entry) => ({ validator: entry.validator, share: total > 0 ? entry.atom / total : 0, commission: entry.commission }));
      const apr = stakingApr * validators.reduce((sum, entry) => sum + entry.share * (1 - entry.commission), 0);
      const valueUsd = atomUsd === undefined ? undefined : total * atomUsd;
      return [
        {
          position: held('cosmoshub', 'cosmoshub-delegation', 'ATOM', total, valueUsd),
          inputs: { role: 'delegation', apr, rewardFee: communityTax, delegation: { validators, ...(inflation !== undefined && { inflation }), ...(inflationMin !== undefined && { inflationMin }), ...(inflationMax !== undefined && { inflationMax }) }, ...(valueUsd !== undefined && { valueUsd }) },
        },
      ];
    }
    case 'xrpl': {
      const { xrp, xrpUsd, ownerCount, reserveBase, reserveIncrement } = input.account;
      const valueUsd = xrpUsd === undefined ? undefined : xrp * xrpUsd;
      return [
        {
          position: held('xrpl', 'xrpl-xrp', 'XRP', xrp, valueUsd),
          inputs: { role: 'balance', ledgerReserve: { ownerCount, baseDrops: Math.round(reserveBase * 1e6), incrementDrops: Math.round(reserveIncrement * 1e6), ...(xrpUsd !== undefined && { priceUsd: xrpUsd }) }, ...(valueUsd !== undefined && { valueUsd }) },
        },
      ];
    }
  }
}

function lendingPositions(protocol: 'aave' | 'compound', input: LendingAccountInput): ExposurePosition[] {
  const { reserves, eMode } = input;
  const market = marketOf(protocol, input);
  const inEMode = (asset: string) => eMode?.assets.some((entry) => entry.toLowerCase() === asset.toLowerCase()) ?? false;
  const collateral = reserves
    .filter((entry) => entry.collateral && entry.suppliedUsd > 0)
    .map((entry) => ({
      asset: entry.asset,
      valueUsd: entry.suppliedUsd,
      liquidationThreshold: bps(entry.liquidationThreshold ?? 0),
      ...(entry.ltv !== undefined && { ltv: bps(entry.ltv) }),
      ...(inEMode(entry.asset) && { inEMode: true }),
    }));
  const debtUsd = reserves.reduce((sum, entry) => sum + entry.borrowedUsd, 0);
  const weighted = collateral.reduce((sum, entry) => sum + entry.valueUsd * (entry.inEMode && eMode ? eMode.liquidationThreshold : entry.liquidationThreshold / 10_000), 0);
  const account: LendingAccount | undefined =
    collateral.length > 0 || debtUsd > 0
      ? {
          market,
          debtUsd,
          ...(debtUsd > 0 && { healthFactor: weighted / debtUsd }),
          ...(eMode && { eMode: { id: eMode.id, ltv: bps(eMode.ltv), liquidationThreshold: bps(eMode.liquidationThreshold) } }),
          collateral,
        }
      : undefined;
  return reserves.flatMap((entry): ExposurePosition[] => {
    const model = entry.rateModel && rateModelOf(entry.rateModel, entry.reserveFactor);
    const shared = { market, ...(entry.reserveFactor !== undefined && { reserveFactor: bps(entry.reserveFactor) }), ...(model && { rateModel: model }), ...(account && { account }) };
    const rows: ExposurePosition[] = [];
    if (entry.suppliedUsd > 0) {
      const apr = entry.supplyApr ?? (entry.supplyApy === undefined ? undefined : aprOfApy(entry.supplyApy));
      rows.push({ position: held(protocol, `${entry.asset}-supply`, entry.asset, entry.suppliedUsd, entry.suppliedUsd), inputs: { ...shared, role: 'supply', valueUsd: entry.suppliedUsd, ...(apr !== undefined && { apr }) } });
    }
    if (entry.borrowedUsd > 0) {
      const apr = entry.borrowApr ?? (entry.borrowApy === undefined ? undefined : aprOfApy(entry.borrowApy));
      rows.push({ position: held(protocol, `${entry.asset}-borrow`, entry.asset, entry.borrowedUsd, entry.borrowedUsd), inputs: { ...shared, role: 'borrow', valueUsd: entry.borrowedUsd, ...(apr !== undefined && { apr }) } });
    }
    return rows;
  });
}

type CurveInput = { optimalUsage: number; baseRate: number; slope1: number; slope2: number };
const curveOf = (input: CurveInput) => ({ kink: input.optimalUsage, base: input.baseRate, slopeLow: input.slope1, slopeHigh: input.slope2 });
const rateModelOf = (input: CurveInput & { utilization: number; supply?: CurveInput | undefined }, reserveFactor: number | undefined): RateModel => ({
  utilization: input.utilization,
  borrow: curveOf(input),
  ...(input.supply && { supply: curveOf(input.supply) }),
  ...(reserveFactor !== undefined && { reserveFactor }),
});
