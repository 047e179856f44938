import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../../shared/contract/proposal.js';
import { STEWARD_BASE, STEWARD_OPTIMISM, type StewardChain } from '../../../../shared/modules/aave/stewards/stewardChains.js';
import { aaveStewardsSource } from '../../../../shared/modules/aave/stewards/stewardsSource.js';
import { renderProposal } from '../../../../shared/proposals/render.js';
import { UpstreamError } from '../../../../shared/upstream/errors.js';
import { createUpstreams } from '../../../../shared/upstream/upstreams.js';
import { logNode, type ScenarioChain } from '../../../support/logNode.js';
import { TEST_POLICY, useReplay } from '../../../upstream/replayHarness.js';
import { BASE_CAP, BASE_CAPS_CHAIN, L2_HEAD_TIME, OPTIMISM_CAP, OPTIMISM_CAPS_CHAIN } from './l2CapsScenarios.js';

const NOW = new Date(Number(L2_HEAD_TIME) * 1000);
const codeOf = (error: unknown) => (error instanceof UpstreamError ? error.code : (error as { cause?: unknown })?.cause instanceof UpstreamError ? ((error as { cause: UpstreamError }).cause.code) : String(error));

const cases: { name: string; chain: StewardChain; scenario: ScenarioChain; update: typeof BASE_CAP; market: string; endpoint: 'base' | 'optimism' }[] = [
  { name: 'Base', chain: STEWARD_BASE, scenario: BASE_CAPS_CHAIN, update: BASE_CAP, market: 'aave-v3-base', endpoint: 'base' },
  { name: 'Optimism', chain: STEWARD_OPTIMISM, scenario: OPTIMISM_CAPS_CHAIN, update: OPTIMISM_CAP, market: 'aave-v3-optimism', endpoint: 'optimism' },
];

describe.each(cases)('the Edge caps injector on $name (a synthetic window served in memory)', ({ chain, scenario, update, market, endpoint }) => {
  const read = (served = scenario) => {
    const node = logNode(served);
    const upstreams = createUpstreams({ endpoints: { [endpoint]: `http://${endpoint}.invalid` }, fetch: node.fetch, env: {} });
    return aaveStewardsSource(chain).readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams });
  };

  it('reads the oracle’s update as applied by the injector, the cap decoded in tokens and its value before from the configurator', async () => {
    const proposals = await read();
    expect(proposals).toHaveLength(1);
    const [item] = proposals;
    expect(item).toMatchObject({ id: `aave-${chain.system}-u${update.updateId}`, mechanism: 'riskOracle', status: 'executed', noticeSeconds: 120 });
    expect(item!.changes).toEqual([expect.objectContaining({ market, asset: update.symbol, parameter: update.updateType, from: Number(update.before), to: Number(update.after), unit: 'tokens', verified: true })]);
    expect(Proposal.safeParse(renderProposal({ proposal: item! }, 'full')).success).toBe(true);
  });

  it('rejects an endpoint that serves another chain', async () => {
    const error = await read({ ...scenario, chainId: '0x1' }).then(() => undefined, (reason: unknown) => reason);
    expect(codeOf(error)).toBe('upstream_wrong_chain');
  });
});

describe('Optimism’s window on the recording (test/fixtures/upstream/optimism/aave-stewards.json)', () => {
  const replay = useReplay();
  it('gives the same item over HTTP from the replay server', async () => {
    const proposals = await aaveStewardsSource(STEWARD_OPTIMISM).readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams: replay.upstreams() });
    expect(proposals.map((proposal) => proposal.id)).toEqual([`aave-opstewards-u${OPTIMISM_CAP.updateId}`]);
  });

  for (const fault of [{ kind: 'status', status: 503 }, { kind: 'hang' }, { kind: 'malformed' }, { kind: 'wrongChain' }] as const) {
    it(`fails the read under ${fault.kind}, so the feed keeps the last good items`, async () => {
      replay.server.faults.inject('optimism', fault);
      const error = await aaveStewardsSource(STEWARD_OPTIMISM).readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams: replay.upstreams({ ...TEST_POLICY, retries: 0 }) }).then(() => undefined, (reason: unknown) => reason);
      expect(codeOf(error)).toMatch(fault.kind === 'wrongChain' ? /wrong_chain/ : /^upstream_/);
    });
  }
});
