import { getJson } from '../../../upstream/clients/getJson.js';
import { upstreamMalformed } from '../../../upstream/errors.js';
import type { Probe } from '../../../upstream/probes/probe.js';
import { SPELLS_REPO } from './readPublishedAfterState.js';

/** `npm run doctor` on the GitHub API: the spells repository's archive is listed, as the spells source lists it. */
export const spellsArchiveProbe: Probe = {
  upstream: 'github',
  asks: 'the Sky spells repository’s archive listing',
  async run(endpoint, signal) {
    const listing = await getJson<{ name: string; type: string }[]>(endpoint, `${SPELLS_REPO}/contents/archive`, { query: { ref: 'master' }, signal });
    if (!Array.isArray(listing)) throw upstreamMalformed('github', new Error('the archive listing is not a list'));
    return `${listing.filter((entry) => entry.type === 'dir' && /-DssSpell$/.test(entry.name)).length} archived spells`;
  },
};
