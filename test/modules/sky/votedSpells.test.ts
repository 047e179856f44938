import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Abi, Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../shared/contract/proposal.js';
import { chiefAbi, etchEvent } from '../../../shared/modules/sky/spells/governanceAbi.js';
import { readPublishedAfterState } from '../../../shared/modules/sky/spells/readPublishedAfterState.js';
import { readVotedSpells, slateCandidates } from '../../../shared/modules/sky/spells/readVotedSpells.js';
import { spellProposal, spellStatus } from '../../../shared/modules/sky/spells/spellProposal.js';
import { ethereumClient } from '../../../shared/upstream/clients/ethereumClient.js';
import { UpstreamError } from '../../../shared/upstream/errors.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { useReplay } from '../../upstream/replayHarness.js';
import { APRIL_09_SPELL, APRIL_23_SPELL, type ChiefFaults, chiefNetwork, MAY_08_CHIEF, MAY_SPELL, NOT_A_SPELL, slateOf } from './skyChiefChain.js';

/*
 * The spells being voted on in the chief (makerdao/chief @11f7c6d, MCD_ADM since the 2025-05-15
 * spell). The moment: 2026-05-08 12:00 UTC, the day after the real 2026-05-07 spell was deployed
 * (skyChiefChain.ts MAY_08_CHIEF says what is real and what SYNTHETIC); its changes are checked
 * against the after-state spells-mainnet publishes for it, from the GitHub recording.
 */

const compiled = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/sky-chief/Chief@11f7c6d.json'), 'utf8')) as { source: string; abi: Abi };
const fragment = (name: string) => compiled.abi.find((entry) => 'name' in entry && entry.name === name);

const replay = useReplay();
const chief = (faults: ChiefFaults = {}) => {
  const network = chiefNetwork(MAY_08_CHIEF, faults);
  const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: network.fetch, env: {}, policy: { retries: 0 } });
  return { client: ethereumClient(upstreams.ethereum, AbortSignal.timeout(5_000)), network, upstreams };
};
const sky = (whole: number) => BigInt(whole) * 10n ** 18n;

describe('the chief’s ABI as the module reads it', () => {
  it('is the compiled source’s hat, approvals and Etch (with the slate’s candidates)', () => {
    expect(compiled.source).toContain('makerdao/chief src/Chief.sol @11f7c6d893ef13932bcb01cf27d6b2d6ea58f7df');
    for (const entry of chiefAbi) expect(fragment(entry.name)).toEqual(entry);
    expect(fragment('Etch')).toEqual({ ...etchEvent, anonymous: false });
  });
});

describe('the candidates of the window’s slates (pure)', () => {
  const [a, b, c] = ['0x00000000000000000000000000000000000000aa', '0x00000000000000000000000000000000000000bb', '0x00000000000000000000000000000000000000cc'] as Address[];
  it('takes the newest etched first, each once, without the excluded or address 0', () => {
    const etches = [{ yays: [a!, b!] }, { yays: ['0x0000000000000000000000000000000000000000', c!] as Address[] }, { yays: [b!] }];
    expect(slateCandidates(etches, [c!]).map((address) => address.toLowerCase())).toEqual([b, a]);
  });
  it('reads at most the limit', () => {
    expect(slateCandidates([{ yays: [a!, b!, c!] }], [], 2)).toHaveLength(2);
  });
  it('computes a slate as Chief.etch does: keccak256 of the packed, word-padded addresses', () => {
    // The empty slate is Chief.EMPTY_SLATE, keccak256 of no bytes.
    expect(slateOf([])).toBe('0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
  });
});

describe('readVotedSpells on 2026-05-08, while the 2026-05-07 spell was voted', () => {
  it('lists it, with its approval against the hat’s, leaving out the hat, a cast spell and an address that is no spell', async () => {
    // The slates name the hat, the cast 2026-04-09 spell and an address with no code besides it.
    expect(MAY_08_CHIEF.etches.flatMap((etch) => etch.yays)).toEqual(expect.arrayContaining([APRIL_23_SPELL, APRIL_09_SPELL, NOT_A_SPELL, MAY_SPELL]));
    const { client, network } = chief();
    const voted = await readVotedSpells(client, []);
    expect(voted).toEqual([
      {
        spell: MAY_SPELL,
        delaySeconds: 86_400,
        eta: 0,
        done: false,
        expiration: 1_778_166_215 + 30 * 86_400,
        description: expect.stringMatching(/^2026-05-07 MakerDAO Executive Spell/),
        blockTime: MAY_08_CHIEF.headTime,
        vote: { approvals: sky(2_420_000_000), hat: APRIL_23_SPELL, hatApprovals: sky(3_150_000_000) },
      },
    ]);
    // Three rounds: the chain id with the head's aggregate3 (hat, delay), the Etch logs (one window of 50,000 blocks each), one aggregate3 of approvals and views.
    expect(network.methods.filter((method) => method === 'eth_call')).toHaveLength(2);
    expect(network.methods.filter((method) => method === 'eth_getLogs')).toHaveLength(5);
  });

  it('leaves out the spells the caller names (the pause’s), and any with no approval', async () => {
    expect(await readVotedSpells(chief().client, [MAY_SPELL])).toEqual([]);
    const noVotes = { ...MAY_08_CHIEF, approvals: { ...MAY_08_CHIEF.approvals, [MAY_SPELL.toLowerCase()]: 0n } };
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chiefNetwork(noVotes).fetch, env: {} });
    expect(await readVotedSpells(ethereumClient(upstreams.ethereum, AbortSignal.timeout(5_000)))).toEqual([]);
  });

  it('as a feed item: active, SKY approval for and the hat’s to beat, its changes from its published after-state (the GSM delay 24 → 48 h)', async () => {
    const [read] = await readVotedSpells(chief().client, []);
    const verified = await readPublishedAfterState(replay.upstreams().github, { address: read!.spell, description: read!.description }, AbortSignal.timeout(5_000));
    const item = spellProposal(read!, verified);
    expect(() => Proposal.parse(item)).not.toThrow();
    expect(item).toMatchObject({
      id: 'sky-spell-0xa0059dadd7fbdbc81a9bb9d1d17ccb029b6af596',
      status: 'active',
      votes: { for: 2_420_000_000, quorumRequired: 3_150_000_000, quorumReached: false },
      timeline: { created: '2026-05-07T15:03:35Z', end: '2026-06-06T15:03:35Z' },
      noticeSeconds: 86_400,
    });
    expect(item.changes).toMatchObject([{ parameter: 'gsmDelay', from: 86_400, to: 172_800, verified: true }]);
    expect(item.summary).toContain('2,420,000,000\u00a0SKY approve it against the hat\'s 3,150,000,000\u00a0SKY, which it must exceed to be lifted to the hat; then scheduled, it can be cast 24\u00a0hours later');
  });

  it('says when it has more approval than the hat: it can be lifted', () => {
    const item = spellProposal({ spell: MAY_SPELL, delaySeconds: 86_400, eta: 0, done: false, expiration: 2_000, description: 'x', blockTime: 1_000, vote: { approvals: sky(5), hat: APRIL_23_SPELL, hatApprovals: sky(4) } });
    expect(item.votes).toEqual({ for: 5, quorumRequired: 4, quorumReached: true });
    expect(item.summary).toContain('more, so it can be lifted to the hat');
  });

  it('is no longer active once plotted, cast or expired (pure)', () => {
    const vote = { approvals: 1n, hat: APRIL_23_SPELL, hatApprovals: 2n };
    expect(spellStatus({ eta: 0, done: false, expiration: 2_000, blockTime: 1_000, vote })).toEqual({ status: 'active' });
    expect(spellStatus({ eta: 1_500, done: false, expiration: 2_000, blockTime: 1_000, vote })).toEqual({ status: 'passed', effective: 1_500 });
    expect(spellStatus({ eta: 0, done: false, expiration: 2_000, blockTime: 2_001, vote }).status).toBe('closed');
  });
});

describe('readVotedSpells when the chief fails: degrades, never invents', () => {
  it('rejects when the chief’s logs cannot be read', async () => {
    await expect(readVotedSpells(chief({ logsFail: true }).client)).rejects.toThrow();
  });

  it('rejects with upstream_malformed when an approval reverts, rather than list a spell without its vote', async () => {
    const error = await readVotedSpells(chief({ approvalsRevert: true }).client).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).code).toBe('upstream_malformed');
  });
});
