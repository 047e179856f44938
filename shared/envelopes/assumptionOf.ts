import type { EnvelopeAssumption } from '../contract/envelope.js';
import { bpsPercent, delayWords, points, stepCount } from './envelopeWords.js';
import type { GuardianPower, ParameterBound } from './noVoteBounds.js';

/** One bounded step assumed, with its bound, where the bound was read, and a sentence. Pure. */
export function assumptionOf(
  bound: ParameterBound,
  moved: { subject: string; parameter: string; from: number; to: number; steps: number; lastChangedAt?: number; firstStepAt?: number; waits?: boolean },
): EnvelopeAssumption {
  const step = bound.largestStep.kind === 'absolute' ? `at most ${points(bound.largestStep.bps)}` : `at most ${Math.round(bound.largestStep.share * 10_000) / 100} % of its value`;
  const limits = [bound.floorBps !== undefined && bound.floorBps > 1 ? `never below ${bpsPercent(bound.floorBps)}` : '', bound.ceilingBps !== undefined ? `never above ${bpsPercent(bound.ceilingBps)}` : ''].filter(Boolean).join(', ');
  const origin = bound.origin === 'chain' ? `read from the contract: ${bound.source}` : `declared default from ${bound.source}${bound.unreadBecause ? `, since ${bound.unreadBecause}` : ''}`;
  // Where the chain gave the last change, the first step's time is real; otherwise nothing says when the last step was.
  const first =
    moved.lastChangedAt === undefined || moved.firstStepAt === undefined
      ? 'the first at once'
      : `${moved.waits ? `the first not before ${utcMinute(moved.firstStepAt)}` : 'the first at once'} (its last change ${utcMinute(moved.lastChangedAt)})`;
  return {
    mechanism: bound.mechanisms[0]!,
    subject: moved.subject,
    parameter: moved.parameter,
    from: moved.from,
    to: moved.to,
    unit: 'bps',
    steps: moved.steps,
    bound: {
      largestStep: bound.largestStep.kind === 'absolute' ? bound.largestStep.bps : bound.largestStep.share,
      stepKind: bound.largestStep.kind,
      minDelaySeconds: bound.minDelaySeconds,
      ...(bound.floorBps !== undefined && { floorBps: bound.floorBps }),
      ...(bound.ceilingBps !== undefined && { ceilingBps: bound.ceilingBps }),
    },
    actor: bound.actor,
    readFrom: bound.origin,
    ...(bound.unreadBecause !== undefined && { unreadBecause: bound.unreadBecause }),
    ...(moved.lastChangedAt !== undefined && { lastChangedAt: isoSeconds(moved.lastChangedAt) }),
    ...(moved.firstStepAt !== undefined && { firstStepAt: isoSeconds(moved.firstStepAt) }),
    source: bound.source,
    sourceUrl: bound.sourceUrl,
    words: `${capitalized(moved.subject)} ${bpsPercent(moved.from)} → ${bpsPercent(moved.to)}: ${stepCount(moved.steps, bound.stepWords)} of ${step}, one every ${delayWords(bound.minDelaySeconds)}${bound.delayScope === 'module' ? ' for all its rates together' : ''}, ${first}${limits ? `, ${limits}` : ''}, by ${bound.actor} (${origin}).`,
  };
}

/** A guardian power as an assumption: what it does, never a number. Pure. */
export function guardianAssumption(power: GuardianPower, subject: string): EnvelopeAssumption {
  return {
    mechanism: power.mechanisms[0]!,
    subject,
    actor: power.actor,
    readFrom: 'declared',
    source: power.source,
    sourceUrl: power.sourceUrl,
    words: `${capitalized(power.actor)} can ${power.does}`,
  };
}

const isoSeconds = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
/** "2026-11-24 09:30 UTC": a time in a sentence. */
const utcMinute = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')}\u00a0UTC`;

/** A sentence's start: "the …" capitalized, an asset's symbol (wstETH) as it is written. */
const capitalized = (text: string) => (text.startsWith('the ') ? `T${text.slice(1)}` : text);
