import type { ParameterChange } from '../../domain/parameterChange.js';
import type { ExposurePosition } from '../../domain/position.js';
import type { Effect } from '../../simulate/effect.js';
import { formatMillionths, formatUsd, withUnit } from '../../simulate/format.js';
import { levelForUsd } from '../../simulate/levels.js';

const DROPS_PER_XRP = 1_000_000;

/** "0.5 XRP", the number joined to its unit. */
const formatXrp = (xrp: number): string => withUnit(formatMillionths(xrp), 'XRP');

/** The XRP an account locks: base + ownerCount × increment (xrpl.org "Reserves"), with XRP's USD price where read. */
export interface LedgerReserve {
  ownerCount: number;
  baseDrops: number;
  incrementDrops: number;
  priceUsd?: number;
}

declare module '../../domain/position.js' {
  interface ModuleInputs {
    /** The account reserve the ledger locks for this balance. */
    ledgerReserve?: LedgerReserve;
  }
}

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
  const change = `reserve ${formatMillionths(before / DROPS_PER_XRP)} → ${formatXrp(after / DROPS_PER_XRP)}${usd === undefined ? '' : ` (about ${formatUsd(Math.abs(usd))})`}`;
  if (applied) {
    return {
      level: 'none',
      summary:
        freedXrp === 0
          ? 'This change did not move your reserve.'
          : freedXrp > 0
            ? `This change freed ${formatXrp(freedXrp)} of your reserve; it is in effect.`
            : `This change locked ${formatXrp(-freedXrp)} more of your balance as reserve; it is in effect.`,
      // In effect: it will change nothing more, so no estimatedChange (a figure of what is still to come); what it did is in details.
      ...(freedXrp !== 0 && { details: `What it did: ${change}.` }),
      assets: [position.asset],
      simulated: true,
    };
  }
  return {
    level: usd === undefined ? (freedXrp === 0 ? 'none' : 'low') : levelForUsd(usd, inputs.valueUsd),
    summary:
      freedXrp === 0
        ? 'Your reserve stays as it is.'
        : freedXrp > 0
          ? `${formatXrp(freedXrp)} of your reserve would be freed.`
          : `${formatXrp(-freedXrp)} more of your balance would be locked as reserve.`,
    ...(freedXrp !== 0 && { estimatedChange: change }),
    ...(usd !== undefined && { usd: round2(usd) }),
    assets: [position.asset],
    simulated: true,
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
