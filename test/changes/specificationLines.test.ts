import { describe, expect, it } from 'vitest';
import { specificationLines } from '../../shared/changes/specificationLines.js';

// Lines as published (test/fixtures/aave-real: IncreaseUSDSBorrowRateToMatchSkySavingsRate_20241016,
// UpdateSyrupUSDCLiquidationProtocolFee_20260130, DeprecationOfLongTailAssets_20250715).
describe('changes a Specification section states in lines', () => {
  it('reads "- Label: value" and "Label from X to Y" lines', () => {
    const body = ['## Specification', '', 'USDS Borrow Rate will be adjusted as follows on the main market on Ethereum', '', '- Base Variable Rate: 6.25%', '', 'Update the Liquidation Protocol Fee from 0% to 10% for SyrupUSDC on Aave V3 Base Instance.', '', '## References'].join('\n');
    expect(specificationLines(body).map(({ parameter, from, to }) => [parameter, from, to])).toEqual([
      ['baseRate', undefined, 0.0625],
      ['liquidationProtocolFee', 0, 1000],
    ]);
  });

  it('reads nothing outside the Specification section: motivations narrate steps taken elsewhere', () => {
    const body = ['## Motivation', '', '- Reduce the supply and borrow caps to 1', '- Increase the Base Rate from 0% to 2%', '', '## Specification', '', 'The following changes will be applied.'].join('\n');
    expect(specificationLines(body)).toEqual([]);
  });

  it('leaves a Specification section that holds a table to the table reader', () => {
    const body = ['## Specification', '', '- Base Variable Rate: 6.25%', '', '| Parameter | Current | Proposed |', '| --- | --- | --- |', '| Base Rate | 0% | 6.25% |'].join('\n');
    expect(specificationLines(body)).toEqual([]);
  });
});
