import type { AddressKind, Wallet } from '../address/types.js';
import type { ExposurePosition } from '../domain/position.js';
import type { NoVoteBounds, NoVoteBoundsContext } from '../envelopes/noVoteBounds.js';
import type { ChainReading } from '../domain/chainReading.js';
import type { ParameterChange } from '../domain/parameterChange.js';
import type { FeedProposal } from '../domain/proposal.js';
import type { SpamRule } from '../feed/spam/spamRule.js';
import type { ParameterKind } from '../domain/parameterKind.js';
import type { Calculator } from '../simulate/calculator.js';
import type { UpstreamId } from '../upstream/endpoints.js';
import type { Probe } from '../upstream/probes/probe.js';
import type { Upstreams } from '../upstream/upstreams.js';
import type { WhatIfAccount } from '../whatIf/whatIfAccount.js';

/** What a component gets from the scan or feed orchestration: its deadline, the clock and the upstreams to read. */
export interface ComponentContext {
  signal: AbortSignal;
  now: Date;
  /** The process's upstreams (Services.upstreams), or a test's replay server: the one way a component reaches a chain or an API. */
  upstreams: Upstreams;
  /** The deadline `signal` fires at, in ms from the start, when the orchestration set one: a component reading several chains gives each a share of it. */
  deadlineMs?: number;
}

/** Reads one governance system of a protocol (its governor, its Snapshot space…), normalized, with ParameterChanges. */
export interface SourceReader {
  readProposals(context: ComponentContext): Promise<FeedProposal[]>;
}

/**
 * A protocol's governance systems, by a short name (`gov3`, `snapshot`…). A feed build reads each
 * apart, so a failed one keeps its last good proposals while the others refresh: an outage of
 * Snapshot never makes a protocol's on-chain votes stale, nor the other way round.
 */
export type SourceComponent = Readonly<Record<string, SourceReader>>;

/** Reads one wallet's positions in a protocol, with the simulator's inputs. */
export interface ExposureComponent {
  readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]>;
}

/** Fixed data for the demo wallets (mode mock): it flows through the same pipeline as live data. */
export interface DemoComponent {
  positions(wallet: Wallet): ExposurePosition[];
  /** The demo proposals, their dates counted from `now` (shared/demo/demoClock.ts), so the story stays true any day. */
  proposals(now: Date): FeedProposal[];
}

/**
 * Reads the values open proposals' changes would replace, as the chain holds them now, for the
 * proposal pages (the feed build calls it; pages never reach a chain).
 */
export interface CurrentValueReader {
  /** One reading per change, in the same order: a value in the change's unit, or why it was not read. Throws only when nothing could be read. */
  readCurrentValues(changes: readonly ParameterChange[], context: ComponentContext): Promise<ChainReading[]>;
}

export interface ProtocolModule {
  source: SourceComponent;
  exposure: ExposureComponent;
  demo: DemoComponent;
  /** Absent: its changes' current values are not read, and the page says so. */
  currentValues?: CurrentValueReader;
  /**
   * What `npm run doctor` asks of each upstream beyond its identity: one read the module makes
   * there (a contract's view, an account, a space), through the module's own clients.
   */
  probes?: readonly Probe[];
  /**
   * The module's bounds without a vote as its contracts hold them for one scan of a real wallet,
   * declared defaults standing in (and saying why) where a read fails. Here rather than in
   * ModuleInfo.noVoteBounds because it needs the chain clients, which the light functions that
   * show the declared bounds must not load. Absent: the declared bounds serve every scan.
   */
  noVoteBoundsOnChain?: (context: NoVoteBoundsContext) => Promise<NoVoteBounds>;
}

/** An upstream a module reads, and what for, in words (the README's upstream table is made from these). */
export interface UpstreamUse {
  id: UpstreamId;
  for: string;
}

/** A real public account to try a live scan on (mode live); its upstream answers are recorded under test/fixtures/upstream. */
export interface ExampleWallet {
  kind: AddressKind | 'ens';
  address: string;
  note: string;
}

/**
 * One of a module's governance systems (a key of its `source`) for people: what it is called, and
 * where holders follow and vote on its proposals (the governance UI, not one proposal's page).
 */
export interface GovernanceSystem {
  /** Its name in words ("Aave Governance v3", "Compound’s Snapshot space"); never its key. */
  name: string;
  /** Where its proposals are voted on or followed: the attention strip's vote link for a proposal without a page of its own there. */
  voteUrl: string;
  /** The link's words ("Vote on Aave governance"). */
  voteLabel: string;
}

/**
 * Everything the service must know about a module without loading its chain libraries (the
 * catalog, llms.txt, parsing, the simulator, the README's tables): declared in the module's own
 * `info.ts`, so no shared file learns a protocol's name.
 */
export interface ModuleInfo<Slug extends string = string> {
  slug: Slug;
  name: string;
  addressKinds: readonly AddressKind[];
  /** Bech32 prefixes of the module's chain accounts, for cosmos wallets. */
  bech32Prefixes?: readonly string[];
  /** The module's own spam rules (data only), stated by GET /api beside the common ones. */
  spamRules?: readonly SpamRule[];
  /** Every upstream it reads, with what for; each upstream's chain and endpoint are the upstream layer's. */
  upstreams: readonly UpstreamUse[];
  /** Native assets it values through the prices upstream, by symbol: the upstream's coin id. */
  pricedAssets?: Readonly<Record<string, string>>;
  /** The parameter kinds it emits beyond the shared lending and fee vocabulary (shared/domain/sharedParameters.ts). */
  parameters?: readonly ParameterKind[];
  /**
   * The market a proposal table's row names (a Network or Instance column, the heading above it),
   * in the names its positions carry; what-if and Snapshot texts read markets as its feed does.
   */
  tableMarket?: (context: Record<string, string>, above: string[]) => string | string[] | undefined;
  /**
   * A market's name for people ("Aave v3 Ethereum Core", "trust lines"), from the name its
   * positions and changes carry (`aave-v3-ethereum`); undefined for a name it does not know. Pure
   * and free of chain libraries: pages, summaries and the catalog call it.
   */
  marketName?: (market: string) => string | undefined;
  /**
   * The chains its positions are read on, as their upstreams are named (`ethereum`, `arbitrum`);
   * GET /api lists them. Absent: the one chain of its address kind. A light list: the catalog loads no chain library.
   */
  chains?: readonly string[];
  /** The simulator's calculators for those kinds (pure; the shared mathematics stays in shared/simulate). */
  calculators?: () => Promise<readonly Calculator[]>;
  /**
   * The bounds of every parameter a steward, risk oracle or rate module may move without a vote, and
   * what its guardians may do (shared/envelopes/noVoteBounds.ts): the scan's worst case without a vote.
   * On demand, like the calculators. Given a context (a scan of a real wallet), a module may read
   * from chain the bounds its contracts hold, falling back to the declared ones (which then say why).
   */
  noVoteBounds?: (context?: NoVoteBoundsContext) => Promise<NoVoteBounds>;
  /** Real accounts to try a live scan on, whose answers are recorded. */
  exampleWallets?: readonly ExampleWallet[];
  /**
   * How to read this protocol's proposals and positions where the shapes alone do not say (a
   * proposal that is not a vote, how a holding is valued): sentences for the OpenAPI description,
   * llms.txt and README.
   */
  notes?: readonly string[];
  /**
   * Its governance systems by the keys of its `source` (`gov3`, `snapshot`): the index names a failed
   * one by it, and the attention strip links to where holders vote. A system not listed is named
   * by the module's name in words.
   */
  governance?: Readonly<Record<string, GovernanceSystem>>;
  /** A demo proposal's id, for the example requests of GET /api and the OpenAPI document. */
  exampleProposalId?: string;
  /** The account the what-if command takes for this protocol (`npm run simulate`). */
  whatIf?: () => Promise<WhatIfAccount>;
}

/** A registry entry: a module's info and its code, loaded on demand. */
export interface ModuleEntry<Slug extends string = string> extends ModuleInfo<Slug> {
  /** Loaded on demand, so a scan pulls in a chain's libraries only when the wallet needs them. */
  load(): Promise<ProtocolModule>;
}
