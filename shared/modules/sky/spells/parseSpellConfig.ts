import { type Address, getAddress } from 'viem';
import { configNumber } from './configValue.js';

/** A rate SP-BEAM may move, with its bounds in bps (SPBEAM.set checks min ≤ bps ≤ max and |bps − old| ≤ step). */
export interface SpBeamRateBounds {
  min: number;
  max: number;
  step: number;
}

/** How an ilk's debt ceiling (and, for stUSDS, its fee) moves between spells (config.sol's UpdateMethod). */
export type LineMethod = 'manual' | 'autoline' | 'stusds';

/** One ilk's expected after-state, in the units config.sol states them. */
export interface IlkAfterState {
  lineMethod: LineMethod;
  /** Vat line in whole DAI/USDS: what a manual ilk may owe (an autoline ilk's is checked against autoLine instead). */
  line: number;
  /** DssAutoLine's maximum ceiling, gap and cooldown, where the ilk's line follows it. */
  autoLine?: { line: number; gap: number; ttlSeconds: number };
  /** The yearly stability fee in bps; meaningful only where `feeBySpell` (the spell's tests check the duty against it). */
  pctBps: number;
  /** False when SP-BEAM or the stUSDS rate setter sets the duty: the spell's tests then require pct 0 and do not check the duty. */
  feeBySpell: boolean;
  /** The liquidation ratio in bps (14500 for 145 %). */
  matBps: number;
  /** SP-BEAM's bounds for this ilk's fee, where SP-BEAM is enabled for it. */
  spBeam?: SpBeamRateBounds;
}

/** A spell's expected after-state as its test config publishes it (sky-ecosystem/spells-mainnet src/test/config.sol). */
export interface SpellAfterState {
  /** The deployed spell, once the config names it (`deployed_spell`; zero before deployment), and when it was deployed (unix seconds). */
  spell?: { address: Address; createdAt: number };
  /** The GSM pause delay (MCD_PAUSE delay), seconds. */
  pauseDelaySeconds: number;
  /** The savings rates in bps, in configs that state them (`susds_ssr`, `pot_dsr`; until 2025-04, when SP-BEAM took them over). */
  ssrBps?: number;
  dsrBps?: number;
  /** SP-BEAM's cooldown and its SSR and DSR bounds, in configs that state them (from 2025-04). */
  spBeam?: { tauSeconds: number; SSR: SpBeamRateBounds; DSR: SpBeamRateBounds };
  ilks: Record<string, IlkAfterState>;
}

/** Drops `//` comments outside string literals, so a comment's words never read as a value. */
function withoutComments(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let quoted = false;
      for (let index = 0; index < line.length - 1; index += 1) {
        if (line[index] === '"') quoted = !quoted;
        else if (!quoted && line[index] === '/' && line[index + 1] === '/') return line.slice(0, index);
      }
      return line;
    })
    .join('\n');
}

const systemValues = (text: string): Map<string, string> => new Map([...text.matchAll(/afterSpell\.(\w+)\s*=\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]));

function fieldsOf(body: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const part of body.split(',')) {
    const match = /^\s*(\w+)\s*:\s*([\s\S]+?)\s*$/.exec(part);
    if (match) fields.set(match[1]!, match[2]!);
  }
  return fields;
}

const required = (fields: Map<string, string>, name: string, where: string): string => {
  const value = fields.get(name);
  if (value === undefined) throw new Error(`config.sol: ${where} has no ${name}`);
  return value;
};

const flag = (value: string | undefined): boolean => value === 'true';

/**
 * The line method an ilk states, in the three forms config.sol has used: `aL_enabled: true|false`
 * (to 2025), `lum: LineUpdateMethod.X` (2025), `um: UpdateMethod.X` (from the 2025-10-16 spell).
 */
function lineMethodOf(fields: Map<string, string>, ilk: string): LineMethod {
  const method = fields.get('um') ?? fields.get('lum');
  if (method !== undefined) {
    const name = method.split('.').pop()!;
    if (name === 'MANUAL' || name === 'AUTOLINE' || name === 'STUSDS') return name.toLowerCase() as LineMethod;
    throw new Error(`config.sol: ${ilk} has an unknown update method ${method}`);
  }
  return flag(required(fields, 'aL_enabled', ilk)) ? 'autoline' : 'manual';
}

function ilkOf(ilk: string, body: string): IlkAfterState {
  const fields = fieldsOf(body);
  const number = (name: string) => configNumber(required(fields, name, ilk));
  const lineMethod = lineMethodOf(fields, ilk);
  const spEnabled = flag(fields.get('SP_enabled'));
  return {
    lineMethod,
    line: number('line'),
    ...(lineMethod === 'autoline' && { autoLine: { line: number('aL_line'), gap: number('aL_gap'), ttlSeconds: number('aL_ttl') } }),
    pctBps: number('pct'),
    // DssSpell.t.base.sol checks Jug duty against pct only for ilks neither SP-BEAM nor stUSDS rates.
    feeBySpell: !spEnabled && lineMethod !== 'stusds',
    matBps: number('mat'),
    ...(spEnabled && { spBeam: { min: number('SP_min'), max: number('SP_max'), step: number('SP_step') } }),
  };
}

const ZERO = /^0x0+$/i;

/**
 * Reads the expected after-state a spell's test config publishes: its system values (the pause
 * delay, the savings rates or SP-BEAM's bounds) and one block per ilk. Throws when a value it needs
 * is missing or unreadable, never guesses. Pure.
 *
 * @example const after = parseSpellConfig(await readText('src/test/config.sol')); after.pauseDelaySeconds // 172800
 */
export function parseSpellConfig(source: string): SpellAfterState {
  const text = withoutComments(source);
  const system = systemValues(text);
  const value = (name: string) => {
    const stated = system.get(name);
    if (stated === undefined) throw new Error(`config.sol: no afterSpell.${name}`);
    return configNumber(stated);
  };
  const optional = (name: string) => (system.has(name) ? value(name) : undefined);
  const deployed = /deployed_spell\s*:\s*address\((0x[0-9a-fA-F]{40})\)/.exec(text)?.[1];
  const created = /deployed_spell_created\s*:\s*([0-9_]+)/.exec(text)?.[1];
  const ilks: Record<string, IlkAfterState> = {};
  for (const match of text.matchAll(/afterSpell\.collaterals\["([^"]+)"\]\s*=\s*CollateralValues\(\{([\s\S]*?)\}\);/g)) ilks[match[1]!] = ilkOf(match[1]!, match[2]!);
  const [ssrBps, dsrBps] = [optional('susds_ssr'), optional('pot_dsr')];
  return {
    ...(deployed && !ZERO.test(deployed) && { spell: { address: getAddress(deployed), createdAt: created ? configNumber(created) : 0 } }),
    pauseDelaySeconds: value('pause_delay'),
    ...(ssrBps !== undefined && { ssrBps }),
    ...(dsrBps !== undefined && { dsrBps }),
    ...(system.has('SP_tau') && {
      spBeam: {
        tauSeconds: value('SP_tau'),
        SSR: { min: value('SP_ssr_min'), max: value('SP_ssr_max'), step: value('SP_ssr_step') },
        DSR: { min: value('SP_dsr_min'), max: value('SP_dsr_max'), step: value('SP_dsr_step') },
      },
    }),
    ilks,
  };
}
