/**
 * Which SPL Governance deployment a source reads, and how its proposals are named and linked.
 * The Jito DAO runs its own copy of the program, so the source is written for any deployment and
 * configured with Jito's; tests point the same code at another realm's published accounts.
 */
export interface RealmDeployment {
  /** The protocol slug the proposals belong to, and the first part of their ids. */
  protocol: string;
  /** The second part of the ids: `{protocol}-{idSource}-{proposal pubkey}`. */
  idSource: string;
  /** The SPL Governance program that owns the realm's accounts. */
  programId: string;
  realm: string;
  /**
   * Governance accounts to list proposals for (one memcmp on offset 1 each). Empty when the
   * program serves this realm only, so one filter on the account type returns every proposal.
   */
  governances: readonly string[];
  /** Decimals of the governing token: vote weights are raw u64 amounts of it. */
  decimals: number;
  /** How many proposals a build keeps, newest first by draft time. */
  newest: number;
  /** The proposal on the deployment's own governance site, listed first among the source links. */
  proposalUrl(proposal: string): string;
  proposalLinkLabel: string;
  /** SPL Stake Pool accounts whose SetFee instructions are read as the pool's fee changes, by pool asset. */
  stakePools: Readonly<Record<string, string>>;
}

/**
 * The Jito DAO: program and realm from jito-foundation/governance-ui `public/realms/mainnet-beta.json`
 * (also Mythic-Project/governance-ui govOwners); JTO mint `jtojtomepa8beP8AuQc6eXt5FriJwfFMwQx2v2f9mCL`
 * has 9 decimals; the JitoSOL pool `Jito4APyf642JPZPx3hGc6WWJ8zPKtRbRs4P815Awbb` is managed by the
 * DAO's native treasury (jito-omnidocs "Deployed Programs"; see shared/research/sources.md §5).
 */
export const JITO_DEPLOYMENT: RealmDeployment = {
  protocol: 'jito',
  idSource: 'realms',
  programId: 'jtogvBNH3WBSWDYD5FJfQP2ZxNTuf82zL8GkEhPeaJx',
  realm: 'jjCAwuuNpJCNMLAanpwgJZ6cdXzLPXe2GfD6TaDQBXt',
  // The program is Jito's own deployment and holds one realm: the account type alone selects
  // every Jito proposal, in one request, with no list of governances to keep up to date.
  governances: [],
  decimals: 9,
  // Every live vote and the recent record: the DAO's JIPs number in the thirties since 2023.
  newest: 20,
  proposalUrl: (proposal) => `https://gov.jito.network/dao/Jito/proposal/${proposal}`,
  proposalLinkLabel: 'View on Jito governance (Realms)',
  stakePools: { JitoSOL: 'Jito4APyf642JPZPx3hGc6WWJ8zPKtRbRs4P815Awbb' },
};
