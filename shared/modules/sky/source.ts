import type { FeedProposal } from '../../domain/proposal.js';
import { isoFromUnixSeconds } from '../../governance/time.js';
import { ethereumClient } from '../../upstream/clients/ethereumClient.js';
import type { SourceReader } from '../types.js';
import { readSpBeamSets } from './readSpBeamSets.js';
import { spBeamProposal } from './spBeam.js';
import { readHatSpell } from './spells/readHatSpell.js';
import { readPausedSpells } from './spells/readPausedSpells.js';
import { readVotedSpells } from './spells/readVotedSpells.js';
import { readPolls } from './polls/readPolls.js';
import { readPublishedAfterState } from './spells/readPublishedAfterState.js';
import { spellProposal } from './spells/spellProposal.js';

/**
 * Sky's executive spells: the chief's hat, its plot in the DSPause (eta, the GSM delay on) and its
 * cast, on Ethereum, the other spells the pause plotted, cast or dropped in the last 30 days
 * (its notes), and the spells being voted on in the chief (named by its slates, with their approval
 * against the hat's); each one's changes from the after-state the spells repository publishes for it,
 * diffed with the previous spell's (GitHub). A spell with no published after-state is listed without changes.
 *
 * @example const [spell] = await skySpellSource().readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function skySpellSource(): SourceReader {
  return {
    async readProposals({ signal, upstreams }): Promise<FeedProposal[]> {
      const client = ethereumClient(upstreams.ethereum, signal);
      const read = await readHatSpell(client);
      const paused = await readPausedSpells(client, read);
      // A chief that cannot be read fails the source: the feed keeps its last good spells rather than drop those in voting.
      const voted = await readVotedSpells(client, [read.spell, ...paused.others.map((other) => other.spell)]);
      const spells = [{ ...read, ...paused.hat }, ...paused.others, ...voted];
      // One after-state at a time: each asks GitHub's archive listing, and a found one is kept.
      const items: FeedProposal[] = [];
      for (const spell of spells) items.push(spellProposal(spell, await readPublishedAfterState(upstreams.github, { address: spell.spell, description: spell.description }, signal)));
      return items;
    },
  };
}

/**
 * SP-BEAM: each Set(id, bps) of the last 30 days, applied at once by a facilitator within the bounds
 * spells set (no vote, no notice), with the bounds of the next move as the chain holds them.
 *
 * @example const sets = await skySpBeamSource().readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function skySpBeamSource(): SourceReader {
  return {
    async readProposals({ signal, upstreams }): Promise<FeedProposal[]> {
      const { sets, config } = await readSpBeamSets(ethereumClient(upstreams.ethereum, signal));
      return sets.map((set) => spBeamProposal(set, isoFromUnixSeconds(set.time), config));
    },
  };
}

/**
 * Sky's polls: each poll created on the PollingEmitter in the last 30 days whose text the community
 * repository publishes, as a signal (mechanism vote): pending, active or closed by its chain dates,
 * with the moves its text states in a parseable form, unverified.
 *
 * @example const polls = await skyPollSource().readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function skyPollSource(): SourceReader {
  return {
    async readProposals({ signal, upstreams }): Promise<FeedProposal[]> {
      return readPolls(ethereumClient(upstreams.ethereum, signal), upstreams.github, signal);
    },
  };
}
