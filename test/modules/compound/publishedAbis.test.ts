import { type Abi, type AbiFunction, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { bravoAbi, bridgeAbi, compoundGovernorAbi, comptrollerAbi, configuratorAbi, proposalCreatedEvent } from '../../../shared/modules/compound/abi.js';
import { cometAbi } from '../../../shared/modules/compound/exposure/exposureAbi.js';
import { comptrollerViewsAbi, cTokenViewsAbi, v2OracleAbi } from '../../../shared/modules/compound/exposure/v2Abi.js';
import { snapshotAbis, unpublishedItems } from '../../support/publishedAbi.js';

/*
 * No package publishes Compound's ABIs, so every function the compound module calls or decodes, and
 * every event it reads, is checked against snapshots of Compound's own repositories at named commits
 * (test/fixtures/abis/, made by snapshotAbi.ts): the Comet and Configurator compiled from
 * compound-finance/comet, CompoundGovernor from compound-governance, v2 and Governor Bravo from
 * compound-protocol, and each L1 bridge's from its own repository. Selectors or topics, output types
 * and indexed inputs must agree.
 */
const comet = snapshotAbis('comet-Comet@d5a30b0');
const configurator = snapshotAbis('comet-Configurator@d5a30b0');
const governor = snapshotAbis('compound-governance-CompoundGovernor@5e013be');
const v2 = snapshotAbis('compound-protocol-v2@a3214f6');
/** The L1 side of each bridge, from the bridge's own repository (OP-stack's as Lido's scripts load it). */
const bridges = [
  snapshotAbis('lido-scripts-OpCrossDomainMessenger@41178e6').OpCrossDomainMessenger!,
  snapshotAbis('fx-portal-FxRoot@7319592').FxRoot!,
  snapshotAbis('nitro-contracts-IInbox@6748733').IInbox!,
  snapshotAbis('scroll-contracts-IL1ScrollMessenger@dfbd661').IL1ScrollMessenger!,
  snapshotAbis('linea-contracts-IMessageService@b64fe25').IMessageService!,
];

describe('Compound ABIs we use are the ones in Compound’s sources', () => {
  const cases: [string, Abi, Abi[]][] = [
    ['Governor Bravo (GovernorBravoDelegate, with abstain votes)', bravoAbi, [v2.GovernorBravoDelegate!]],
    ['ProposalCreated on Governor Bravo', [proposalCreatedEvent], [v2.GovernorBravoDelegate!]],
    ['ProposalCreated on CompoundGovernor', [proposalCreatedEvent], [governor.CompoundGovernor!]],
    ['CompoundGovernor', compoundGovernorAbi, [governor.CompoundGovernor!]],
    ['Comet Configurator', configuratorAbi, [configurator.Configurator!]],
    ['Comet (main, extension, immutables)', cometAbi, [comet.CometMainInterface!, comet.CometExtInterface!, comet.Comet!]],
    ['v2 Comptroller setters', comptrollerAbi, [v2.Comptroller!]],
    ['v2 Comptroller views', comptrollerViewsAbi, [v2.Comptroller!]],
    ['v2 cToken views', cTokenViewsAbi, [v2.CErc20!, v2.CEther!]],
    ['v2 price oracle', v2OracleAbi, [v2.PriceOracle!]],
    ['L1 bridges the Timelock sends L2 proposals through', bridgeAbi, bridges],
  ];

  it.each(cases)('%s', (_, ours, published) => {
    expect(unpublishedItems(ours, published)).toEqual([]);
  });

  it('catches a Comet getter typed wider than the source (collateralBalanceOf returns uint128)', () => {
    const wider = cometAbi.filter((item) => item.name === 'collateralBalanceOf').map((item) => ({ ...item, outputs: [{ name: '', type: 'uint256' }] }));
    expect(unpublishedItems(wider, [comet.CometMainInterface!, comet.CometExtInterface!, comet.Comet!])).toEqual(['collateralBalanceOf: published as (uint128), ours (uint256)']);
  });

  it('names the arguments decodeActions reads by position as it reads them', () => {
    // decodeActions: Configurator (comet, asset, value) for asset setters, (comet, value) for the
    // curve; Comptroller (cToken, factor) and (cTokens, caps).
    const publishedNames = (ours: Abi, published: Abi) =>
      ours.map((item) => {
        const match = published.find((candidate): candidate is AbiFunction => candidate.type === 'function' && toFunctionSelector(candidate) === toFunctionSelector(item as AbiFunction));
        return `${match!.name}(${match!.inputs.map((input) => input.name).join(', ')})`;
      });
    const setters = publishedNames(configuratorAbi, configurator.Configurator!);
    expect(setters.filter((call) => call.startsWith('updateAsset')).every((call) => /\(cometProxy, asset, new\w+\)$/.test(call))).toBe(true);
    expect(setters.filter((call) => call.startsWith('set')).every((call) => /\(cometProxy, new\w+\)$/.test(call))).toBe(true);
    expect(setters).toHaveLength(12);
    expect(publishedNames(comptrollerAbi, v2.Comptroller!)).toEqual(['_setCollateralFactor(cToken, newCollateralFactorMantissa)', '_setMarketBorrowCaps(cTokens, newBorrowCaps)']);
  });
});
