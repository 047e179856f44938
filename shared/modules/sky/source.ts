import type { FeedProposal } from '../../domain/proposal.js';
import { isoFromUnixSeconds } from '../../governance/time.js';
import { ethereumClient } from '../../upstream/clients/ethereumClient.js';
import type { SourceReader } from '../types.js';
import { readSpBeamSets } from './readSpBeamSets.js';
import { spBeamProposal } from './spBeam.js';
import { readHatSpell } from './spells/readHatSpell.js';
import { readPublishedAfterState } from './spells/readPublishedAfterState.js';
import { spellProposal } from './spells/spellProposal.js';

/**
 * Sky's executive spells: the chief's hat, its plot in the DSPause (eta, the GSM delay on) and its
 * cast, on Ethereum; its changes from the after-state the spells repository publishes for it, diffed
 * with the previous spell's (GitHub). A spell with no published after-state is listed without changes.
 *
 * @example const [spell] = await skySpellSource().readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function skySpellSource(): SourceReader {
  return {
    async readProposals({ signal, upstreams }): Promise<FeedProposal[]> {
      const read = await readHatSpell(ethereumClient(upstreams.ethereum, signal));
      const verified = await readPublishedAfterState(upstreams.github, { address: read.spell, description: read.description }, signal);
      return [spellProposal(read, verified)];
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
