import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cidFromIpfsHash, ipfsHashOfText } from '../../../shared/modules/aave/ipfsCid.js';
import { parseProposalText } from '../../../shared/modules/aave/parseProposalText.js';

/** aave-dao/aave-governance-cache proposal_420.json (test/fixtures/raw/aave/SOURCES.md). */
const cache420 = JSON.parse(readFileSync(new URL('../../fixtures/raw/aave/aave_governance_cache_proposal_420.json', import.meta.url), 'utf8')) as {
  proposal: { ipfsHash: string };
  ipfs: { ipfsHash: string; title: string; author: string; discussions: string; description: string };
};
/** Proposal 420's text as aave-cli uploaded it: its front matter, then the body. */
const text420 = `---\ntitle: "${cache420.ipfs.title}"\nauthor: "${cache420.ipfs.author}"\ndiscussions: "${cache420.ipfs.discussions}"\n---\n${cache420.ipfs.description}`;

describe('the proposal text on IPFS', () => {
  it('is found at the CIDv0 of the bytes32 Governance stores', () => {
    expect(cidFromIpfsHash(cache420.proposal.ipfsHash)).toBe(cache420.ipfs.ipfsHash);
    expect(cidFromIpfsHash(cache420.proposal.ipfsHash)).toBe('QmXaoye7dURcGagNu9Uqrh6m7r1gUjzC8QSqPCht2RFyp2');
  });

  it('hashes to that bytes32 when it is the text the proposal committed to', () => {
    expect(ipfsHashOfText(text420)).toBe(cache420.proposal.ipfsHash);
    expect(ipfsHashOfText(text420.replace('77.5%', '87.5%'))).not.toBe(cache420.proposal.ipfsHash);
  });

  it('reads front matter and body from the Markdown aave-cli uploads', () => {
    expect(parseProposalText(text420)).toEqual({
      title: 'weETH E-Mode Risk Parameter Adjustment on Aave V3 Plasma Instance',
      author: 'Chaos Labs (implemented by ACI via Skyward)',
      discussions: cache420.ipfs.discussions,
      description: cache420.ipfs.description,
    });
  });

  it('reads the JSON documents of older uploads', () => {
    const json = JSON.stringify({ title: 'AIP-1', shortDescription: 'x', description: '## Body' });
    expect(parseProposalText(json)).toEqual({ title: 'AIP-1', description: '## Body' });
  });

  it('refuses a text that is neither', () => {
    expect(parseProposalText('<html>gateway error</html>')).toBeUndefined();
    expect(parseProposalText('{"title":"no body"}')).toBeUndefined();
  });
});
