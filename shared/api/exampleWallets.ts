import { MODULE_INFOS } from '../modules/registry.js';
import type { ExampleWallet } from '../modules/types.js';

/**
 * Real public accounts to try a live scan on (mode live, unlike the demo wallets), as the modules
 * declare them. Each one's upstream answers are recorded under test/fixtures/upstream, so
 * `UPSTREAM=recorded npm start` finds their positions offline; the tests check that. Only accounts
 * whose state was published in full are listed (test/fixtures/README.md says which kinds have none
 * yet, and why).
 */
export const EXAMPLE_WALLETS: readonly ExampleWallet[] = MODULE_INFOS.flatMap((module) => module.exampleWallets ?? []);
