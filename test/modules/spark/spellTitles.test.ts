import { describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import { PUBLISHED_SPELLS } from '../../../shared/modules/spark/publishedSpells.js';
import { titleOfSpell } from '../../../shared/modules/spark/normalizeSpell.js';

/** A payload address no spell source in the table names (made up for this test). */
const UNKNOWN = '0x00000000000000000000000000000000DeaDBeef';
const change = (asset: string, parameter: ParameterChange['parameter'], to: number): ParameterChange => ({ protocol: 'spark', market: 'sparklend-ethereum', asset, parameter, to, unit: 'bps', evidence: 'test', verified: true });

describe('Spark spell titles and changeTypes', () => {
  it('takes a published spell’s title and changeType from the table, whatever case the address is in', () => {
    const title = titleOfSpell('0x160158d029697FEa486dF8968f3Be17a706dF0F0', [change('rETH', 'ltv', 0)]);
    expect(title).toMatchObject({ title: expect.stringMatching(/^Spark spell 2026-04-23: .*rETH deprecated/), changeType: 'shape' });
  });

  it('titles an unknown payload by what its engine views decode, a parameter change', () => {
    expect(titleOfSpell(UNKNOWN, [change('WBTC', 'ltv', 7700), change('WBTC', 'liquidationThreshold', 7800)])).toEqual({
      title: 'Spark proxy spell 0x0000…Beef: WBTC loan-to-value, WBTC liquidation threshold',
      changeType: 'parameter',
    });
  });

  it('counts a decoded listing as a shape change, and names only the first three changes', () => {
    const changes = [change('A', 'ltv', 1), change('B', 'ltv', 1), change('C', 'ltv', 1), { ...change('D', 'ltv', 1), parameter: 'listing' as const, unit: 'state' as const, to: 'listed' }];
    const { title, changeType } = titleOfSpell(UNKNOWN, changes as ParameterChange[]);
    expect(changeType).toBe('shape');
    expect(title).toBe('Spark proxy spell 0x0000…Beef: A loan-to-value, B loan-to-value, C loan-to-value and 1 more');
  });

  it('leaves an unknown payload that decodes nothing to its address and the feed’s words rule', () => {
    expect(titleOfSpell(UNKNOWN, [])).toEqual({ title: 'Spark proxy spell 0x0000…Beef' });
  });

  it('keys the table by lower-case address, each entry naming its spark-spells file and a forum post', () => {
    for (const [address, spell] of Object.entries(PUBLISHED_SPELLS)) {
      expect(address).toMatch(/^0x[0-9a-f]{40}$/);
      expect(spell.file).toContain(spell.date.replaceAll('-', ''));
      expect(spell.forum).toMatch(/^https:\/\/forum\./);
    }
  });
});
