/**
 * The simulator's market of a MetaMorpho vault: its positions and its curator's changes meet on it
 * (`metamorpho-<chain>-<vault address, lower case>`). Apart from deployment.ts so the module's
 * info (parameters, calculators, what-if) carries no chain library. Pure.
 */
export const vaultMarket = (chain: 'ethereum' | 'base', vault: string): string => `metamorpho-${chain}-${vault.toLowerCase()}`;

/** Whether a simulator market is a vault's. Pure. */
export const isVaultMarket = (market: string | undefined): boolean => market?.startsWith('metamorpho-') === true;
