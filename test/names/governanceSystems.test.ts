import { describe, expect, it } from 'vitest';
import { MODULE_ENTRIES } from '../../shared/modules/loaders.js';
import { governanceSystemName, votingPlace } from '../../shared/modules/governanceSystems.js';
import { MODULE_INFOS, PROTOCOL_SLUGS } from '../../shared/modules/registry.js';

/** Issue #21 items 1 and 2: a governance system shows by its module's name for it, and says where holders vote. */
describe('governance systems in words', () => {
  it('names every governance system a module reads, in words that are not its key, with an http(s) place to vote', async () => {
    for (const entry of MODULE_ENTRIES) {
      for (const system of Object.keys((await entry.load()).source)) {
        const key = `${entry.slug}/${system}`;
        const declared = entry.governance?.[system];
        expect(declared, `${key} has a name in its module's info.ts`).toBeDefined();
        expect(governanceSystemName(key)).toBe(declared!.name);
        // Words, not keys: no protocol slug (case as written), never the key alone (a plain word like "guardian" may be one of its words).
        expect(declared!.name).not.toMatch(new RegExp(`\\b(${PROTOCOL_SLUGS.join('|')})\\b`));
        expect(declared!.name.toLowerCase()).not.toBe(system.toLowerCase());
        expect(declared!.voteUrl).toMatch(/^https:\/\//);
      }
    }
  });

  it('names a system its module does not declare by the protocol, and an unknown protocol without its key', () => {
    expect(governanceSystemName('aave/gov3')).toBe('Aave Governance v3');
    expect(governanceSystemName('aave/somethingnew')).toBe('Aave proposals');
    expect(governanceSystemName('aave')).toBe('Aave proposals');
    expect(governanceSystemName('nosuch/gov')).toBe('A governance source');
  });

  it('sends a proposal to the system that listed it, and a demo proposal (listed by none) to its module’s first system', () => {
    expect(votingPlace({ protocol: 'compound', sourceKey: 'compound/snapshot' })?.voteUrl).toBe('https://snapshot.box/#/s:comp-vote.eth');
    expect(votingPlace({ protocol: 'compound' })?.voteUrl).toBe('https://www.tally.xyz/gov/compound');
    expect(votingPlace({ protocol: 'nosuch' })).toBeUndefined();
    // A module that names no system gives no vote link rather than a made-up one.
    expect(votingPlace({ protocol: 'x' }, [{ ...MODULE_INFOS[0]!, slug: 'x', governance: {} }])).toBeUndefined();
  });
});
