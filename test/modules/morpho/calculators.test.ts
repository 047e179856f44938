import { describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import type { ExposurePosition } from '../../../shared/domain/position.js';
import { capEffect, feeRateAfter, formatDuration, guardianEffect, removalEffect, timelockEffect, vaultFeeCalculator, vaultShapeCalculator } from '../../../shared/modules/morpho/calculators.js';
import { MORPHO_PARAMETERS } from '../../../shared/modules/morpho/parameters.js';

const VAULT = 'metamorpho-ethereum-0x73e65dbd630f90604062f6e02fab9138e713edd9';
const holding: ExposurePosition = {
  position: { id: 'metamorpho-ethereum-spark-dai-vault', protocol: 'morpho', asset: 'DAI', amount: '10000', user_address: '0x0', valueUsd: 10_000 },
  inputs: { market: VAULT, role: 'supply', valueUsd: 10_000, apr: 0.05, rewardFee: 0.1 },
};
const change = (fields: Partial<ParameterChange> & Pick<ParameterChange, 'parameter' | 'to' | 'unit'>): ParameterChange => ({ protocol: 'morpho', market: VAULT, asset: 'DAI', evidence: 'test', verified: true, ...fields });

describe('the vault fee calculator (net rate = gross × (1 − fee))', () => {
  it('lowers a 4.5 % net rate to 4 % when the fee goes from 10 % to 20 % (gross 5 %)', async () => {
    // gross = 0.045 / 0.9 = 0.05; after = 0.05 × 0.8 = 0.04
    expect(feeRateAfter(0.045, [change({ parameter: 'vaultFee', from: 0.1, to: 0.2, unit: 'fraction' })], holding.inputs)).toBeCloseTo(0.04, 12);
  });

  it('takes the fee the scan read when the change does not say the fee before', async () => {
    // rewardFee 0.1 read; 5 % net → gross 0.0555…; fee 0 → 0.0555…
    expect(feeRateAfter(0.05, [change({ parameter: 'vaultFee', to: 0, unit: 'fraction' })], holding.inputs)).toBeCloseTo(0.05 / 0.9, 12);
  });

  it('cannot compute without a fee before', async () => {
    expect(feeRateAfter(0.05, [change({ parameter: 'vaultFee', to: 0.2, unit: 'fraction' })], { role: 'supply' })).toBeUndefined();
  });

  it('uses the last fee change of a proposal', async () => {
    const changes = [change({ parameter: 'vaultFee', from: 0, to: 0.5, unit: 'fraction' }), change({ parameter: 'vaultFee', from: 0, to: 0.25, unit: 'fraction' })];
    expect(feeRateAfter(0.08, changes, holding.inputs)).toBeCloseTo(0.06, 12);
  });

  it('reads the fee on the position as the chain value', async () => {
    expect(vaultFeeCalculator.chainValue!(change({ parameter: 'vaultFee', to: 0.2, unit: 'fraction' }), holding)).toBe(0.1);
  });
});

describe('which positions a vault change reaches', () => {
  const cap = change({ parameter: 'vaultSupplyCap', market: `${VAULT}:sUSDe/DAI 86%`, from: 400_000_000, to: 0, unit: 'tokens' });

  it('reaches a share of the same vault, whatever Blue market the change names', async () => {
    expect(vaultShapeCalculator.touches!(cap, holding)).toBe(true);
  });

  it('does not reach another vault or a Morpho Blue position', async () => {
    expect(vaultShapeCalculator.touches!(cap, { ...holding, inputs: { ...holding.inputs, market: 'metamorpho-ethereum-0xbeef01735c132ada46aa9aa4c54623caa92a64cb' } })).toBe(false);
    expect(vaultShapeCalculator.touches!(cap, { ...holding, inputs: { market: 'morpho-blue-ethereum-0xb323', role: 'borrow' } })).toBe(false);
  });
});

describe('shape effects: what a depositor is told, with no money invented', () => {
  it('a cap cut to 0 stops the vault supplying to that market; what is held stays', async () => {
    const effect = capEffect(change({ parameter: 'vaultSupplyCap', market: `${VAULT}:PT-sUSDe-26Dec2024/DAI 91.5%`, from: 250_000_000, to: 0, unit: 'tokens' }), holding);
    expect(effect).toMatchObject({ level: 'low', simulated: true, estimatedChange: 'cap 250,000,000 → 0\u00a0DAI' });
    expect(effect.summary).toMatch(/stops supplying to the PT-sUSDe-26Dec2024\/DAI 91\.5% market.*new deposits go to the other markets.*what you hold stays/);
    expect(effect.usd).toBeUndefined();
  });

  it('a cap raise is no harm: level none', async () => {
    const effect = capEffect(change({ parameter: 'vaultSupplyCap', market: `${VAULT}:PT-sUSDe-27Mar2025/DAI 91.5%`, from: 400_000_000, to: 500_000_000, unit: 'tokens' }), holding);
    expect(effect.level).toBe('none');
    expect(effect.estimatedChange).toBe('cap 400,000,000 → 500,000,000\u00a0DAI');
  });

  it('a forced market removal warns that what remains there can be written off', async () => {
    const effect = removalEffect(change({ parameter: 'vaultMarketRemoval', market: `${VAULT}:USDe/DAI 77%`, from: 'enabled', to: 'removed', unit: 'state' }), holding);
    expect(effect).toMatchObject({ level: 'medium', simulated: true, estimatedChange: 'enabled → removed' });
    expect(effect.summary).toMatch(/^The USDe\/DAI 77% market is being force-removed/);
    expect(effect.usd).toBeUndefined();
  });

  it('a timelock cut means changes arrive faster; a raise gives more notice', async () => {
    const cut = timelockEffect(change({ parameter: 'vaultTimelock', from: 604_800, to: 86_400, unit: 'state' }), holding);
    expect(cut).toMatchObject({ level: 'low', estimatedChange: 'timelock 7\u00a0days → 1\u00a0day' });
    expect(cut.summary).toMatch(/after 1\u00a0day of notice instead of 7\u00a0days/);
    const raise = timelockEffect(change({ parameter: 'vaultTimelock', from: 86_400, to: 259_200, unit: 'state' }), holding);
    expect(raise.level).toBe('none');
  });

  it('a guardian removed is graded above a guardian set', async () => {
    const set = guardianEffect(change({ parameter: 'vaultGuardian', from: '0x0000000000000000000000000000000000000000', to: '0xf5748bBeFa17505b2F7222B23ae11584932C908B', unit: 'state' }), holding);
    const removed = guardianEffect(change({ parameter: 'vaultGuardian', from: '0xf5748bBeFa17505b2F7222B23ae11584932C908B', to: '0x0000000000000000000000000000000000000000', unit: 'state' }), holding);
    expect(set).toMatchObject({ level: 'low', estimatedChange: 'guardian none → 0xf5748bBeFa17505b2F7222B23ae11584932C908B' });
    expect(removed.level).toBe('medium');
  });

  it('dispatches each of a proposal’s changes to its effect', async () => {
    const effects = vaultShapeCalculator.effects!(
      [change({ parameter: 'vaultTimelock', from: 172_800, to: 86_400, unit: 'state' }), change({ parameter: 'vaultSupplyCap', market: `${VAULT}:x`, from: 5, to: 1, unit: 'tokens' })],
      holding,
    );
    expect(effects.map((effect) => effect.estimatedChange)).toEqual(['timelock 2\u00a0days → 1\u00a0day', 'cap 5 → 1\u00a0DAI']);
  });
});

describe('the declared kinds', () => {
  it('are each handled by one calculator', async () => {
    const handled = [...vaultShapeCalculator.parameters, ...vaultFeeCalculator.parameters].sort();
    expect(handled).toEqual(MORPHO_PARAMETERS.map((kind) => kind.name).sort());
  });

  it('write durations as people say them', async () => {
    expect([formatDuration(86_400), formatDuration(1_209_600), formatDuration(43_200), formatDuration(90)]).toEqual(['1\u00a0day', '14\u00a0days', '12\u00a0hours', '90\u00a0seconds']);
  });
});

describe('the demo', () => {
  it('has a cap raise that reaches the demo vault holding and is stated, not priced', async () => {
    const { demo, DEMO_VAULT_HOLDING } = await import('../../../shared/modules/morpho/demo.js');
    const holdingOfDemo = DEMO_VAULT_HOLDING({ kind: 'evm', address: '0xde30000000000000000000000000000000000001' });
    const [change] = demo.proposals(new Date())[0]!.changes;
    expect(vaultShapeCalculator.touches!(change!, holdingOfDemo)).toBe(true);
    expect(vaultShapeCalculator.effects!([change!], holdingOfDemo)[0]).toMatchObject({ level: 'none', estimatedChange: 'cap 400,000,000 → 500,000,000\u00a0DAI' });
  });
});

describe('the what-if command on a vault holding', () => {
  it('prices a fee rise on a vault: $20,000 at 5 % net, fee 10 % → 25 %: 5 % × 0.75 / 0.9 = 4.1667 %, about $167 a year less', async () => {
    const { runWhatIf } = await import('../../../shared/whatIf/runWhatIf.js');
    const result = await runWhatIf({
      protocol: 'morpho',
      account: { vault: '0xBEEF01735c132Ada46AA9aA4c54623cAA92A64CB', asset: 'USDC', amount: 20_000, priceUsd: 1, apr: 0.05, fee: 0.1 },
      changes: [{ parameter: 'vaultFee', to: 0.25 }],
    });
    expect(result.impact?.estimatedImpactUsd).toBeCloseTo(20_000 * (0.05 * (0.75 / 0.9) - 0.05), 1);
    expect(result.changes[0]).toMatchObject({ parameter: 'vaultFee', to: 0.25, accountValue: 0.1 });
  });

  it('states a cap cut on the account’s vault', async () => {
    const { runWhatIf } = await import('../../../shared/whatIf/runWhatIf.js');
    const result = await runWhatIf({
      protocol: 'morpho',
      account: { vault: '0x73e65DBD630f90604062f6E02fAb9138e713edD9', asset: 'DAI', amount: 1_000, fee: 0 },
      changes: [{ parameter: 'vaultSupplyCap', from: 400_000_000, to: 100_000_000 }],
    });
    expect(result.impact).toMatchObject({ level: 'low' });
    expect(result.impact!.summary).toMatch(/at most 100,000,000\u00a0DAI/);
  });
});
