import type { AddressKind, Wallet } from '../address/types.js';
import type { ExposurePosition } from '../domain/position.js';
import type { FeedProposal } from '../domain/proposal.js';
import type { ProtocolSlug } from './slugs.js';

/** What a component gets from the scan or feed orchestration: its deadline and the clock. */
export interface ComponentContext {
  signal: AbortSignal;
  now: Date;
}

/** Reads a protocol's governance proposals, normalized, with their ParameterChanges. */
export interface SourceComponent {
  readProposals(context: ComponentContext): Promise<FeedProposal[]>;
}

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
}

/** A registry entry: a module's info and its code, loaded on demand. */
export interface ModuleEntry extends ModuleInfo {
  /** Loaded on demand, so a scan pulls in a chain's libraries only when the wallet needs them. */
  load(): Promise<ProtocolModule>;
}
