import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { useServer } from '../support/server.js';
import { atomViolations } from '../web/atomRules.js';

/*
 * Issue #23 item 3 in the wallet's Atom feed (/w/{address}/feed.atom): one entry per worst case
 * without a vote, with its assumptions' mechanisms in words and source links, and a "Changed
 * recently" line on the proposals that took effect in the last 30 days. The evm demo wallet.
 */
const server = useServer();
const evm = demoWallet('evm').address;

async function feed() {
  const body = await (await server.get(`/w/${evm}/feed.atom`)).text();
  expect(atomViolations(body)).toEqual([]);
  return { body, feed: parseFeed(body) };
}

describe('the wallet feed’s no-vote entries', () => {
  it('has an entry per envelope, with its figure, its mechanisms in words and its sources', async () => {
    const { feed: parsed } = await feed();
    const worst = parsed.items.filter((item) => item.id?.includes('/worst-without-vote/'));
    // Aave Core, Arbitrum and Base, SparkLend, Compound, and the sUSDS savings: one each.
    expect(worst.length).toBeGreaterThanOrEqual(6);
    const core = worst.find((item) => item.id!.endsWith('/aave/aave-v3-ethereum/'))!;
    expect(core.title).toBe('Low · The worst without a vote: Aave, Aave v3 Ethereum Core');
    expect(core.content).toContain('health factor 1.42 now, 1.39 at worst');
    expect(core.content).toContain('a risk steward or rate module applied it within bounds fixed on chain');
    expect(core.content).toContain('href="https://github.com/aave-dao/aave-v3-risk-stewards/blob/ab499683d120323e70349fbe210f65da08bcff5e/scripts/deploy/DeployStewards.s.sol"');
    const savings = worst.find((item) => item.id!.includes('/sky/sky-susds/'))!;
    expect(savings.title).toMatch(/^Medium · /);
    expect(savings.content).toContain('about $488 a year now, $217 at worst');
  });

  it('says on a proposal that took effect in the last 30 days that it changed recently, and how', async () => {
    const { feed: parsed } = await feed();
    const executed = parsed.items.find((item) => item.title?.includes('Raise USDT reserve factor'))!;
    expect(executed.content).toMatch(/Changed recently: took effect 28\s+days ago\. How: a governance vote decides it/);
    const open = parsed.items.find((item) => item.title?.includes('Lower WETH liquidation threshold'))!;
    expect(open.content).not.toContain('Changed recently');
  });

  it('gives the same bytes for the same scan (its updated never follows the request)', async () => {
    expect((await feed()).body).toBe((await feed()).body);
  });
});
