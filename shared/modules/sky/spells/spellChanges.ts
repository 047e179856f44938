import type { ParameterChange } from '../../../domain/parameterChange.js';
import { SKY_MARKETS } from '../names.js';
import type { IlkAfterState, SpellAfterState } from './parseSpellConfig.js';

/** Where every change below is read: the spell's published after-state diffed with the previous spell's. */
const EVIDENCE = 'spells-mainnet src/test/config.sol after-state, diffed with the previous spell’s';

const change = (parameter: string, to: number | string, from: number | string | undefined, unit: ParameterChange['unit'], what: string, scope: Pick<ParameterChange, 'market' | 'asset'> = {}): ParameterChange => ({
  protocol: 'sky',
  ...scope,
  parameter,
  ...(from !== undefined && { from }),
  to,
  unit,
  evidence: `${EVIDENCE}: ${what}`,
  verified: true,
});

/** An ilk's ceiling: DssAutoLine's maximum where the line follows it, the Vat line where a spell sets it. */
const ceilingOf = (ilk: IlkAfterState): number => ilk.autoLine?.line ?? ilk.line;

function ilkChanges(name: string, after: IlkAfterState, before: IlkAfterState | undefined): ParameterChange[] {
  const scope = { market: name };
  const changes: ParameterChange[] = [];
  if (!before) changes.push(change('listing', 'listed', undefined, 'state', `collaterals["${name}"] added`, scope));
  // mat in bps (14500) reads as the ratio 1.45, the unit the vault calculators and the what-if take.
  if (before?.matBps !== after.matBps) changes.push(change('mat', after.matBps / 10_000, before && before.matBps / 10_000, 'fraction', `collaterals["${name}"].mat ${before ? `${before.matBps} → ` : ''}${after.matBps} bps`, scope));
  // A fee SP-BEAM or the stUSDS rate setter sets is not the spell's: config.sol states pct 0 for it.
  if (after.feeBySpell) {
    const from = before?.feeBySpell ? before.pctBps : undefined;
    if (from !== after.pctBps) changes.push(change('stabilityFee', after.pctBps, from, 'bps', `collaterals["${name}"].pct ${from !== undefined ? `${from} → ` : ''}${after.pctBps} bps`, scope));
  }
  const [ceilingBefore, ceilingAfter] = [before && ceilingOf(before), ceilingOf(after)];
  if (ceilingBefore !== ceilingAfter) {
    const field = after.autoLine ? 'aL_line' : 'line';
    changes.push(change('debtCeiling', ceilingAfter, ceilingBefore, 'tokens', `collaterals["${name}"].${field} ${ceilingBefore !== undefined ? `${ceilingBefore} → ` : ''}${ceilingAfter} (whole DAI/USDS)`, scope));
  }
  if (after.autoLine && before?.autoLine && after.autoLine.gap !== before.autoLine.gap) {
    changes.push(change('autoLineGap', after.autoLine.gap, before.autoLine.gap, 'tokens', `collaterals["${name}"].aL_gap ${before.autoLine.gap} → ${after.autoLine.gap} (whole DAI/USDS)`, scope));
  }
  return changes;
}

/**
 * What a spell changes, from its published expected after-state and the previous spell's: the GSM
 * pause delay, the SSR and the DSR (where configs state them), and per ilk its `mat`, its stability
 * fee (where the spell, not SP-BEAM, sets it), its debt ceiling and autoline gap, and new ilks.
 * Values the two configs agree on are no change. Every change is verified: it is what the spell's
 * own tests require of the chain after cast. Pure.
 */
export function spellChanges(before: SpellAfterState, after: SpellAfterState): ParameterChange[] {
  const changes: ParameterChange[] = [];
  if (before.pauseDelaySeconds !== after.pauseDelaySeconds) {
    changes.push(change('gsmDelay', after.pauseDelaySeconds, before.pauseDelaySeconds, 'state', `pause_delay ${before.pauseDelaySeconds / 3600} hours → ${after.pauseDelaySeconds / 3600} hours`));
  }
  if (after.ssrBps !== undefined && after.ssrBps !== before.ssrBps) {
    changes.push(change('ssr', after.ssrBps, before.ssrBps, 'bps', `susds_ssr ${before.ssrBps !== undefined ? `${before.ssrBps} → ` : ''}${after.ssrBps} bps`, { market: SKY_MARKETS.susds, asset: 'sUSDS' }));
  }
  if (after.dsrBps !== undefined && after.dsrBps !== before.dsrBps) {
    changes.push(change('dsr', after.dsrBps, before.dsrBps, 'bps', `pot_dsr ${before.dsrBps !== undefined ? `${before.dsrBps} → ` : ''}${after.dsrBps} bps`, { market: SKY_MARKETS.sdai, asset: 'sDAI' }));
  }
  for (const [name, ilk] of Object.entries(after.ilks)) changes.push(...ilkChanges(name, ilk, before.ilks[name]));
  return changes;
}
