/**
 * The eMode categories the Edge eMode injector may move on Ethereum Core (DeployEthereum in
 * aave-dao/aave-v3-risk-stewards scripts/deploy/DeployEModeInjector.s.sol @ab49968; Plasma's
 * whitelists none). Apart, so the declared bounds and the chain reader both name it without
 * importing each other.
 */
export const EDGE_EMODE_CATEGORIES: readonly number[] = [8];
