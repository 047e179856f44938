import * as z from 'zod';
import { DateTime } from './common.js';
import { ImpactLevel, Mechanism } from './enums.js';

export const EnvelopeAssumption = z
  .object({
    mechanism: Mechanism,
    subject: z.string().meta({ description: 'What moves, in words.', example: 'WETH’s liquidation threshold' }),
    parameter: z.string().optional().meta({ description: 'The parameter kind moved, as ParameterChanges name it; absent for a guardian power.', example: 'liquidationThreshold' }),
    from: z.number().optional().meta({ description: 'Its value now, in `unit`.', example: 8300 }),
    to: z.number().optional().meta({ description: 'Its value at the worst case, in `unit`.', example: 8150 }),
    unit: z.enum(['bps']).optional(),
    steps: z.int().min(0).optional().meta({ description: 'Steps the worst case takes: at most floor(horizon / minDelaySeconds) + 1 (the first at once where the last change was not read, else once its delay since that change has passed: the contracts count each delay from the last change), fewer where a floor, a ceiling or the distance stops it.', example: 3 }),
    bound: z
      .object({
        largestStep: z.number().meta({ description: 'bps of the parameter for an absolute step; a fraction of the value before the step for a relative one.', example: 50 }),
        stepKind: z.enum(['absolute', 'relative']),
        minDelaySeconds: z.int().min(1),
        floorBps: z.number().optional(),
        ceilingBps: z.number().optional(),
      })
      .optional()
      .meta({ description: 'The bound the step is held to; absent for a guardian power, which no bound sizes.' }),
    actor: z.string().meta({ description: 'Who may act, in words.' }),
    readFrom: z.enum(['chain', 'declared']).meta({ description: 'chain: the bound was read from the contract at scan time; declared: the module’s declared default, from the file in `source`.' }),
    unreadBecause: z.string().optional().meta({ description: 'Why a bound the contract holds was not read from it at scan time (an upstream down or answering what cannot be decoded): the declared default in `source` stands in.', example: 'the ethereum upstream did not answer' }),
    lastChangedAt: DateTime.optional().meta({ description: 'When the actor last moved this parameter, read from its contract (a steward’s per-asset timelock). Absent: not read, and the first step is assumed at once.' }),
    firstStepAt: DateTime.optional().meta({ description: 'The earliest time of the first step, where `lastChangedAt` was read: the last change plus the minimum delay, or the scan’s time when that has passed.' }),
    source: z.string().meta({ description: 'The file and commit the bound or power was read from (owner/repo path@commit).' }),
    sourceUrl: z.url().meta({ description: 'Where to read it: the file at that commit or the contract.' }),
    words: z.string().meta({ description: 'The assumption as a sentence.' }),
  })
  .meta({ id: 'EnvelopeAssumption', description: 'One step assumed by an envelope, with the bound it is held to and where that bound comes from.' });

const Range = (description: string) =>
  z.object({ now: z.number(), worst: z.number() }).meta({ description });

export const Envelope = z
  .object({
    protocol: z.string(),
    market: z.string().meta({ description: 'The lending market or savings vault, as positions name it.' }),
    asset: z.string().optional().meta({ description: 'The position’s asset, for a rate envelope.' }),
    horizonDays: z.int().min(1).meta({ example: 7 }),
    mechanisms: z.array(Mechanism).min(1),
    level: ImpactLevel.meta({ description: 'The written level rules applied to the worst case (the rule “worst case without a vote”).' }),
    healthFactor: Range('A lending account’s health factor now and at the worst the bounds allow; absent without debt.').optional(),
    yearlyUsd: Range('What a rate position earns (or pays) a year now and at the worst rate the bounds allow, USD, at today’s balance.').optional(),
    assumptions: z.array(EnvelopeAssumption),
    summary: z.string().meta({ example: 'Within 7 days, without a vote, the liquidation thresholds of WETH and USDC can each fall by at most 1.5 points (3 steward steps of 0.5 at 3-day intervals): health factor 1.42 → 1.39 at worst.' }),
  })
  .meta({
    id: 'Envelope',
    description:
      'The worst case without a vote: what stewards, risk oracles, rate modules and guardians may do to one lending account or savings position on their own within the horizon, inside the bounds their contracts enforce. A guardian power is stated as what it does, never as a number it cannot bound.',
  });

export type EnvelopeAssumption = z.infer<typeof EnvelopeAssumption>;
export type Envelope = z.infer<typeof Envelope>;
