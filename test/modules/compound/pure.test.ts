import { readFileSync } from 'node:fs';
import { encodeAbiParameters, encodeFunctionData, type Hex, slice } from 'viem';
import { describe, expect, it } from 'vitest';
import { bridgeAbi, bridgedProposalParameters, configuratorAbi } from '../../../shared/modules/compound/abi.js';
import { COMET_CONFIGURATOR } from '../../../shared/modules/compound/addresses.js';
import { decodeActions, fullCalldata } from '../../../shared/modules/compound/decodeActions.js';
import { BLOCK_TIME_ANCHORS, estimateBlockTime } from '../../../shared/modules/compound/estimateBlockTime.js';
import { normalizeProposal, titleOf } from '../../../shared/modules/compound/normalizeProposal.js';
import { newestCompoundIds as newestIds } from '../../../shared/modules/compound/readProposals.js';
import { nativeState, statusOf } from '../../../shared/modules/compound/statusOf.js';
import type { RawCompoundProposal } from '../../../shared/modules/compound/types.js';

const transcribed = JSON.parse(readFileSync(new URL('../../fixtures/raw/compound/bravo-139-141.json', import.meta.url), 'utf8')) as {
  proposals: Record<string, { targets: string[]; signatures: string[]; calldatas: Hex[] }>;
};
const CUSDCV3 = '0xc3d688B66703497DAA19211EEdff47f25384cdc3';
const CWETHV3 = '0xA17581A9E3356d9A858b789D68B4d866e593aE94';
const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';

describe('statusOf', () => {
  it.each([
    [0, 'Pending', 'pending'],
    [1, 'Active', 'active'],
    [2, 'Canceled', 'canceled'],
    [3, 'Defeated', 'closed'],
    [4, 'Succeeded', 'passed'],
    [5, 'Queued', 'passed'],
    [6, 'Expired', 'closed'],
    [7, 'Executed', 'executed'],
  ] as const)('maps state %i (%s) to %s', (state, native, status) => {
    expect(nativeState(state)).toBe(native);
    expect(statusOf(state)).toBe(status);
  });

  it('refuses a state the governors never return', () => {
    expect(() => statusOf(8)).toThrow(/unknown Compound ProposalState 8/);
  });
});

describe('decodeActions', () => {
  const action = (target: string, signature: string, calldata: Hex) => ({ target, value: 0n, signature, calldata });

  it('reads Bravo proposal 140’s real calldata (selector in calldata, empty signature)', () => {
    const p = transcribed.proposals['140']!;
    const changes = decodeActions(p.targets.map((target, index) => action(target, p.signatures[index]!, p.calldatas[index]!)));
    expect(changes.map((change) => [change.asset, change.parameter, change.to])).toEqual([
      ['COMP', 'liquidationBonus', 1200],
      ['UNI', 'supplyCap', 2_300_000],
    ]);
  });

  it('decodes a Bravo signature with argument-only calldata like the same call with its selector', () => {
    const whole = encodeFunctionData({ abi: configuratorAbi, functionName: 'updateAssetLiquidateCollateralFactor', args: [CWETHV3, WBTC, 850_000_000_000_000_000n] });
    const argsOnly = slice(whole, 4);
    const bravoStyle = action(COMET_CONFIGURATOR, 'updateAssetLiquidateCollateralFactor(address,address,uint64)', argsOnly);
    expect(fullCalldata(bravoStyle)).toBe(whole);
    const [change] = decodeActions([bravoStyle]);
    expect(change).toMatchObject({ protocol: 'compound', market: 'comet-weth', asset: 'WBTC', parameter: 'liquidationThreshold', to: 8500, unit: 'bps', verified: true });
    expect(decodeActions([action(COMET_CONFIGURATOR, '', whole)])).toEqual([change]);
  });

  it('reads borrow collateral factors as LTV and rate-curve setters as Comet’s own curve kinds, in yearly fractions', () => {
    const calls = [
      encodeFunctionData({ abi: configuratorAbi, functionName: 'updateAssetBorrowCollateralFactor', args: [CUSDCV3, WBTC, 700_000_000_000_000_000n] }),
      encodeFunctionData({ abi: configuratorAbi, functionName: 'setBorrowKink', args: [CUSDCV3, 900_000_000_000_000_000n] }),
      encodeFunctionData({ abi: configuratorAbi, functionName: 'setSupplyPerYearInterestRateSlopeLow', args: [CUSDCV3, 35_000_000_000_000_000n] }),
    ];
    expect(decodeActions(calls.map((data) => action(COMET_CONFIGURATOR, '', data))).map((change) => [change.parameter, change.to, change.unit])).toEqual([
      ['ltv', 7000, 'bps'],
      ['kink', 0.9, 'fraction'],
      ['interestRateSlopeLow', 0.035, 'fraction'],
    ]);
  });

  it('tells a supply-curve change from a borrow-curve change of the same parameter by its side', () => {
    const supplyKink = encodeFunctionData({ abi: configuratorAbi, functionName: 'setSupplyKink', args: [CUSDCV3, 850_000_000_000_000_000n] });
    const borrowKink = encodeFunctionData({ abi: configuratorAbi, functionName: 'setBorrowKink', args: [CUSDCV3, 900_000_000_000_000_000n] });
    const changes = decodeActions([action(COMET_CONFIGURATOR, '', supplyKink), action(COMET_CONFIGURATOR, '', borrowKink)]);
    expect(changes.map((change) => [change.parameter, change.side, change.to])).toEqual([
      ['kink', 'supply', 0.85],
      ['kink', 'borrow', 0.9],
    ]);
  });

  it('reads a kink from calldata as a fraction of utilization, not in the bps a body table uses', () => {
    // 1e18-scaled: 800_000_000_000_000_000 / 1e18 = 0.8 (80 % utilization), whose bps would be 8000.
    const kink = encodeFunctionData({ abi: configuratorAbi, functionName: 'setBorrowKink', args: [CWETHV3, 800_000_000_000_000_000n] });
    expect(decodeActions([action(COMET_CONFIGURATOR, '', kink)])[0]).toMatchObject({ market: 'comet-weth', parameter: 'kink', to: 0.8, unit: 'fraction' });
  });

  it('maps every curve setter to Comet’s kind and side, never to the lending pools’ optimalUsage and slopes', () => {
    const setters = [
      ['setSupplyKink', 'kink', 'supply'],
      ['setSupplyPerYearInterestRateBase', 'interestRateBase', 'supply'],
      ['setSupplyPerYearInterestRateSlopeLow', 'interestRateSlopeLow', 'supply'],
      ['setSupplyPerYearInterestRateSlopeHigh', 'interestRateSlopeHigh', 'supply'],
      ['setBorrowKink', 'kink', 'borrow'],
      ['setBorrowPerYearInterestRateBase', 'interestRateBase', 'borrow'],
      ['setBorrowPerYearInterestRateSlopeLow', 'interestRateSlopeLow', 'borrow'],
      ['setBorrowPerYearInterestRateSlopeHigh', 'interestRateSlopeHigh', 'borrow'],
    ] as const;
    const actions = setters.map(([functionName]) => action(COMET_CONFIGURATOR, '', encodeFunctionData({ abi: configuratorAbi, functionName, args: [CUSDCV3, 250_000_000_000_000_000n] })));
    expect(decodeActions(actions).map((change) => [change.parameter, change.side, change.to])).toEqual(setters.map(([, parameter, side]) => [parameter, side, 0.25]));
  });

  it('leaves side out of changes that are not on a rate curve', () => {
    const ltv = encodeFunctionData({ abi: configuratorAbi, functionName: 'updateAssetBorrowCollateralFactor', args: [CUSDCV3, WBTC, 700_000_000_000_000_000n] });
    expect(decodeActions([action(COMET_CONFIGURATOR, '', ltv)])[0]).not.toHaveProperty('side');
  });

  it('follows an OP-stack bridge call into the L2 proposal it carries (woof-software/comet 1746137720_update_caps)', () => {
    // The migration's Unichain part: two Bravo-style supply-cap calls and the upgrade, sent through sendMessage.
    const comet = '0x2c7118c4C88B9841FCF839074c26Ae8f035f2921';
    const configurator = '0x8df378453Ff9dEFFa513367CDF9b3B53726303e9';
    const args = (asset: string, cap: bigint) => encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint128' }], [comet, asset as Hex, cap]);
    const l2Proposal = encodeAbiParameters(bridgedProposalParameters, [
      [configurator, configurator, '0xaeb318360f27748acb200ce616e389a6c9409a07'],
      [0n, 0n, 0n],
      ['updateAssetSupplyCap(address,address,uint128)', 'updateAssetSupplyCap(address,address,uint128)', 'deployAndUpgradeTo(address,address)'],
      [args('0x4200000000000000000000000000000000000006', 5_000n * 10n ** 18n), args('0x8f187aa05619a017077f5308904739877ce9ea21', 100_000n * 10n ** 18n), encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [configurator, comet])],
    ]);
    const bridgeReceiver = '0x0000000000000000000000000000000000000b1d';
    const send = encodeFunctionData({ abi: bridgeAbi, functionName: 'sendMessage', args: [bridgeReceiver, l2Proposal, 3_000_000] });
    const changes = decodeActions([action('0x0000000000000000000000000000000000000bbb', 'sendMessage(address,bytes,uint32)', slice(send, 4))]);
    expect(changes.map((change) => [change.market, change.asset, change.parameter, change.to])).toEqual([
      ['comet-usdc-unichain', 'WETH', 'supplyCap', 5_000],
      ['comet-usdc-unichain', 'UNI', 'supplyCap', 100_000],
    ]);
    expect(changes[0]!.evidence).toBe('Configurator.updateAssetSupplyCap (0xa2ced7fd), action 1 (bridged) → action 1');
  });

  it('leaves out a supply cap whose asset decimals are unknown, and calls to other contracts', () => {
    const unknownAsset = '0x0000000000000000000000000000000000000001';
    const cap = encodeFunctionData({ abi: configuratorAbi, functionName: 'updateAssetSupplyCap', args: [CUSDCV3, unknownAsset, 10n ** 24n] });
    expect(decodeActions([action(COMET_CONFIGURATOR, '', cap)])).toEqual([]);
    expect(decodeActions([action(CUSDCV3, '', cap)])).toEqual([]);
    expect(decodeActions([action(COMET_CONFIGURATOR, '', '0x')])).toEqual([]);
  });
});

describe('newestIds (one id space, routed by Bravo’s count)', () => {
  it('counts down from Bravo when CompoundGovernor has no proposals', () => {
    expect(newestIds(141n, 0n, 3)).toEqual([141n, 140n, 139n]);
    expect(newestIds(141n, 142n, 3)).toEqual([141n, 140n, 139n]);
  });

  it('starts from CompoundGovernor’s next id minus one and crosses into Bravo', () => {
    expect(newestIds(300n, 303n, 4)).toEqual([302n, 301n, 300n, 299n]);
  });

  it('never goes below id 1', () => {
    expect(newestIds(2n, 0n, 5)).toEqual([2n, 1n]);
  });
});

describe('normalizeProposal for CompoundGovernor rules (plain data)', () => {
  const raw: RawCompoundProposal = {
    governor: 'governor',
    id: 420n,
    state: 4,
    proposer: '0x683a4f9915d6216f73d6df50151725036bd26c02',
    eta: 0n,
    startBlock: 21_700_000n,
    endBlock: 21_719_710n,
    createdBlock: 21_686_860n,
    forVotes: 350_000n * 10n ** 18n,
    againstVotes: 10_000n * 10n ** 18n,
    abstainVotes: 60_000n * 10n ** 18n,
    quorum: 400_000n * 10n ** 18n,
    quorumCountsAbstain: true,
    description: '# A title\n\nSome body long enough to be a summary of it.',
    actions: [],
  };

  it('counts Abstain toward quorum when COUNTING_MODE says so, and For only otherwise', () => {
    expect(normalizeProposal(raw).votes).toMatchObject({ for: 350_000, abstain: 60_000, total: 420_000, quorumRequired: 400_000, quorumReached: true });
    expect(normalizeProposal({ ...raw, quorumCountsAbstain: false }).votes.quorumReached).toBe(false);
  });

  it('ids it compound-governor-<n> and names the governor in the Tally link', () => {
    const proposal = normalizeProposal(raw);
    expect(proposal.id).toBe('compound-governor-420');
    expect(proposal.status).toBe('passed');
    expect(proposal.proposer).toBe('0x683a4F9915D6216f73d6Df50151725036bD26C02');
    expect(proposal.sourceLinks).toEqual([{ url: 'https://www.tally.xyz/gov/compound/proposal/420?govId=eip155:1:0x309a862bbC1A00e45506cB8A802D1ff10004c8C0', label: 'View on Tally' }]);
  });
});

describe('titleOf', () => {
  it('takes the first non-empty line without heading marks', () => {
    expect(titleOf('\n# OpenZeppelin Security Partnership - 2023 Q1 Compensation\n ## Background', 139n)).toBe('OpenZeppelin Security Partnership - 2023 Q1 Compensation');
    expect(titleOf('Plain first line\nrest', 1n)).toBe('Plain first line');
    expect(titleOf('', 7n)).toBe('Compound proposal 7');
  });
});

describe('estimateBlockTime (approximate, anchored on real blocks)', () => {
  it('is exact on an anchor', () => {
    for (const [block, seconds] of BLOCK_TIME_ANCHORS) expect(Date.parse(estimateBlockTime(block))).toBe(seconds * 1000);
  });

  it('goes on past the last anchor at the last segment’s pace, close to a real block a year later', () => {
    // Held out: the newest anchor (Lido vote #198's block), predicted from the anchors before it.
    const [heldOutBlock, heldOutSeconds] = BLOCK_TIME_ANCHORS[BLOCK_TIME_ANCHORS.length - 1]!;
    const predicted = Date.parse(estimateBlockTime(heldOutBlock, BLOCK_TIME_ANCHORS.slice(0, -1))) / 1000;
    expect(Math.abs(predicted - heldOutSeconds)).toBeLessThan(24 * 3600);
  });

  it('interpolates between anchors', () => {
    const between = Date.parse(estimateBlockTime(16_185_138n));
    expect(between).toBeGreaterThan(Date.parse('2022-12-12T23:46:47Z'));
    expect(between).toBeLessThan(Date.parse('2022-12-17T13:56:11Z'));
  });
});

describe('the transcribed proposals behind the recording', () => {
  it('keeps Bravo’s 13,140-block voting delay between creation and start for every recorded proposal', () => {
    const raw = JSON.parse(readFileSync(new URL('../../fixtures/raw/compound/bravo-139-141.json', import.meta.url), 'utf8')) as {
      proposals: Record<string, { block: number; startBlock: number }>;
    };
    for (const p of Object.values(raw.proposals)) expect(p.startBlock - p.block).toBe(13_140);
  });
});
