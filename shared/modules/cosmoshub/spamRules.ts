import type { SpamRule } from '../../feed/spam/spamRule.js';

/**
 * The Cosmos Hub's spam rules, as GET /api states them. Data only (no chain library), so the
 * catalog lists them without loading the module; spamVerdict.ts applies them.
 */
export const HUB_SPAM_RULES = {
  scamList: {
    id: 'cosmoshub/scam-list',
    appliesTo: 'Cosmos Hub x/gov',
    holdsBack: 'a proposal whose id is on the scam-proposal list Keplr’s maintainers keep for cosmoshub (bundled as a pinned copy)',
    evidence:
      'chainapsis/phishing-block-list scam-proposals/cosmoshub.txt (Apache-2.0), served by its pages/api/scam-proposal.ts; Leap drops the ids of its own per-chain list (leapwallet/cosmos-extension packages/store/src/utils/gov/filter-spam-proposals.ts)',
  },
  depositPeriod: {
    id: 'cosmoshub/deposit-period',
    appliesTo: 'Cosmos Hub x/gov',
    holdsBack: 'a proposal still in its deposit period: since Gaia v15 it may have paid only 10 % of the minimum deposit, and unfunded proposals are deleted when the period ends',
    evidence:
      'ping.pub lists only voting, passed and rejected proposals (ping-pub/explorer src/modules/[chain]/gov/index.vue); min_initial_deposit_ratio 0.1 (cosmos/gaia app/upgrades/v15/upgrades.go)',
  },
  vetoedTally: {
    id: 'cosmoshub/vetoed-tally',
    appliesTo: 'Cosmos Hub x/gov',
    holdsBack: 'a proposal with Yes at most 10 % of a non-empty tally and NoWithVeto at or above the veto threshold (1/3 of the non-abstaining votes): stakers themselves voted it down as spam',
    evidence:
      'Cosmostation hides proposals with Yes ≤ 10 % of the tally (cosmostation/cosmostation-ios Cosmostation/Model/MintscanProposal.swift isScam); x/gov burns the deposit of a proposal vetoed by more than veto_threshold 0.334 (cosmos-sdk x/gov/types/v1/params.go)',
  },
  airdropTitle: {
    id: 'cosmoshub/airdrop-title',
    appliesTo: 'Cosmos Hub x/gov',
    holdsBack: 'a text-only proposal (nothing executes) whose title advertises an airdrop and which has not passed',
    evidence:
      'Leap drops proposals whose title contains "airdrop", "air drop" or "a i r d r o p" (leapwallet/cosmos-extension packages/store/src/utils/gov/filter-spam-proposals.ts); a passed or executable one is kept, since stakers accepted it or it runs messages',
  },
} as const satisfies Record<string, SpamRule>;
