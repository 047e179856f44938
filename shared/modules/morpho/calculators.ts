import type { ParameterChange } from '../../domain/parameterChange.js';
import type { ExposurePosition, SimulatorInputs } from '../../domain/position.js';
import type { Calculator } from '../../simulate/calculator.js';
import type { Effect } from '../../simulate/effect.js';
import { formatNumber, formatPercent, withUnit } from '../../simulate/format.js';
import { isVaultMarket } from './vaultMarket.js';
import { splitVaultMarket, VAULT_FEE, VAULT_GUARDIAN, VAULT_MARKET_REMOVAL, VAULT_SUPPLY_CAP, VAULT_TIMELOCK } from './parameters.js';
import { afterFee } from '../../simulate/keptShare.js';

/*
 * What a vault's curator and owner changes do to a depositor (morpho-org/metamorpho README.md and
 * src/MetaMorpho.sol). Pure functions of plain data, like the rest of the simulator. A cap, a
 * removal, a timelock or a guardian changes what the vault may do with the deposits, not their
 * value: those effects are stated (no money is invented); only the fee moves a yearly rate.
 */

/**
 * A change reaches the positions held through its vault: a vault share, never a Morpho Blue
 * position. A change that names no vault (a what-if change, a text table's row) reaches any vault
 * share it is simulated against.
 */
const inVault = (change: ParameterChange, { inputs }: ExposurePosition): boolean =>
  inputs.role === 'supply' && isVaultMarket(inputs.market) && (change.market === undefined || splitVaultMarket(change.market).vault === inputs.market);

/** The vault's Blue market a change names, in words: "the sUSDe/DAI 86% market". */
const marketWords = (change: ParameterChange): string => {
  const blueMarket = splitVaultMarket(change.market).blueMarket;
  return blueMarket ? `the ${blueMarket} market` : 'one of its markets';
};

const numberOf = (value: number | string | undefined): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** "3 days", "1 day", "12 hours": a timelock as a person says it. Pure. */
export function formatDuration(seconds: number): string {
  const days = seconds / 86_400;
  if (Number.isInteger(days)) return withUnit(String(days), `day${days === 1 ? '' : 's'}`);
  const hours = seconds / 3600;
  return Number.isInteger(hours) ? withUnit(String(hours), `hour${hours === 1 ? '' : 's'}`) : withUnit(formatNumber(seconds), 'seconds');
}

/**
 * A cap on one market of the vault: the vault supplies at most `to` there. A cut (decreases are
 * immediate, MetaMorpho.submitCap) stops new deposits from going to that market — the supply queue
 * skips a market at its cap — and lets the allocators move what is above the cap elsewhere at
 * their next reallocation; a cut to 0 is the first step of removing the market. A raise (after the
 * timelock) lets the vault put more there. Neither changes what the shares are worth today. Pure.
 */
export function capEffect(change: ParameterChange, { position }: ExposurePosition): Effect {
  const blueMarket = marketWords(change);
  const to = numberOf(change.to);
  const from = numberOf(change.from);
  const asset = change.asset ?? position.asset;
  const base = { assets: [position.asset], simulated: to !== undefined };
  if (to === undefined) return { ...base, level: 'low', summary: `The vault's cap on ${blueMarket} changes.` };
  const was = from === undefined ? '' : ` (was ${formatNumber(from)})`;
  if (from !== undefined && to > from) {
    return { ...base, level: 'none', summary: `Your vault may supply up to ${withUnit(formatNumber(to), asset)} to ${blueMarket}${was}: more of new deposits can go there; what you hold stays.`, estimatedChange: `cap ${formatNumber(from)} → ${withUnit(formatNumber(to), asset)}` };
  }
  const stop = to === 0 ? `Your vault stops supplying to ${blueMarket}` : `Your vault may supply at most ${withUnit(formatNumber(to), asset)} to ${blueMarket}${was}`;
  return {
    ...base,
    level: 'low',
    summary: `${stop}: new deposits go to the other markets of its supply queue, and the allocators move what is above the cap out when they reallocate; what you hold stays.`,
    ...(from !== undefined && { estimatedChange: `cap ${formatNumber(from)} → ${withUnit(formatNumber(to), asset)}` }),
  };
}

/**
 * A forced removal of a market from the vault (submitMarketRemoval, cap already 0): after the
 * timelock an allocator may drop it from the withdraw queue even while the vault still supplies to
 * it, and "the funds supplied to this market will be lost" (metamorpho README.md, Curator; "Market
 * funds are lost") unless the market works again later. Stated, not priced: how much the vault
 * still supplies there is not read. Pure.
 */
export function removalEffect(change: ParameterChange, { position }: ExposurePosition): Effect {
  const blueMarket = marketWords(change);
  return {
    level: 'medium',
    summary: `${blueMarket.charAt(0).toUpperCase()}${blueMarket.slice(1)} is being force-removed from your vault: once the timelock ends, whatever the vault still supplies to it can be written off, lowering what your shares are worth.`,
    estimatedChange: `${String(change.from ?? 'enabled')} → ${String(change.to)}`,
    assets: [position.asset],
    simulated: true,
  };
}

/**
 * A new timelock: how much notice depositors get before a cap raise, a market removal or a new
 * guardian takes effect. A cut (itself timelocked) means such changes can arrive sooner than
 * today; a raise is immediate and only gives more notice. Pure.
 */
export function timelockEffect(change: ParameterChange, { position }: ExposurePosition): Effect {
  const to = numberOf(change.to);
  const from = numberOf(change.from);
  if (to === undefined) return { level: 'low', summary: "The vault's timelock changes.", assets: [position.asset], simulated: false };
  const shorter = from !== undefined && to < from;
  const range = from === undefined ? formatDuration(to) : `${formatDuration(from)} → ${formatDuration(to)}`;
  return {
    level: shorter ? 'low' : 'none',
    summary: shorter
      ? `Changes to your vault (cap raises, market removals, a new guardian) can take effect after ${formatDuration(to)} of notice instead of ${formatDuration(from!)}.`
      : `Changes to your vault get ${formatDuration(to)} of notice before they take effect${from === undefined ? '' : ` (was ${formatDuration(from)})`}.`,
    estimatedChange: `timelock ${range}`,
    assets: [position.asset],
    simulated: true,
  };
}

/** A new guardian: who may revoke the vault's pending changes during the timelock. Pure. */
export function guardianEffect(change: ParameterChange, { position }: ExposurePosition): Effect {
  const none = (value: unknown) => value === undefined || /^0x0{40}$/i.test(String(value));
  const removed = none(change.to);
  return {
    level: removed ? 'medium' : 'low',
    summary: removed
      ? 'Your vault would have no guardian: nobody but the owner and curator could revoke its pending changes.'
      : `${String(change.to)} becomes your vault's guardian, who may revoke its pending changes during the timelock.`,
    estimatedChange: `guardian ${none(change.from) ? 'none' : String(change.from)} → ${removed ? 'none' : String(change.to)}`,
    assets: [position.asset],
    simulated: true,
  };
}

/**
 * The depositor's rate after a performance-fee change: the vault's net rate is its gross rate
 * times (1 − fee) (MetaMorpho._accruedFeeShares mints `fee` of the interest to the fee recipient),
 * so net after = net × (1 − new fee) / (1 − old fee). The old fee is the change's own `from`, else
 * the fee the scan read; undefined without either. Pure.
 *
 * @example feeRateAfter(0.045, [{ …, from: 0.1, to: 0.2 }], inputs) // 0.04
 */
export function feeRateAfter(rate: number, changes: readonly ParameterChange[], inputs: SimulatorInputs): number | undefined {
  const change = changes.filter((entry) => entry.parameter === VAULT_FEE.name).at(-1);
  const to = numberOf(change?.to);
  const from = numberOf(change?.from) ?? inputs.rewardFee;
  return to === undefined || from === undefined ? undefined : afterFee(rate, from, to);
}

export const vaultShapeCalculator: Calculator = {
  parameters: [VAULT_SUPPLY_CAP.name, VAULT_MARKET_REMOVAL.name, VAULT_TIMELOCK.name, VAULT_GUARDIAN.name],
  touches: inVault,
  effects(changes, exposure) {
    return changes.map((change) => {
      switch (change.parameter) {
        case VAULT_SUPPLY_CAP.name:
          return capEffect(change, exposure);
        case VAULT_MARKET_REMOVAL.name:
          return removalEffect(change, exposure);
        case VAULT_TIMELOCK.name:
          return timelockEffect(change, exposure);
        default:
          return guardianEffect(change, exposure);
      }
    });
  },
};

export const vaultFeeCalculator: Calculator = {
  parameters: [VAULT_FEE.name],
  touches: inVault,
  chainValue: (_change, { inputs }) => inputs.rewardFee,
  rateAfter: feeRateAfter,
};

/** The module's calculators, one per family of its kinds. */
export const MORPHO_CALCULATORS: readonly Calculator[] = [vaultShapeCalculator, vaultFeeCalculator];
