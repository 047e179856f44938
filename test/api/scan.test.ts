import { describe, expect, it } from 'vitest';
import { DEMO_WALLETS, demoWallet } from '../../shared/demo/wallets.js';
import { getChecked, useServer } from '../support/server.js';
import { testServices } from '../support/services.js';

const server = useServer();
const evm = demoWallet('evm').address;
const SCAN = '/api/scan/{address}';
type Scan = { address: string; webUrl: string; mode: string; view: string; completeness: string; positions: { protocol: string; user_address: string }[]; proposals: Record<string, any>[]; degraded?: unknown[] };

describe('GET /api/scan/{address}', () => {
  it.each(DEMO_WALLETS)('scans the $kind demo wallet in mode mock with positions and impacts', async ({ address }) => {
    const { response, body } = await getChecked<Scan>(server, `/api/scan/${address}`, SCAN);
    expect(response.status).toBe(200);
    expect(body.mode).toBe('mock');
    expect(body.address).toBe(address);
    expect(body.completeness).toBe('complete');
    expect(body.degraded).toBeUndefined();
    expect(body.positions.length).toBeGreaterThan(0);
    expect(body.positions.every((position) => position.user_address === address)).toBe(true);
    expect(body.proposals.length).toBeGreaterThan(0);
    expect(body.proposals.every((proposal) => proposal.impact && proposal.description !== undefined)).toBe(true);
  });

  it('returns an evm address checksummed whatever case it was sent in', async () => {
    const { body } = await getChecked<Scan>(server, `/api/scan/${evm.toUpperCase().replace('0X', '0x')}`, SCAN);
    expect(body.address).toBe(evm);
    expect(body.webUrl).toBe(`${server.url.replace('127.0.0.1', '127.0.0.1')}/w/${evm}`);
  });

  it('orders proposals by impact level, then the size of the yearly change', async () => {
    const { body } = await getChecked<Scan>(server, `/api/scan/${evm}`, SCAN);
    const ranks = body.proposals.map((proposal) => ['none', 'low', 'medium', 'high', 'critical'].indexOf(proposal.impact.level));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(body.proposals[0]!.id).toBe('aave-demo-1');
    expect(body.proposals[0]!.impact).toMatchObject({ level: 'critical', estimatedChange: 'health factor 1.420 → 0.948', analysisStatus: 'simulated' });
    // The three mediums: aave-demo-3's $297.72 a year first, then the health-factor ones (no money) by
    // voting end: spark-demo-1 (in 4 days) before aave-demo-2 (in 49 days).
    expect(body.proposals.slice(1, 4).map((proposal) => proposal.id)).toEqual(['aave-demo-3', 'spark-demo-1', 'aave-demo-2']);
  });

  it('simulates a health factor change and a yearly cost', async () => {
    const { body } = await getChecked<Scan>(server, `/api/scan/${evm}`, SCAN);
    const byId = Object.fromEntries(body.proposals.map((proposal) => [proposal.id, proposal.impact]));
    expect(byId['aave-demo-2']).toMatchObject({ level: 'medium', estimatedChange: 'health factor 1.42 → 1.36', summary: 'Health factor of your Aave v3 Ethereum Core position moves from 1.42 to 1.36.' });
    expect(byId['aave-demo-3']).toMatchObject({ level: 'medium', estimatedImpactUsd: -297.72 });
    expect(byId['aave-demo-4']).toMatchObject({ level: 'none' });
    expect(byId['compound-demo-3']).toBeUndefined(); // touches cWETHv3 WBTC collateral, which the wallet has none of
    // SparkLend: 5 WETH ($15,750) against 8,800 USDT; WETH LT 86 % → 83 %: 15,750 × 0.83 / 8,800 = 1.486, a fall of 0.053 ≥ 0.05.
    expect(byId['spark-demo-1']).toMatchObject({ level: 'medium', estimatedChange: 'health factor 1.54 → 1.49', affectedAssets: ['WETH'] });
    // A vault's cap raise moves where new deposits may go, not what the 8,000 DAI share holds: stated, not priced.
    expect(byId['morpho-demo-1']).toMatchObject({ level: 'none', estimatedChange: 'cap 400,000,000 → 500,000,000\u00a0DAI', affectedAssets: ['DAI'] });
    expect(byId['morpho-demo-1'].estimatedImpactUsd).toBeUndefined();
    // Sky: 10,000 sUSDS worth 10,837.12 USDS; SSR 4.5 % → 4 %: 10,837.12 × 0.005 = $54.19 a year less (low: under $100 and 1 %).
    expect(byId['sky-demo-1']).toMatchObject({ level: 'low', estimatedImpactUsd: -54.19, affectedAssets: ['sUSDS'] });
  });

  it('holds a position in each of the six EVM modules, each touched by that module’s proposals', async () => {
    const { body } = await getChecked<Scan>(server, `/api/scan/${evm}`, SCAN);
    const modules = ['aave', 'compound', 'lido', 'morpho', 'sky', 'spark'];
    expect([...new Set(body.positions.map((position) => position.protocol))].sort()).toEqual(modules);
    expect([...new Set(body.proposals.map((proposal) => proposal.protocol))].sort()).toEqual(modules);
    // Every demo proposal but compound-demo-3 (cWETHv3 WBTC collateral): aave 4, compound 2, lido 1, morpho 1, spark 1, sky 1.
    expect(body.proposals).toHaveLength(10);
  });

  it('strips bodies down to triage fields with view=compact', async () => {
    const { body } = await getChecked<Scan>(server, `/api/scan/${evm}?view=compact`, SCAN);
    expect(body.view).toBe('compact');
    for (const proposal of body.proposals) {
      expect(proposal.description).toBeUndefined();
      expect(proposal.votingEnds).toBeTypeOf('string');
      expect(proposal.impact).toBeDefined();
    }
  });

  it('narrows to the protocols asked for', async () => {
    const { body } = await getChecked<Scan>(server, `/api/scan/${evm}?protocol=lido`, SCAN);
    expect(new Set(body.positions.map((position) => position.protocol))).toEqual(new Set(['lido']));
    expect(body.proposals.every((proposal) => proposal.protocol === 'lido')).toBe(true);
  });

  it('keeps only proposals at least as material as minImpact', async () => {
    const { body } = await getChecked<Scan>(server, `/api/scan/${evm}?minImpact=medium`, SCAN);
    expect(body.proposals.map((proposal) => proposal.id).sort()).toEqual(['aave-demo-1', 'aave-demo-2', 'aave-demo-3', 'spark-demo-1']);
  });

  it('filters by status, and by first-seen date', async () => {
    const byStatus = await getChecked<Scan>(server, `/api/scan/${evm}?status=active,pending`, SCAN);
    expect(byStatus.body.proposals.map((proposal) => proposal.status).every((status) => ['active', 'pending'].includes(status))).toBe(true);
    // Demo dates count from the server's clock (shared/demo/demoClock.ts): first seen in the last ten
    // days are aave-demo-1 (4 days ago), aave-demo-2 (7), spark-demo-1 (3) and morpho-demo-1 (2);
    // xrpl-demo-fees (12 days ago) and the older ones are not.
    const tenDaysAgo = new Date(server.services.now().getTime() - 10 * 86_400_000).toISOString().slice(0, 10);
    const since = await getChecked<Scan>(server, `/api/scan/${evm}?since=${tenDaysAgo}`, SCAN);
    expect(since.body.proposals.map((proposal) => proposal.id).sort()).toEqual(['aave-demo-1', 'aave-demo-2', 'morpho-demo-1', 'spark-demo-1']);
  });

  it('never leaks internal fields', async () => {
    const { body } = await getChecked<Scan>(server, `/api/scan/${evm}`, SCAN);
    for (const proposal of body.proposals) {
      expect(proposal).not.toHaveProperty('changes');
      expect(proposal).not.toHaveProperty('firstSeen');
    }
    expect(body.positions[0]).not.toHaveProperty('inputs');
  });
});

describe('scanning a wallet when no upstream answers', () => {
  // A module deadline the refused connections and their retries on 21 chains stay well inside: with the
  // default 500 ms a loaded CI machine let the deadline answer first ('no answer within 450 ms').
  const unreachable = useServer(() => testServices({ config: { moduleDeadlineMs: 5_000 } }));

  it('answers 502 upstream_unavailable when every module failed, naming each, never the endpoint', async () => {
    // The test environment points every upstream at a closed local port (vitest.config.ts).
    const { response, body } = await getChecked<{ code: string; error: string }>(unreachable, '/api/scan/0x52908400098527886E0F7030069857D2E4169EE7', SCAN);
    expect(response.status).toBe(502);
    expect(body.code).toBe('upstream_unavailable');
    for (const slug of ['aave', 'compound', 'lido']) expect(body.error).toContain(`${slug}: ethereum: could not be reached`);
    expect(body.error).not.toContain('127.0.0.1');
  });
});

describe('the demo wallets together', () => {
  it('cover every impact level, every status and both change types', async () => {
    const levels = new Set<string>();
    const statuses = new Set<string>();
    const changeTypes = new Set<string>();
    for (const { address } of DEMO_WALLETS) {
      const { body } = await getChecked<Scan>(server, `/api/scan/${address}`, SCAN);
      for (const proposal of body.proposals) {
        levels.add(proposal.impact.level);
        statuses.add(proposal.status);
        if (proposal.changeType) changeTypes.add(proposal.changeType);
      }
    }
    expect([...levels].sort()).toEqual(['critical', 'high', 'low', 'medium', 'none']);
    expect([...statuses].sort()).toEqual(['active', 'canceled', 'closed', 'executed', 'passed', 'pending']);
    expect([...changeTypes].sort()).toEqual(['parameter', 'shape']);
  });
});
