import { HUB_SPAM_RULES } from './cosmoshub/spamRules.js';
import type { ModuleInfo } from './types.js';

/**
 * Every served protocol module, described, in the order the catalog lists them. Kept apart from
 * the loaders (registry.ts) because a bundler follows dynamic imports too: the catalog, llms.txt
 * and OpenAPI functions import this file and so carry no chain library.
 */
export const MODULE_INFO: readonly ModuleInfo[] = [
  { slug: 'aave', name: 'Aave', addressKinds: ['evm'] },
  { slug: 'compound', name: 'Compound', addressKinds: ['evm'] },
  { slug: 'lido', name: 'Lido', addressKinds: ['evm'] },
  { slug: 'jito', name: 'Jito', addressKinds: ['solana'] },
  { slug: 'cosmoshub', name: 'Cosmos Hub', addressKinds: ['cosmos'], bech32Prefixes: ['cosmos'], spamRules: Object.values(HUB_SPAM_RULES) },
  { slug: 'xrpl', name: 'XRP Ledger', addressKinds: ['xrpl'] },
];

/** Bech32 prefixes of every module's chain accounts: the cosmos wallets the service accepts. */
export const COSMOS_PREFIXES: readonly string[] = [...new Set(MODULE_INFO.flatMap((entry) => entry.bech32Prefixes ?? []))];
