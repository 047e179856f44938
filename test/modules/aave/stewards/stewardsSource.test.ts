import { AaveV3Ethereum } from '@aave-dao/aave-address-book';
import { keccak256, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../../shared/contract/proposal.js';
import { renderProposal } from '../../../../shared/proposals/render.js';
import type { StewardChainRead, StewardLog } from '../../../../shared/modules/aave/stewards/readStewardLogs.js';
import { STEWARD_ARBITRUM, STEWARD_ETHEREUM } from '../../../../shared/modules/aave/stewards/stewardChains.js';
import { createUpstreams } from '../../../../shared/upstream/upstreams.js';
import { logNode } from '../../../support/logNode.js';
import { ARBITRUM_CHAIN, ARBITRUM_HEAD_TIME, USDC_CAP } from './arbitrumScenario.js';
import { stewardItems } from '../../../../shared/modules/aave/stewards/stewardItems.js';
import { aaveStewardsSource } from '../../../../shared/modules/aave/stewards/stewardsSource.js';
import { configuratorEvents, payloadsControllerEvents } from '../../../../shared/modules/aave/stewards/stewardEvents.js';
import { addressBookAbi, unpublishedItems } from '../../../support/publishedAbi.js';
import { faultCases, upstreamCodeOf } from '../../../support/faultCases.js';
import { useReplay } from '../../../upstream/replayHarness.js';
import { CRV_FREEZE, DAI_CAPS, EMODE_UPDATE, HEAD, HEAD_TIME, WETH_RATE, windowLog as log } from './stewardScenario.js';

const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');
const read = (upstreams = replay.upstreams()) => aaveStewardsSource().readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams });
const byMechanism = async () => {
  const proposals = await read();
  return (mechanism: string, status: string) => proposals.filter((proposal) => proposal.mechanism === mechanism && proposal.status === status);
};

describe('Aave v3 changes made without a vote, on the recorded Ethereum window (synthetic values, real encodings)', () => {
  it('reads the window in two HTTP requests and gives four items valid on the wire', async () => {
    // A 4 s deadline per attempt, not TEST_POLICY's 300 ms: on a loaded machine an answer held past
    // 300 ms was retried and counted (4 requests in a clean-clone run); a request the code adds still counts.
    const upstreams = replay.upstreams({ deadlineMs: 4_000 });
    const proposals = await read(upstreams);
    expect(proposals.map((proposal) => `${proposal.mechanism}/${proposal.status}`)).toEqual(['steward/executed', 'riskOracle/executed', 'guardian/executed', 'riskOracle/pending']);
    expect(upstreams.counter.snapshot().ethereum?.requests).toBe(2);
    for (const proposal of proposals) {
      expect(Proposal.safeParse(renderProposal({ proposal }, 'full')).success, proposal.id).toBe(true);
      for (const change of proposal.changes) expect(change).toMatchObject({ protocol: 'aave', market: 'aave-v3-ethereum', verified: true });
    }
  });

  it('states the risk council’s steward update from the configurator’s own before and after, with no notice', async () => {
    const [item] = (await byMechanism())('steward', 'executed');
    expect(item!.noticeSeconds).toBe(0);
    expect(item!.timeline.effectiveAt).toBe(item!.effectiveDate);
    expect(item!.changes.map(({ parameter, asset, from, to }) => ({ parameter, asset, from, to }))).toEqual([
      { parameter: 'supplyCap', asset: 'DAI', from: Number(DAI_CAPS.supply[0]), to: Number(DAI_CAPS.supply[1]) },
      { parameter: 'borrowCap', asset: 'DAI', from: Number(DAI_CAPS.borrow[0]), to: Number(DAI_CAPS.borrow[1]) },
    ]);
    expect(item!.changes[0]!.evidence).toMatch(/^PoolConfigurator\.SupplyCapChanged at block/);
  });

  it('leaves a cap change made by a vote’s payload to the vote', async () => {
    const proposals = await read();
    expect(proposals.flatMap((proposal) => proposal.changes).filter((change) => change.asset === 'WETH' && change.parameter === 'supplyCap')).toEqual([]);
  });

  it('turns an oracle update the injector applied into an executed item: its decoded value, publish-to-apply notice and apply time', async () => {
    const [item] = (await byMechanism())('riskOracle', 'executed');
    expect(item!.id).toBe(`aave-stewards-u${WETH_RATE.updateId}`);
    // KEEP_CURRENT fields state nothing: only slope1 moves.
    expect(item!.changes).toEqual([expect.objectContaining({ asset: 'WETH', parameter: 'slope1', to: 0.027, unit: 'fraction', evidence: expect.stringMatching(/^RiskOracle\.ParameterUpdated #4101 \(RateStrategyUpdate\)/) })]);
    expect(item!.noticeSeconds).toBe(180);
    expect(Date.parse(item!.timeline.effectiveAt!) - Date.parse(item!.timeline.created!)).toBe(180_000);
  });

  it('keeps a fresh unapplied oracle update pending, decoded for the instance that runs an injector of its type', async () => {
    const [item] = (await byMechanism())('riskOracle', 'pending');
    expect(item!.timeline.effectiveAt).toBeUndefined();
    expect(item!.noticeSeconds).toBeUndefined();
    expect(item!.changes.map(({ parameter, eModeCategory, to }) => ({ parameter, eModeCategory, to }))).toEqual([
      { parameter: 'eModeLtv', eModeCategory: EMODE_UPDATE.category, to: Number(EMODE_UPDATE.ltv) },
      { parameter: 'eModeLiquidationThreshold', eModeCategory: EMODE_UPDATE.category, to: Number(EMODE_UPDATE.threshold) },
    ]);
  });

  it('states a guardian freeze as what it does: frozen, LTV to 0 from the pending value kept, the threshold untouched', async () => {
    const [item] = (await byMechanism())('guardian', 'executed');
    expect(item!.noticeSeconds).toBe(0);
    expect(item!.changeType).toBe('shape');
    expect(item!.changes.map(({ parameter, asset, from, to }) => ({ parameter, asset, from, to }))).toEqual([
      { parameter: 'listing', asset: 'CRV', from: undefined, to: 'frozen' },
      { parameter: 'ltv', asset: 'CRV', from: Number(CRV_FREEZE.ltv), to: 0 },
    ]);
  });
});

describe('what the window’s logs are taken for (synthetic logs)', () => {
  const CORE = STEWARD_ETHEREUM.markets[0]!;
  const window = (logs: StewardLog[]): StewardChainRead => ({ chain: STEWARD_ETHEREUM, head: HEAD, headTimestamp: HEAD_TIME, logs });
  const dai = AaveV3Ethereum.ASSETS.DAI.UNDERLYING;

  it('claims no configurator change of a transaction that neither the council, an injector nor a freeze explains', () => {
    expect(stewardItems(window([log(CORE.configurator, 'SupplyCapChanged', { asset: dai, oldSupplyCap: 1n, newSupplyCap: 2n }, HEAD - 10n, 0, '0xab')]))).toEqual([]);
  });

  it('drops an oracle update the injector never applied once its 6 hours are over, and one of a type no injector applies', () => {
    const update = (updateType: string, blockNumber: bigint) =>
      log(STEWARD_ETHEREUM.riskOracle!, 'ParameterUpdated', { updateType: updateTopic(updateType), updateId: 9n, market: dai, newValue: '0x', referenceId: '', timestamp: HEAD_TIME - (HEAD - blockNumber) * 12n }, blockNumber, 0, '0xcd');
    expect(stewardItems(window([update('RateStrategyUpdate', HEAD - 6n * 300n - 1n)]))).toEqual([]);
    expect(stewardItems(window([update('somethingElse', HEAD - 10n)]))).toEqual([]);
  });

  it('states a steward’s collateral change against the same reserve’s earlier event, only the values that moved', () => {
    const config = (ltv: bigint, tx: string, block: bigint) => [
      log(CORE.configurator, 'CollateralConfigurationChanged', { asset: dai, ltv, liquidationThreshold: 7_700n, liquidationBonus: 10_500n }, block, 0, tx),
      log(CORE.riskCouncil!, 'ExecutionSuccess', { txHash: '0x', payment: 0n }, block, 1, tx),
    ];
    const items = stewardItems(window([...config(7_500n, '0x01', HEAD - 100_000n), ...config(7_450n, '0x02', HEAD - 50_000n)]));
    expect(items.at(-1)!.changes).toEqual([expect.objectContaining({ parameter: 'ltv', from: 7_500, to: 7_450, unit: 'bps' })]);
    // The first has no earlier event: every value stated, the bonus over 100 % as the config engine writes it.
    expect(items[0]!.changes.map((change) => [change.parameter, change.to])).toEqual([['ltv', 7_500], ['liquidationThreshold', 7_700], ['liquidationBonus', 500]]);
  });
});

const updateTopic = (type: string) => keccak256(toHex(type));

describe('the stewards source under faults of its recorded upstream', () => {
  faultCases({ replay, upstream: 'ethereum', read });
});

describe('the event fragments are the published ones', () => {
  it('PoolConfigurator and PayloadsController events match the address book’s ABIs (topics, indexed inputs)', async () => {
    expect(unpublishedItems(configuratorEvents, [await addressBookAbi('IPoolConfigurator')])).toEqual([]);
    expect(unpublishedItems(payloadsControllerEvents, [await addressBookAbi('IPayloadsControllerCore')])).toEqual([]);
  });
});

describe('Arbitrum’s Edge caps (a synthetic window served in memory)', () => {
  const readArbitrum = (chain = ARBITRUM_CHAIN) => {
    const node = logNode(chain);
    const upstreams = createUpstreams({ endpoints: { arbitrum: 'http://arbitrum.invalid' }, fetch: node.fetch, env: {} });
    return aaveStewardsSource(STEWARD_ARBITRUM).readProposals({ signal: AbortSignal.timeout(5_000), now: new Date(Number(ARBITRUM_HEAD_TIME) * 1000), upstreams });
  };

  it('decodes a cap update as the caps injector does (the aToken’s units over its decimals) and takes the value before from the configurator', async () => {
    const [item] = await readArbitrum();
    expect(item).toMatchObject({ id: `aave-arbstewards-u${USDC_CAP.updateId}`, mechanism: 'riskOracle', status: 'executed', noticeSeconds: 120 });
    expect(item!.changes).toEqual([
      expect.objectContaining({ market: 'aave-v3-arbitrum', asset: 'USDC', parameter: 'supplyCap', from: Number(USDC_CAP.before), to: Number(USDC_CAP.after), unit: 'tokens', verified: true }),
    ]);
  });

  it('rejects an endpoint that serves another chain', async () => {
    const error = await readArbitrum({ ...ARBITRUM_CHAIN, chainId: '0x1' }).then(() => undefined, (reason: unknown) => reason);
    expect(upstreamCodeOf(error)).toBe('upstream_wrong_chain');
  });
});
