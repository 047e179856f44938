import { describe, expect, it } from 'vitest';
import { runWhatIf, WhatIfInputError } from '../../../shared/whatIf/runWhatIf.js';

/* The savings what-if, and the account's refusals. Hand-made accounts. */
describe('the sky what-if', () => {
  it('the issue’s input: $10,000 of sUSDS at an SSR of 4.5 % cut to 4 % is $50 a year less', async () => {
    const result = await runWhatIf({ protocol: 'sky', account: { susds: 10000, ssr: 0.045 }, changes: [{ parameter: 'ssr', to: 0.04 }] });
    expect(result.impact).toMatchObject({ level: 'low', estimatedImpactUsd: -50, affectedAssets: ['sUSDS'] });
    expect(result.changes).toMatchObject([{ parameter: 'ssr', to: 0.04, verdict: 'matches_chain', accountValue: 0.045 }]);
  });

  it('a DSR change reaches sDAI and not sUSDS: $4,000 at 3 % → 2 % is $40 a year less', async () => {
    const result = await runWhatIf({ protocol: 'sky', account: { susds: 10000, ssr: 0.045, sdai: 4000, dsr: 0.03 }, changes: [{ parameter: 'dsr', to: 0.02 }] });
    expect(result.impact).toMatchObject({ estimatedImpactUsd: -40, affectedAssets: ['sDAI'] });
  });

  it.each([
    ['a balance without its rate', { susds: 10000 }, 'susds needs the ssr it earns'],
    ['no holding at all', { ssr: 0.045 }, 'give susds or sdai'],
    ['a percent for a rate', { susds: 10000, ssr: 45 }, 'ssr'],
  ])('refuses %s, naming the field', async (_, account, message) => {
    await expect(runWhatIf({ protocol: 'sky', account, changes: [{ parameter: 'ssr', to: 0.04 }] })).rejects.toThrow(WhatIfInputError);
    await expect(runWhatIf({ protocol: 'sky', account, changes: [{ parameter: 'ssr', to: 0.04 }] })).rejects.toThrow(message);
  });
});
