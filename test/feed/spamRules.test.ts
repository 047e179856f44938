import type { TallyResult } from 'cosmjs-types/cosmos/gov/v1/gov';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../shared/contract/parseQuery.js';
import { Proposal } from '../../shared/contract/proposal.js';
import { catalog } from '../../shared/api/catalog.js';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { blockedEntry, phishingLinkVerdict } from '../../shared/feed/spam/phishingLinks.js';
import { SPAM_RULES, spamRuleCounts } from '../../shared/feed/spam/spamRules.js';
import { withSpamVerdicts } from '../../shared/feed/spam/withSpamVerdicts.js';
import { normalizeSnapshotProposal } from '../../shared/governance/snapshot/normalizeSnapshotProposal.js';
import { hubSpamVerdict } from '../../shared/modules/cosmoshub/spamVerdict.js';
import { filterProposals } from '../../shared/proposals/filters.js';
import { renderProposal } from '../../shared/proposals/render.js';
import { FileFeedStore } from '../../shared/stores/file/fileFeedStore.js';
import { MemoryFeedStore } from '../../shared/stores/memory/memoryFeedStore.js';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const tally = (yes: number, no: number, veto: number, abstain = 0): TallyResult => ({
  yesCount: String(yes * 1e6),
  noCount: String(no * 1e6),
  noWithVetoCount: String(veto * 1e6),
  abstainCount: String(abstain * 1e6),
});
const hub = { id: 5000n, title: 'Signaling: adopt a new fee policy', status: 'active' as const, executable: false };

function proposal(fields: Partial<FeedProposal> = {}): FeedProposal {
  return {
    id: 'aave-gov3-1',
    protocol: 'aave',
    title: 'Raise the USDC supply cap',
    summary: 'Raise it.',
    description: 'Raise it. See https://governance.aave.com/t/usdc-cap/1',
    status: 'active',
    votes: {},
    timeline: {},
    changes: [],
    firstSeen: '2026-11-01T00:00:00Z',
    ...fields,
  };
}

describe('the Cosmos Hub spam rules', () => {
  it('holds back a proposal whose id is on the pinned scam-proposal list', () => {
    expect(hubSpamVerdict({ ...hub, id: 936n })?.rule).toBe('cosmoshub/scam-list');
  });

  it('holds back a proposal still in its deposit period', () => {
    expect(hubSpamVerdict({ ...hub, status: 'pending' })?.rule).toBe('cosmoshub/deposit-period');
  });

  it('holds back a tally with almost no Yes and NoWithVeto over the veto threshold', () => {
    expect(hubSpamVerdict({ ...hub, tally: tally(52_008, 0, 65_061_160, 4_165) })).toEqual({
      rule: 'cosmoshub/vetoed-tally',
      reason: 'Yes 0.08 % of the votes, NoWithVeto 99.9 % of the non-abstaining ones',
    });
  });

  it('keeps a proposal voted down with plain No, and one with much Yes despite vetoes', () => {
    expect(hubSpamVerdict({ ...hub, tally: tally(5, 95, 0) })).toBeUndefined();
    expect(hubSpamVerdict({ ...hub, tally: tally(40, 10, 50) })).toBeUndefined();
  });

  it('holds back a text proposal titled as an airdrop, in any of the spellings wallets check', () => {
    for (const title of ['💎ATOM AirDrop ✅', 'New air drop checker', 'A I R D R O P live']) {
      expect(hubSpamVerdict({ ...hub, title })?.rule, title).toBe('cosmoshub/airdrop-title');
    }
  });

  it('keeps legitimate proposals that mention airdrops: passed, executable, or only in the body', () => {
    expect(hubSpamVerdict({ ...hub, title: 'Signaling: no ATOM airdrop for consumer chains', status: 'passed' })).toBeUndefined();
    expect(hubSpamVerdict({ ...hub, title: 'Community pool spend for the Stride airdrop audit', executable: true })).toBeUndefined();
    expect(hubSpamVerdict({ ...hub, title: 'Gaia v17 Software Upgrade', executable: true, tally: tally(90, 1, 0) })).toBeUndefined();
  });
});

describe('the phishing link rule (pinned chainapsis/phishing-block-list)', () => {
  it('blocks a listed host, its www. form and its subdomains, never the bare TLD', () => {
    expect(blockedEntry('https://TerraPro.at')).toBe('terrapro.at');
    expect(blockedEntry('www.terrapro.at/claim')).toBe('terrapro.at');
    expect(blockedEntry('https://claim.terrapro.at/x')).toBe('terrapro.at');
    expect(blockedEntry('https://example.at')).toBeUndefined();
  });

  it('finds the link in a proposal body written as a bare host', () => {
    const phishing = proposal({ description: 'Get your airdrop visiting url: [www.TerraPro.at][1]' });
    expect(phishingLinkVerdict(phishing)).toEqual({ rule: 'links/phishing-domain', reason: 'links to terrapro.at, a known phishing site' });
  });

  it('keeps a legitimate proposal that mentions an airdrop and links to real sites', () => {
    const legit = proposal({
      title: 'Retroactive airdrop to early stETH holders: signaling vote',
      description: 'Discussed at https://research.lido.fi/t/airdrop/1 and https://snapshot.box/#/s:lido-snapshot.eth.',
    });
    expect(withSpamVerdicts([legit])[0]!.spam).toBeUndefined();
  });

  it('leaves a verdict the module gave in place', () => {
    const judged = proposal({ spam: { rule: 'cosmoshub/scam-list', reason: 'listed' }, description: 'www.terrapro.at' });
    expect(withSpamVerdicts([judged])[0]!.spam!.rule).toBe('cosmoshub/scam-list');
  });
});

describe('Snapshot', () => {
  it('keeps a proposal the hub flags, held back as spam rather than dropped', () => {
    const flagged = normalizeSnapshotProposal(
      { id: '0xabc', title: 'Claim', body: '', state: 'active', flagged: true, space: { id: 'ens.eth' } },
      { protocol: 'lido', now: new Date('2026-11-22T00:00:00Z') },
    );
    expect(flagged?.spam).toEqual({ rule: 'snapshot/flagged', reason: 'flagged by the Snapshot hub' });
  });
});

describe('held back, never silently', () => {
  const spam = proposal({ id: 'cosmoshub-gov-936', spam: { rule: 'cosmoshub/scam-list', reason: 'listed' } });
  const good = proposal();

  it('leaves spam out of the lists by default, and brings it back with includeSpam=true', () => {
    const items = [{ proposal: spam }, { proposal: good }];
    expect(filterProposals(items, parseQuery({}, ['includeSpam'])).map((item) => item.proposal.id)).toEqual(['aave-gov3-1']);
    expect(filterProposals(items, parseQuery({ includeSpam: 'true' }, ['includeSpam']))).toHaveLength(2);
  });

  it('refuses an includeSpam that is not true or false', () => {
    expect(() => parseQuery({ includeSpam: '1' }, ['includeSpam'])).toThrow(/includeSpam="1" is not valid: expected true or false/);
  });

  it('puts the verdict on the wire, in both views, so a client that asked for spam can tell it apart', () => {
    const full = renderProposal({ proposal: spam }, 'full');
    expect(Proposal.parse(full).spam).toEqual(spam.spam);
    expect(renderProposal({ proposal: spam }, 'compact')).toMatchObject({ spam: spam.spam });
    expect(renderProposal({ proposal: good }, 'full')).not.toHaveProperty('spam');
  });

  it('states every rule in GET /api with how many proposals it holds back now', () => {
    const body = catalog('https://govex.example', { rateLimit: { quota: 30, windowSeconds: 60, secret: 'test' } }, [spam, good, spam]);
    expect(body.spamRules.map((rule) => rule.id)).toEqual(SPAM_RULES.map((rule) => rule.id));
    expect(body.spamRules.find((rule) => rule.id === 'cosmoshub/scam-list')?.heldBack).toBe(2);
    expect(spamRuleCounts([good]).every((rule) => rule.heldBack === 0)).toBe(true);
    for (const rule of body.spamRules) expect(rule.evidence.length, rule.id).toBeGreaterThan(40);
  });

  it('keeps the verdict through the file and memory stores’ round trip', async () => {
    const feed = { builtAt: '2026-11-22T00:00:00Z', sources: {}, proposals: [spam, good] };
    for (const store of [new MemoryFeedStore(), new FileFeedStore(join(await mkdtemp(join(tmpdir(), 'govex-spam-')), 'feed.json'))]) {
      await store.write(feed);
      const read = await store.read();
      expect(read.status === 'found' && read.feed.proposals[0]!.spam).toEqual(spam.spam);
    }
  });
});
