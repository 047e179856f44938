import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { skySpBeamSource, skySpellSource } from '../../../shared/modules/sky/source.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { skyGovernanceNetwork } from './skyGovernanceChain.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/upstream');
export const GOVERNANCE_FILES = { ethereum: join(FIXTURES, 'ethereum/sky-governance.json'), github: join(FIXTURES, 'github/sky-spells.json') };

const REFERENCES = [
  'sky-ecosystem/spells-mainnet src/test/config.sol @cdd6ae7e (deployed_spell, deployed_spell_created, pause_delay 48 hours) and @39b15419; src/DssSpell.sol @cdd6ae7e (description); archive/ @17aee91ed7857b65d4814ef8cf3694fc9d70e1cf (folder names from 2026 on)',
  'sky-ecosystem/spells-mainnet src/test/addresses_mainnet.sol @17aee91ed7857b65d4814ef8cf3694fc9d70e1cf (MCD_ADM, MCD_PAUSE, MCD_SPBEAM)',
  'makerdao/sp-beam src/SPBEAM.sol @eaadd5357584e83c3555bcf1fe2574915d6a4ef0 (Set(bytes32 indexed id, uint256 bps); cfgs, tau, toc, bad: test/fixtures/sky-sp-beam/SPBEAM@eaadd53.json)',
  'makerdao/chief src/Chief.sol @11f7c6d893ef13932bcb01cf27d6b2d6ea58f7df (hat, approvals, Etch(bytes32 indexed slate, address[] yays): test/fixtures/sky-chief/Chief@11f7c6d.json), MCD_ADM since sky-ecosystem/spells-mainnet 2025-05-15 spell @eea84f21',
];

/** Both recordings, made by running the module's two sources against the stand-in network: the exact requests they send. */
export async function recordSkyGovernance() {
  const network = skyGovernanceNetwork();
  const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/', github: 'http://github.invalid' }, fetch: network.fetch, env: {} });
  const context = { signal: AbortSignal.timeout(10_000), now: new Date('2026-11-22T12:00:00Z'), upstreams };
  await skySpellSource().readProposals(context);
  await skySpBeamSource().readProposals(context);
  return {
    ethereum: {
      upstream: 'ethereum',
      protocol: 'json-rpc',
      description:
        'Sky governance on Ethereum: the chief’s hat (the 2026-05-07 spell), the DSPause delay, the spell’s eta, done, expiration and description, DSPause’s plot, exec and drop notes of the last 30 days with the views of the spells they name and the cast’s block, SP-BEAM’s configuration (cfgs, tau, toc, bad, in one aggregate3 with the head) and its Set logs of the last 30 days with their blocks, and the chief’s voting: its hat and the pause delay in one aggregate3 with the head, its Etch logs of the last 30 days, and one aggregate3 at that head of approvals (the hat’s and each candidate’s) with the candidate’s DssExec views. PARTLY SYNTHETIC: the slates, the approvals and the spell being voted (2026-11-20, 1.38 billion SKY against the hat’s 2.05 billion), the head, the chain’s time, the hat’s eta and cast, the two other spells (one plotted 2026-11-21 and waiting, one cast 2026-11-07: addresses, actions, tags, descriptions and times chosen) with their notes, and the one set() batch of two Set logs (ETH-A 525 bps, SSR 400 bps) are chosen; SP-BEAM’s cfgs and tau are the 2026-05-07 config’s values, toc that batch’s time (test/modules/sky/skyGovernanceChain.ts).',
      source: { kind: 'encoded', module: 'sky', stateAt: '2026-11-22T12:00:00.000Z', references: REFERENCES, notes: 'Encoded with the contracts’ ABIs by test/modules/sky/recordSkyGovernance.ts from the values test/modules/sky/skyGovernanceChain.ts names real or synthetic; JSON-RPC ids dropped.' },
      exchanges: network.ethereum,
    },
    github: {
      upstream: 'github',
      protocol: 'rest',
      description:
        'The spells repository on the GitHub API: the archive’s listing (2026 folders only), the 2026-05-07 and 2026-04-23 spells’ test configs, and SYNTHETIC configs of the three later synthetic spells (archive/2026-11-04-DssSpell; master’s src/test/config.sol for the plotted one; archive/2026-11-20-DssSpell for the one being voted in the chief: each the 2026-11-04 one, or the one before, with one ETH-A autoline change), whose bodies are the after-states’ values re-written in config.sol’s syntax (test/modules/sky/renderSpellConfig.ts), not the repository’s files.',
      source: { kind: 'encoded', module: 'sky', references: [REFERENCES[0]!, 'test/fixtures/sky-spells/2026-05-07-cdd6ae7e.json, 2026-04-23-39b15419.json (the values)'], notes: 'List cut to 2026; file bodies carry only the values parseSpellConfig reads; GitHub’s other fields (sha, urls, size) left out.' },
      exchanges: network.github,
    },
  };
}

if (process.argv[1]?.endsWith('recordSkyGovernance.ts')) {
  const files = await recordSkyGovernance();
  writeFileSync(GOVERNANCE_FILES.ethereum, `${JSON.stringify(files.ethereum, null, 1)}\n`);
  writeFileSync(GOVERNANCE_FILES.github, `${JSON.stringify(files.github, null, 1)}\n`);
}
