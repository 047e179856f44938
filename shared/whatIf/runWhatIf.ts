import * as z from 'zod';
import type { ProposalImpact } from '../contract/proposal.js';
import { tableChanges } from '../changes/tableChanges.js';
import { type ParameterChange, type ParameterUnit, valueProblem } from '../domain/parameterChange.js';
import type { ExposurePosition } from '../domain/position.js';
import type { FeedProposal } from '../domain/proposal.js';
import type { Effect } from '../simulate/effect.js';
import type { ChainVerdict } from '../simulate/checkAgainstChain.js';
import { moduleInfo, registered } from '../modules/registry.js';
import { simulateProposalInDetail } from '../simulate/simulateProposal.js';
import { type WhatIfChange, whatIfInput } from './whatIfInput.js';

/** What the command prints: the impact, each change with its verdict against the account, and the account's health factor before and after wherever it has debt. */
export interface WhatIfResult {
  impact: ProposalImpact | null;
  changes: (Omit<WhatIfChange, 'from' | 'to'> & { from?: number | string; to: number | string; verdict: ChainVerdict | 'reaches_no_position'; accountValue?: number | string; verified: boolean })[];
  healthFactor?: { before: number; after: number };
}

/** A what-if input that cannot be used: its message says where and why, for a person to fix. */
export class WhatIfInputError extends Error {
  override readonly name = 'WhatIfInputError';
}

/**
 * Runs the simulator on an account described by hand: the given changes (as verified, in the
 * input's fractions), or the parameter tables of a proposal's text (as unverified, checked against
 * the account's values as they would be against the chain). Pure.
 *
 * @throws WhatIfInputError for input that does not match the documented shape.
 */
export async function runWhatIf(raw: unknown): Promise<WhatIfResult> {
  const [{ schema, whatIfOf }, modules] = await Promise.all([whatIfInput(), registered()]);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new WhatIfInputError(z.prettifyError(parsed.error));
  const input = parsed.data;
  const whatIf = whatIfOf(input.protocol);
  const positions = whatIf.positions(input.account as never, input.protocol);
  const market = whatIf.defaultMarket?.(input.account as never);
  const kinds = moduleInfo(input.protocol)?.parameters;
  const marketOf = moduleInfo(input.protocol)?.tableMarket;
  input.changes?.forEach((change, index) => {
    const kind = modules.kinds.get(change.parameter)!;
    for (const field of ['to', 'from'] as const) {
      if (change[field] === undefined) continue;
      const problem = valueProblem(change[field], kind.unit, kind.bounded, INPUT_SCALE[kind.unit] ?? 1);
      if (problem) throw new WhatIfInputError(`changes[${index}].${field}: ${typeof change[field] === 'string' ? JSON.stringify(change[field]) : String(change[field])} ${problem} for ${change.parameter}`);
    }
  });
  const changes = input.changes
    ? input.changes.map((change) => toInternal(change, input.protocol, modules.kinds.get(change.parameter)!.unit))
    : tableChanges(input.proposal!.description, { protocol: input.protocol, where: 'what-if proposal', ...(kinds && { kinds }), ...(marketOf && { marketOf }) }).map((change) => (change.market || !market ? change : { ...change, market }));
  const proposal: FeedProposal = {
    id: `${input.protocol}-whatif-1`,
    protocol: input.protocol,
    title: input.proposal?.title ?? 'what-if',
    summary: '',
    description: input.proposal?.description ?? '',
    status: 'active',
    votes: {},
    timeline: {},
    changes,
    firstSeen: new Date(0).toISOString(),
  };
  const simulation = simulateProposalInDetail(proposal, positions, modules);
  const verdicts = new Map(simulation?.changes.map((checked) => [checked.change, checked]) ?? []);
  const healthFactor = healthFactorOf(positions, simulation?.impact.analysisStatus === 'simulated' ? simulation.effects : []);
  return {
    impact: simulation?.impact ?? null,
    changes: changes.map((change) => {
      const checked = verdicts.get(change);
      return {
        ...(change.asset && { asset: change.asset }),
        ...(change.market && { market: change.market }),
        ...(change.eModeCategory !== undefined && { eModeCategory: change.eModeCategory }),
        ...(change.configKey !== undefined && { configKey: change.configKey }),
        ...(change.side && { side: change.side }),
        parameter: change.parameter,
        ...(change.from !== undefined && { from: toInput(change.from, change.unit) }),
        to: toInput(change.to, change.unit),
        verified: change.verified,
        verdict: checked?.verdict ?? 'reaches_no_position',
        ...(checked?.chainValue !== undefined && { accountValue: toInput(checked.chainValue, change.unit) }),
      };
    }),
    ...(healthFactor && { healthFactor }),
  };
}

/** How many of the simulator's unit one of the input's is: shares are fractions in the input, bps inside; XRP against drops. */
const INPUT_SCALE: Partial<Record<ParameterUnit, number>> = { bps: 10_000, drops: 1_000_000 };

/**
 * The health factor of the account with debt, before and after, even when the changes leave it
 * where it is (after = before); the lowest where several accounts move. A proposal not fully
 * quantified moves nothing here: its after would claim more than is known. Undefined without debt.
 */
function healthFactorOf(positions: readonly ExposurePosition[], effects: readonly Effect[]): { before: number; after: number } | undefined {
  const accounts = [...new Map(positions.flatMap(({ inputs }) => (inputs.account?.healthFactor === undefined ? [] : [[inputs.account.market, inputs.account.healthFactor] as const]))).entries()];
  const each = accounts.map(([market, before]) => ({ before, after: effects.find((effect) => effect.healthFactor?.market === market)?.healthFactor?.after ?? before }));
  const lowest = each.sort((a, b) => a.after - b.after)[0];
  return lowest && { before: round6(lowest.before), after: round6(lowest.after) };
}

/** An input change (fractions, XRP) in the simulator's units (bps, drops). */
function toInternal(change: WhatIfChange, protocol: string, unit: ParameterUnit): ParameterChange {
  const convert = (value: number | string) => (typeof value === 'string' ? value : unit === 'bps' ? value * 10_000 : unit === 'drops' ? Math.round(value * 1e6) : value);
  return {
    protocol,
    ...((change.market ?? change.ilk) && { market: change.market ?? change.ilk }),
    ...(change.asset && { asset: change.asset }),
    ...(change.eModeCategory !== undefined && { eModeCategory: change.eModeCategory }),
    ...(change.configKey !== undefined && { configKey: change.configKey }),
    ...(change.side && { side: change.side }),
    parameter: change.parameter,
    ...(change.from !== undefined && { from: convert(change.from) }),
    to: convert(change.to),
    unit,
    evidence: 'what-if input',
    verified: true,
  };
}

/** A value in the simulator's unit, back in the input's (bps → fraction, drops → XRP). */
const toInput = (value: number | string, unit: ParameterUnit): number | string =>
  typeof value === 'string' ? value : unit === 'bps' ? value / 10_000 : unit === 'drops' ? value / 1e6 : value;

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
