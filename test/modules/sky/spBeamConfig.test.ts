import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Abi, encodeAbiParameters, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { decodeSpBeamConfig, spBeamConfigCalls } from '../../../shared/modules/sky/readSpBeamConfig.js';
import { nextMoveWords, setEvent } from '../../../shared/modules/sky/spBeam.js';
import { spBeamViewsAbi } from '../../../shared/modules/sky/spBeamAbi.js';
import { UpstreamError } from '../../../shared/upstream/errors.js';

/*
 * SP-BEAM's views as the module reads them, checked against the ABI solc-js compiles from
 * makerdao/sp-beam src/SPBEAM.sol @eaadd53 (test/fixtures/sky-sp-beam/SPBEAM@eaadd53.json), and
 * decoded from answers encoded with those fragments (SYNTHETIC values).
 */
const compiled = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/sky-sp-beam/SPBEAM@eaadd53.json'), 'utf8')) as { source: string; abi: Abi };
const fragment = (name: string) => compiled.abi.find((entry) => 'name' in entry && entry.name === name);
const word = (value: bigint): Hex => encodeAbiParameters([{ type: 'uint256' }], [value]);
const cfg = (min: number, max: number, step: number): Hex => encodeAbiParameters([{ type: 'uint16' }, { type: 'uint16' }, { type: 'uint16' }], [min, max, step]);
const ok = (returnData: Hex) => ({ success: true, returnData });

describe('SP-BEAM’s views', () => {
  it('are the compiled source’s cfgs, tau, toc and bad, and its Set event', () => {
    for (const entry of spBeamViewsAbi) expect(fragment(entry.name)).toEqual(entry);
    expect(fragment('Set')).toEqual({ ...setEvent, anonymous: false });
    expect(compiled.source).toContain('eaadd5357584e83c3555bcf1fe2574915d6a4ef0');
  });
});

describe('SP-BEAM’s configuration from one aggregate3 (pure)', () => {
  const ids = ['SSR', 'ETH-A'];
  it('asks the block’s time, tau, toc, bad, then cfgs per id, in that order', () => {
    expect(spBeamConfigCalls(ids).map((call) => call.callData.slice(0, 10))).toEqual(['0x0f28c97d', '0xcfc4af55', '0x89afb88a', '0x9c3674fc', '0x646544a0', '0x646544a0']);
  });

  it('decodes each rate’s bounds, the cooldown, the last set and the halt', () => {
    const results = [ok(word(1_795_000_000n)), ok(word(57_600n)), ok(word(1_794_990_000n)), ok(word(0n)), ok(cfg(200, 3000, 400)), ok(cfg(0, 0, 0))];
    expect(decodeSpBeamConfig(results, ids)).toEqual({ readAt: 1_795_000_000, tauSeconds: 57_600, lastSetAt: 1_794_990_000, halted: false, rates: { SSR: { min: 200, max: 3000, step: 400 }, 'ETH-A': { min: 0, max: 0, step: 0 } } });
  });

  it('reads bad = 1 as halted', () => {
    const results = [ok(word(1n)), ok(word(1n)), ok(word(0n)), ok(word(1n)), ok(cfg(200, 3000, 400)), ok(cfg(200, 3000, 400))];
    expect(decodeSpBeamConfig(results, ids).halted).toBe(true);
  });

  it('refuses a half-read configuration (a reverted view, a missing answer): upstream_malformed, never a partial bound', () => {
    const full = [ok(word(1n)), ok(word(1n)), ok(word(0n)), ok(word(0n)), ok(cfg(200, 3000, 400)), ok(cfg(200, 3000, 400))];
    expect(() => decodeSpBeamConfig([...full.slice(0, 5), { success: false, returnData: '0x' }], ids)).toThrow(UpstreamError);
    expect(() => decodeSpBeamConfig(full.slice(0, 5), ids)).toThrow(UpstreamError);
    expect(() => decodeSpBeamConfig([...full.slice(0, 5), ok('0x')], ids)).toThrow(UpstreamError);
  });
});

describe('the next move’s bounds in an SP-BEAM item (pure)', () => {
  const config = { readAt: Date.parse('2026-11-22T12:00:00Z') / 1000, tauSeconds: 57_600, lastSetAt: Date.parse('2026-11-21T20:00:00Z') / 1000, halted: false, rates: { SSR: { min: 200, max: 3000, step: 400 }, 'ETH-B': { min: 0, max: 0, step: 0 } } };
  it('from the chain: the rate’s cfgs, the earliest time toc + tau, and when it was read', () => {
    expect(nextMoveWords('SSR', config)).toBe('SP-BEAM may move it again by at most 4\u00a0% within 2\u00a0% to 30\u00a0%, no sooner than 2026-11-22 12:00\u00a0UTC (16\u00a0hours after its last set), with no vote (bounds read from SP-BEAM on chain at 2026-11-22 12:00\u00a0UTC).');
  });
  it('a rate SP-BEAM no longer configures (step 0) cannot move without a vote', () => {
    expect(nextMoveWords('ETH-B', config)).toContain('SP-BEAM no longer configures it');
  });
  it('halted: no move without a vote until a spell lifts it', () => {
    expect(nextMoveWords('SSR', { ...config, halted: true })).toContain('SP-BEAM is halted');
  });
  it('not read: the declared default, named', () => {
    expect(nextMoveWords('DSR')).toBe('SP-BEAM may move it again by at most 4\u00a0% within 0\u00a0% to 30\u00a0%, no sooner than 16\u00a0hours after this set, with no vote (declared default from spells-mainnet src/test/config.sol@17aee91).');
  });
});
