import type { VaultChainRead, VaultLog } from './readVaultGovernance.js';

/**
 * The vault's timelock when `opened` was emitted, in seconds: the notice a submission gives
 * (MetaMorpho's validAt is the submission's time plus the timelock then in force). The head's
 * timelock when no SetTimelock of the vault follows it in the window; else the value the window's
 * last SetTimelock before it set; undefined when a later SetTimelock moved it and the window shows
 * no earlier value. Pure.
 */
export function timelockAtSubmission(read: Pick<VaultChainRead, 'vaults' | 'logs'>, opened: VaultLog): bigint | undefined {
  const vault = opened.vault.toLowerCase();
  const sets = read.logs.filter((log) => log.eventName === 'SetTimelock' && log.vault.toLowerCase() === vault);
  const after = (log: VaultLog) => log.blockNumber > opened.blockNumber || (log.blockNumber === opened.blockNumber && log.logIndex > opened.logIndex);
  if (!sets.some(after)) return read.vaults.find((state) => state.vault.address.toLowerCase() === vault)?.timelock;
  const before = sets.filter((log) => !after(log) && log !== opened).at(-1);
  return before?.args.newTimelock as bigint | undefined;
}
