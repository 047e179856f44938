import type { ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition } from '../domain/position.js';
import type { Effect } from './effect.js';
import { formatPercent, formatUsd } from './formatUsd.js';
import { healthFactorAfter } from './healthFactorAfter.js';
import { levelForHealthFactor, levelForUsd, RESTRICTIVE_LISTING_STATES } from './levels.js';

const DROPS_PER_XRP = 1_000_000;

/**
 * The effect of one verified change on the positions it touches (all of one protocol).
 * Returns the effects to combine; a lending account's health factor is computed once per account.
 */
export function simulateChange(change: ParameterChange, touched: ExposurePosition[]): Effect[] {
  switch (change.parameter) {
    case 'liquidationThreshold':
      return accountsOf(touched).map((account) => {
        const after = healthFactorAfter(account, change.asset ?? '', Number(change.to), numberOrUndefined(change.from));
        const level = levelForHealthFactor(account.healthFactor, after);
        return {
          level,
          summary:
            after < 1
              ? `Your ${account.market} position could be liquidated: health factor would fall below 1.`
              : `Health factor of your ${account.market} position moves from ${account.healthFactor.toFixed(2)} to ${after.toFixed(2)}.`,
          estimatedChange: `health factor ${account.healthFactor.toFixed(2)} → ${after.toFixed(2)}`,
          assets: [change.asset ?? ''],
          simulated: true,
        };
      });
    case 'ltv':
      return accountsOf(touched).map((account) => {
        const collateral = account.collateral.find((entry) => entry.asset === change.asset);
        const from = numberOrUndefined(change.from);
        const usd = collateral && from !== undefined ? (collateral.valueUsd * (Number(change.to) - from)) / 10_000 : undefined;
        return {
          level: usd === undefined ? 'low' : levelForUsd(usd),
          summary: `Borrowing power against ${change.asset} changes; the health factor does not (LTV only limits new borrowing).`,
          ...(usd !== undefined && { estimatedChange: `borrowing power ${sign(usd)}${formatUsd(usd)}`, usd }),
          assets: [change.asset ?? ''],
          simulated: usd !== undefined,
        };
      });
    case 'supplyApr':
    case 'borrowApr':
    case 'reserveFactor':
    case 'rewardFee':
    case 'communityTax':
      return touched.map((exposure) => yearlyEffect(change, exposure));
    case 'reserveBase':
    case 'reserveIncrement':
      return touched.map((exposure) => reserveEffect([change], exposure));
    case 'listing':
      return touched.map(({ position }) => {
        const state = String(change.to);
        return {
          level: RESTRICTIVE_LISTING_STATES.has(state) ? 'high' : 'low',
          summary: `${change.asset ?? change.market ?? position.asset} becomes ${state}; your ${position.asset} position is in it.`,
          estimatedChange: `${change.from ?? 'current'} → ${state}`,
          assets: [position.asset],
          simulated: true,
        };
      });
    default:
      // Rate-curve shape, caps, bonuses: verified, but the wallet's money does not follow from the
      // number alone (it needs utilization or liquidation paths), so it is shown, not quantified.
      return touched.map(({ position }) => ({
        level: 'low',
        summary: `${change.parameter} of ${change.asset ?? position.asset} changes from ${change.from ?? '?'} to ${change.to} (${change.unit}).`,
        assets: [position.asset],
        simulated: false,
      }));
  }
}

/** Rate and fee changes, as money per year at today's balance. */
function yearlyEffect(change: ParameterChange, { position, inputs }: ExposurePosition): Effect {
  const apr = inputs.apr ?? 0;
  const aprAfter = aprAfterChange(change, inputs.apr, inputs.rewardFee, inputs.reserveFactor, inputs.role);
  if (aprAfter === undefined) {
    return { level: 'low', summary: `${labelOf(change)} changes for ${position.asset}.`, assets: [position.asset], simulated: false };
  }
  const pays = inputs.role === 'borrow';
  const verb = pays ? 'costs' : 'earns';
  if (inputs.valueUsd === undefined) return unpricedYearlyEffect(change, position, apr, aprAfter, pays);
  const yearly = inputs.valueUsd * (aprAfter - apr) * (pays ? -1 : 1);
  const direction = (yearly < 0) === pays ? 'more' : 'less';
  return {
    level: levelForUsd(yearly),
    summary:
      Math.abs(yearly) < 0.005
        ? `${labelOf(change)} changes, but not the rate your ${position.asset} position ${pays ? 'pays' : 'earns'}.`
        : `Your ${position.asset} position ${verb} about ${formatUsd(yearly)} ${direction} a year.`,
    estimatedChange: `about ${formatUsd(yearly)} a year ${direction} (${formatPercent(apr)} → ${formatPercent(aprAfter)})`,
    usd: round2(yearly),
    assets: [position.asset],
    simulated: true,
  };
}

/**
 * The same change without a USD price: money per year in the asset's own units. The level is
 * graded by USD, which is unknown, so a change that moves the rate is `low`, never more.
 */
function unpricedYearlyEffect(change: ParameterChange, position: ExposurePosition['position'], apr: number, aprAfter: number, pays: boolean): Effect {
  const yearly = Number(position.amount) * (aprAfter - apr) * (pays ? -1 : 1);
  const direction = (yearly < 0) === pays ? 'more' : 'less';
  const amount = `${trimAmount(Math.abs(yearly))} ${position.asset}`;
  const moves = Number.isFinite(yearly) && Math.abs(yearly) > 0;
  return {
    level: moves ? 'low' : 'none',
    summary: moves
      ? `Your ${position.asset} position ${pays ? 'costs' : 'earns'} about ${amount} ${direction} a year (no USD price was read).`
      : `${labelOf(change)} changes, but not the rate your ${position.asset} position ${pays ? 'pays' : 'earns'}.`,
    ...(moves && { estimatedChange: `about ${amount} a year ${direction} (${formatPercent(apr)} → ${formatPercent(aprAfter)})` }),
    assets: [position.asset],
    simulated: true,
  };
}

function aprAfterChange(
  change: ParameterChange,
  apr: number | undefined,
  fee: number | undefined,
  reserveFactor: number | undefined,
  role: string,
): number | undefined {
  const to = Number(change.to);
  switch (change.parameter) {
    case 'supplyApr':
      return role === 'borrow' ? apr : to;
    case 'borrowApr':
      return role === 'borrow' ? to : apr;
    case 'reserveFactor': {
      // supply = borrow · U · (1 − RF): a reserve factor moves the supply rate only (positions.md §1.6).
      const from = numberOrUndefined(change.from) ?? reserveFactor;
      if (role === 'borrow') return apr;
      if (apr === undefined || from === undefined || from >= 10_000) return undefined;
      return (apr * (1 - to / 10_000)) / (1 - from / 10_000);
    }
    case 'rewardFee':
    case 'communityTax': {
      // Holders earn gross × (1 − fee); the gross rate does not move with the fee.
      const from = numberOrUndefined(change.from) ?? fee;
      if (apr === undefined || from === undefined || from >= 1) return undefined;
      return (apr / (1 - from)) * (1 - to);
    }
    default:
      return undefined;
  }
}

/** Reserve changes move one number, the XRP an account locks: a proposal's are simulated together. */
export const RESERVE_PARAMETERS: ReadonlySet<string> = new Set(['reserveBase', 'reserveIncrement']);

/**
 * XRPL reserves: XRP locked = base + ownerCount × increment; a cut frees XRP at once. Every reserve
 * change of one proposal applies at the same flag ledger, so they are applied together. A change
 * the ledger already carries (its new values are the current ones, its old ones known) is told as
 * what it did, graded none: it will change nothing more. Pure.
 */
export function reserveEffect(changes: readonly ParameterChange[], { position, inputs }: ExposurePosition): Effect {
  const reserve = inputs.ledgerReserve!;
  const current = { reserveBase: reserve.baseDrops, reserveIncrement: reserve.incrementDrops } as Record<string, number>;
  const valueOf = (parameter: string, side: 'from' | 'to') => {
    const value = changes.find((change) => change.parameter === parameter)?.[side];
    return value === undefined ? undefined : Number(value);
  };
  const applied =
    changes.every((change) => Number(change.to) === current[change.parameter]) &&
    changes.some((change) => change.from !== undefined && Number(change.from) !== Number(change.to));
  const locked = (base: number, increment: number) => base + reserve.ownerCount * increment;
  const [before, after] = applied
    ? [locked(valueOf('reserveBase', 'from') ?? reserve.baseDrops, valueOf('reserveIncrement', 'from') ?? reserve.incrementDrops), locked(reserve.baseDrops, reserve.incrementDrops)]
    : [locked(reserve.baseDrops, reserve.incrementDrops), locked(valueOf('reserveBase', 'to') ?? reserve.baseDrops, valueOf('reserveIncrement', 'to') ?? reserve.incrementDrops)];
  const freedXrp = (before - after) / DROPS_PER_XRP;
  // Without a price, the XRP amount is still exact; only the USD figure and its grading are missing.
  const usd = reserve.priceUsd === undefined ? undefined : freedXrp * reserve.priceUsd;
  const change = `reserve ${trimXrp(before / DROPS_PER_XRP)} → ${trimXrp(after / DROPS_PER_XRP)} XRP${usd === undefined ? '' : ` (about ${formatUsd(Math.abs(usd))})`}`;
  if (applied) {
    return {
      level: 'none',
      summary:
        freedXrp === 0
          ? 'This change did not move your reserve.'
          : freedXrp > 0
            ? `This change freed ${trimXrp(freedXrp)} XRP of your reserve; it is in effect.`
            : `This change locked ${trimXrp(-freedXrp)} more XRP of your balance as reserve; it is in effect.`,
      ...(freedXrp !== 0 && { estimatedChange: change }),
      assets: [position.asset],
      simulated: true,
    };
  }
  return {
    level: usd === undefined ? (freedXrp === 0 ? 'none' : 'low') : levelForUsd(usd),
    summary:
      freedXrp === 0
        ? 'Your reserve stays as it is.'
        : freedXrp > 0
          ? `${trimXrp(freedXrp)} XRP of your reserve would be freed.`
          : `${trimXrp(-freedXrp)} more XRP of your balance would be locked as reserve.`,
    ...(freedXrp !== 0 && { estimatedChange: change }),
    ...(usd !== undefined && { usd: round2(usd) }),
    assets: [position.asset],
    simulated: true,
  };
}

const accountsOf = (touched: ExposurePosition[]) => [
  ...new Map(touched.flatMap(({ inputs }) => (inputs.account ? [[inputs.account.market, inputs.account] as const] : []))).values(),
];

const LABELS: Record<string, string> = {
  supplyApr: 'The supply rate',
  borrowApr: 'The borrow rate',
  reserveFactor: 'The reserve factor',
  rewardFee: 'The fee on rewards',
  communityTax: 'The community tax',
};
const labelOf = (change: ParameterChange) => LABELS[change.parameter] ?? change.parameter;
const numberOrUndefined = (value: number | string | undefined) => (typeof value === 'number' ? value : undefined);
const sign = (usd: number) => (usd < 0 ? '−' : '+');
const round2 = (value: number) => Math.round(value * 100) / 100;
const trimXrp = (xrp: number) => xrp.toLocaleString('en-US', { maximumFractionDigits: 6 });
const trimAmount = (amount: number) => amount.toLocaleString('en-US', { maximumSignificantDigits: 4 });
