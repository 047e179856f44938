import type { AddressKind, Wallet } from '../address/types.js';
import type { ExposurePosition } from '../domain/position.js';
import type { FeedProposal } from '../domain/proposal.js';
import type { SpamRule } from '../feed/spam/spamRule.js';
import type { ProtocolSlug } from './slugs.js';

/** What a component gets from the scan or feed orchestration: its deadline and the clock. */
export interface ComponentContext {
  signal: AbortSignal;
  now: Date;
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
  proposals: FeedProposal[];
}

export interface ProtocolModule {
  source: SourceComponent;
  exposure: ExposureComponent;
  demo: DemoComponent;
}

/** What the service must know about a module without loading its code (the catalog, llms.txt, parsing). */
export interface ModuleInfo {
  slug: ProtocolSlug;
  name: string;
  addressKinds: readonly AddressKind[];
  /** Bech32 prefixes of the module's chain accounts, for cosmos wallets. */
  bech32Prefixes?: readonly string[];
  /** The module's own spam rules (data only), stated by GET /api beside the common ones. */
  spamRules?: readonly SpamRule[];
}

/** A registry entry: a module's info and its code, loaded on demand. */
export interface ModuleEntry extends ModuleInfo {
  /** Loaded on demand, so a scan pulls in a chain's libraries only when the wallet needs them. */
  load(): Promise<ProtocolModule>;
}
