import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../shared/api/catalog.js';
import { parseQuery } from '../../shared/contract/parseQuery.js';
import { type FeedProposal, shownByDefault } from '../../shared/domain/proposal.js';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import { changeTypeFromWords } from '../../shared/feed/classify/changeTypeFromWords.js';
import { phishingLinkVerdict } from '../../shared/feed/spam/phishingLinks.js';
import { MODULE_ENTRIES } from '../../shared/modules/loaders.js';
import { filterProposals } from '../../shared/proposals/filters.js';
import { byFeedOrder } from '../../shared/proposals/ordering.js';
import { MemoryFeedStore } from '../../shared/stores/memory/memoryFeedStore.js';

import { FEED_BUILD_POLICY, recordedFeedUpstreams, useReplay } from '../upstream/replayHarness.js';

const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');
let proposals: FeedProposal[] = [];

beforeAll(async () => {
  const upstreams = recordedFeedUpstreams(replay);
  const store = new MemoryFeedStore();
  ({ feed: { proposals } } = await buildFeed({ modules: MODULE_ENTRIES, store, now: () => NOW, deadlineMs: 4 * FEED_BUILD_POLICY.deadlineMs!, upstreams }));
  // The unrecorded sources' misses are recordedFeed.test.ts's to check; this file reads the feed only.
  replay.server.misses.length = 0;
});

const byId = (id: string) => proposals.find((proposal) => proposal.id.startsWith(id))!;

/** Every recorded proposal's changeType, and what decides it. */
const CLASSIFIED: Record<string, [FeedProposal['changeType'], string]> = {
  'aave-gov3-516': ['shape', 'payload: a listing'],
  'aave-gov3-515': ['parameter', 'words: discount rate and eMode risk parameters maintained by agents'],
  'aave-gov3-514': ['shape', 'payload: a listing'],
  'aave-gov3-513': ['shape', 'payload: a listing'],
  'aave-gov3-512': ['parameter', 'words: a funding update (treasury allowances and payments)'],
  'compound-bravo-141': ['parameter', 'decoded actions: risk parameters'],
  'compound-bravo-140': ['parameter', 'decoded actions: risk parameters'],
  'compound-bravo-139': ['parameter', 'words: a compensation payment'],
  'lido-aragon-171': ['shape', 'words: oracle members removed, node operators deactivated'],
  'lido-aragon-170': ['shape', 'words: oracle members removed, node operators deactivated'],
  'cosmoshub-gov-926': ['shape', 'words: a new proposal kind (expedited software upgrades)'],
  'cosmoshub-gov-924': ['shape', 'messages: MsgSoftwareUpgrade'],
  'xrpl-amendment-7BB62DC13EC72B775091E9C71BF8CF97E122647693B50C5E87A80DFD6FCFAC50': ['shape', 'words: an amendment changes the ledger’s rules'],
  'xrpl-amendment-755C971C29971C9F20C6F080F2ED96F87884E40AD19554A5EBECDCEC8A1F77FE': ['shape', 'words: an amendment changes the ledger’s rules'],
  'xrpl-fee-92508417': ['parameter', 'decoded SetFee: reserves move'],
  'morpho-ethvaults-21590000-0': ['parameter', 'vault events: a supply cap cut'],
  'morpho-ethvaults-21590000-1': ['parameter', 'vault events: a supply cap cut'],
  'morpho-ethvaults-21590000-2': ['parameter', 'vault events: a supply cap cut'],
  'morpho-ethvaults-21590000-3': ['parameter', 'vault events: a supply cap cut'],
  'morpho-ethvaults-21590000-4': ['parameter', 'vault events: a supply cap cut'],
  'morpho-ethvaults-21590000-5': ['parameter', 'vault events: a supply cap cut'],
  'morpho-ethvaults-21590000-6': ['parameter', 'vault events: a supply cap raise'],
  'morpho-ethvaults-21590000-7': ['parameter', 'vault events: a supply cap raise'],
  // Changes made without a vote (issue 23), decoded from their events or calldata; an applied one stays 30 days, counted from its recording's date.
  'compound-marketupdate-optimism-6b0c12a16eb4444b': ['parameter', 'queued Configurator call: a supply cap raise'],
  'compound-marketupdate-optimism-8e1579795b149ffd': ['parameter', 'applied Configurator call: a collateral factor'],
  'compound-guardian-16230000-41': ['parameter', 'PauseAction: a Comet\'s actions paused'],
  'compound-guardian-16240000-7': ['parameter', 'ActionPaused: a v2 market\'s minting paused'],
  'compound-guardian-optimism-142870400-5': ['parameter', 'PauseAction on Optimism: a Comet\'s buying paused'],
  'lido-easytrack-811': ['parameter', 'enacted motion EVMScript: stVault fees'],
  'lido-easytrack-812': ['parameter', 'motion EVMScript: stVault fees'],
  'aave-stewards-26452000-12': ['parameter', 'steward configurator events: caps'],
  'aave-stewards-26480800-20': ['shape', 'guardian ReserveFrozen: a freeze'],
  'aave-stewards-u4101': ['parameter', 'risk oracle update applied: a rate slope'],
  'aave-stewards-u4102': ['parameter', 'risk oracle update pending: eMode values'],
  'aave-opstewards-u99001': ['parameter', 'risk oracle update applied on Optimism: a borrow cap'],
  'aave-v4stewards-26459200-5': ['parameter', 'v4 steward configurator events: a config key’s collateral factor and hub caps'],
  'aave-v4stewards-26473600-9': ['parameter', 'v4 steward configurator events: an added config key'],
  'aave-v4stewards-26480800-2': ['parameter', 'v4 steward configurator events: hub rate data'],
  'aave-v4stewards-26484400-7': ['parameter', 'v4 hub configurator event: a hub asset’s liquidity fee'],
  'aave-v4avaxstewards-72481600-1': ['parameter', 'v4 steward configurator events on Avalanche: a config key’s collateral factor and hub caps'],
  'aave-v4avaxstewards-72740800-0': ['parameter', 'v4 steward configurator events on Avalanche: hub rate data'],
  'aave-v4avaxstewards-72913600-4': ['parameter', 'v4 hub configurator event on Avalanche: a hub asset’s liquidity fee'],
  'spark-automator-26466400-30': ['parameter', 'cap automator: a supply cap raise'],
  'spark-automator-26473600-11': ['shape', 'guardian ReserveFrozen: a freeze'],
  'sky-spbeam-25990000-0': ['parameter', 'SP-BEAM Set: a stability fee'],
  'sky-spbeam-25990000-1': ['parameter', 'SP-BEAM Set: the savings rate'],
  'sky-spell-0xa0059dadd7fbdbc81a9bb9d1d17ccb029b6af596': ['parameter', 'published after-state: the GSM delay'],
  'sky-spell-0x5000000000000000000000000000000000001121': ['parameter', 'synthetic after-state: an autoline gap (plotted, waiting)'],
  'sky-spell-0x5000000000000000000000000000000000001105': ['parameter', 'synthetic after-state: a debt ceiling (cast)'],
  'sky-spell-0x5000000000000000000000000000000000001120': ['parameter', 'synthetic after-state: an autoline gap (being voted in the chief)'],
  'sky-poll-1601': ['parameter', 'poll text: a debt ceiling'],
  'sky-poll-1598': ['parameter', 'poll text words: a liquidation threshold (a signal)'],
  // Spark spells: what each spell's published description says it does (shared/modules/spark/publishedSpells.ts).
  'spark-starguard-0x160158d029697fea486df8968f3be17a706df0f0': ['shape', 'published spell: deprecates rETH (frozen, LTV 0)'],
  'spark-starguard-0xe854ce4a58ec1baf997cca483de26b0935ae0f45': ['shape', 'published spell: reactivates WBTC as collateral'],
  'spark-starguard-0xfa5fc020311fcc1a467fec5886640c7dd746deaa': ['shape', 'published spell: deactivates four Liquidity Layer integrations'],
  'spark-starguard-0x9ffadcf3afb43c1af4ec1d9b6b0405f1fbcf94d6': ['shape', 'published spell: migrates to a new controller and Cap Automator'],
  'spark-starguard-0xf655f6e7843685bfd8cfa4523d43f2b9922bbd77': ['shape', 'published spell: onboards Paxos and a Morpho vault'],
};
const SPAM = ['cosmoshub-gov-923', 'cosmoshub-gov-936'];

describe('the recorded feed a person can trust', () => {
  it('holds back exactly the two recorded phishing airdrops, by the maintained scam list', () => {
    expect(proposals.filter((proposal) => !shownByDefault(proposal)).map((proposal) => [proposal.id, proposal.spam!.rule]).sort()).toEqual(
      SPAM.map((id) => [id, 'cosmoshub/scam-list']),
    );
  });

  it('would hold them back by their links and their tallies too, were they not listed', () => {
    for (const id of SPAM) {
      expect(phishingLinkVerdict(byId(id))?.reason, id).toMatch(/terra(pro|web)\.at/);
      expect(byId(id).votes.for! / byId(id).votes.total!, id).toBeLessThan(0.01);
    }
  });

  it('puts no spam at the top of the global feed, and brings it back with includeSpam=true', () => {
    const shown = filterProposals(proposals.map((proposal) => ({ proposal })), parseQuery({}, ['includeSpam'])).sort(byFeedOrder);
    expect(shown.every(({ proposal }) => proposal.spam === undefined)).toBe(true);
    expect(shown).toHaveLength(proposals.length - SPAM.length);
    const all = filterProposals(proposals.map((proposal) => ({ proposal })), parseQuery({ includeSpam: 'true' }, ['includeSpam'])).sort(byFeedOrder);
    expect(all[0]!.proposal.id).toBe('cosmoshub-gov-936');
  });

  it('states in GET /api how many proposals each rule holds back now', () => {
    const body = catalog('https://govex.example', { rateLimit: { quota: 30, windowSeconds: 60, secret: 'test' } }, proposals);
    expect(Object.fromEntries(body.spamRules.filter((rule) => rule.heldBack > 0).map((rule) => [rule.id, rule.heldBack]))).toEqual({ 'cosmoshub/scam-list': 2 });
  });

  it.each(Object.entries(CLASSIFIED))('classifies %s', (id, [changeType]) => {
    expect(byId(id).changeType).toBe(changeType);
  });

  it('classifies every proposal shown by default, and no other (the two phishing texts change nothing)', () => {
    const shown = proposals.filter(shownByDefault);
    expect(shown.map((proposal) => proposal.id).sort()).toEqual(Object.keys(CLASSIFIED).sort());
    expect(proposals.filter((proposal) => proposal.changeType).map((proposal) => proposal.id).sort()).toEqual(Object.keys(CLASSIFIED).sort());
  });
});

describe('the words rule', () => {
  it('reads listings, offboarding and upgrades as shape, and caps, fees and payments as parameter', () => {
    expect(changeTypeFromWords({ title: 'Offboard the legacy USDT market', description: '' })?.changeType).toBe('shape');
    expect(changeTypeFromWords({ title: 'Freeze and deprecate the v2 pool', description: '' })?.changeType).toBe('shape');
    expect(changeTypeFromWords({ title: 'Raise the WETH supply cap', description: 'Caps and rates.' })?.changeType).toBe('parameter');
    expect(changeTypeFromWords({ title: 'Q3 grants budget', description: 'Funding for the program.' })?.changeType).toBe('parameter');
  });

  it('decides nothing where the words name neither', () => {
    expect(changeTypeFromWords({ title: '💎ATOM AirDrop ✅', description: 'Visit the site.' })).toBeUndefined();
  });
});
