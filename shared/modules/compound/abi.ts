import { parseAbi } from 'viem';

/*
 * The ABI fragments the Compound source reads and decodes, from the contracts' own sources:
 * - Governor Bravo: compound-finance/compound-governance contracts/GovernorBravoDelegate.sol and
 *   GovernorBravoInterfaces.sol (`proposals` is the auto-getter of the Proposal struct, arrays omitted;
 *   `quorumVotes` is the constant 400,000e18).
 * - CompoundGovernor (OpenZeppelin 5 based): compound-finance/compound-governance contracts/CompoundGovernor.sol
 *   and contracts/extensions/* (GovernorSequentialProposalIdUpgradeable: `proposalCount` returns the NEXT id;
 *   GovernorCountingFractional: `proposalVotes` returns against, for, abstain).
 * - Comet Configurator, CometProxyAdmin: compound-finance/comet contracts/Configurator.sol, CometProxyAdmin.sol.
 *   The selectors of updateAssetSupplyCap (0xa2ced7fd), updateAssetLiquidationFactor (0xecb9a875) and
 *   deployAndUpgradeTo (0x9627816f) match the calldata of Bravo proposal 140.
 * - Compound v2 Comptroller: compound-finance/compound-protocol contracts/Comptroller.sol (matches proposal 141).
 */

/** The same event signature on both governors (OZ kept Bravo's shape; its `signatures` are empty strings). */
export const proposalCreatedEvent = parseAbi([
  'event ProposalCreated(uint256 id, address proposer, address[] targets, uint256[] values, string[] signatures, bytes[] calldatas, uint256 startBlock, uint256 endBlock, string description)',
])[0];

export const bravoAbi = parseAbi([
  'function proposalCount() view returns (uint256)',
  'function votingDelay() view returns (uint256)',
  'function quorumVotes() view returns (uint256)',
  'function state(uint256 proposalId) view returns (uint8)',
  'function proposals(uint256 proposalId) view returns (uint256 id, address proposer, uint256 eta, uint256 startBlock, uint256 endBlock, uint256 forVotes, uint256 againstVotes, uint256 abstainVotes, bool canceled, bool executed)',
]);

export const compoundGovernorAbi = parseAbi([
  'function proposalCount() view returns (uint256)',
  'function votingDelay() view returns (uint256)',
  'function COUNTING_MODE() view returns (string)',
  'function quorum(uint256 timepoint) view returns (uint256)',
  'function state(uint256 proposalId) view returns (uint8)',
  'function proposalVotes(uint256 proposalId) view returns (uint256 againstVotes, uint256 forVotes, uint256 abstainVotes)',
  'function proposalSnapshot(uint256 proposalId) view returns (uint256)',
  'function proposalDeadline(uint256 proposalId) view returns (uint256)',
  'function proposalProposer(uint256 proposalId) view returns (address)',
  'function proposalEta(uint256 proposalId) view returns (uint256)',
]);

/** Comet Configurator setters whose numbers a position feels (Configurator.sol). */
export const configuratorAbi = parseAbi([
  'function updateAssetSupplyCap(address cometProxy, address asset, uint128 newSupplyCap)',
  'function updateAssetBorrowCollateralFactor(address cometProxy, address asset, uint64 newBorrowCF)',
  'function updateAssetLiquidateCollateralFactor(address cometProxy, address asset, uint64 newLiquidateCF)',
  'function updateAssetLiquidationFactor(address cometProxy, address asset, uint64 newLiquidationFactor)',
  'function setSupplyKink(address cometProxy, uint64 newSupplyKink)',
  'function setSupplyPerYearInterestRateSlopeLow(address cometProxy, uint64 newSlope)',
  'function setSupplyPerYearInterestRateSlopeHigh(address cometProxy, uint64 newSlope)',
  'function setSupplyPerYearInterestRateBase(address cometProxy, uint64 newBase)',
  'function setBorrowKink(address cometProxy, uint64 newBorrowKink)',
  'function setBorrowPerYearInterestRateSlopeLow(address cometProxy, uint64 newSlope)',
  'function setBorrowPerYearInterestRateSlopeHigh(address cometProxy, uint64 newSlope)',
  'function setBorrowPerYearInterestRateBase(address cometProxy, uint64 newBase)',
]);

/** Compound v2 Comptroller setters (Comptroller.sol). */
export const comptrollerAbi = parseAbi([
  'function _setCollateralFactor(address cToken, uint256 newCollateralFactorMantissa) returns (uint256)',
  'function _setMarketBorrowCaps(address[] cTokens, uint256[] newBorrowCaps)',
]);

/**
 * L1 → L2 bridges the Timelock calls to govern Comets on other chains; the one `bytes` argument is
 * the L2 BridgeReceiver's proposal, abi.encode(address[] targets, uint256[] values, string[] signatures,
 * bytes[] calldatas) with Bravo-style signatures (compound-finance/comet contracts/bridges/BaseBridgeReceiver.sol).
 * As comet's migrations call them: OP-stack CrossDomainMessenger (Optimism, Base, Mantle, Unichain:
 * woof-software/comet deployments/unichain/usdc/migrations/1746137720_update_caps.ts), Polygon's FxRoot,
 * Arbitrum's Inbox (deployments/arbitrum/usdc/migrations/1735299626_update_comet_to_support_more_collaterals.ts),
 * Scroll's L1ScrollMessenger (deployments/scroll/usdc/migrations/1735299855_…) and Linea's MessageService
 * (deployments/linea/usdc/migrations/1736257010_configurate_and_ens.ts).
 */
export const bridgeAbi = parseAbi([
  'function sendMessage(address target, bytes message, uint32 minGasLimit)',
  'function sendMessageToChild(address receiver, bytes data)',
  'function createRetryableTicket(address to, uint256 l2CallValue, uint256 maxSubmissionCost, address excessFeeRefundAddress, address callValueRefundAddress, uint256 gasLimit, uint256 maxFeePerGas, bytes data) payable returns (uint256)',
  'function sendMessage(address to, uint256 value, bytes message, uint256 gasLimit)',
  'function sendMessage(address to, uint256 fee, bytes calldata)',
]);

export const bridgedProposalParameters = [
  { type: 'address[]', name: 'targets' },
  { type: 'uint256[]', name: 'values' },
  { type: 'string[]', name: 'signatures' },
  { type: 'bytes[]', name: 'calldatas' },
] as const;

/** Native ProposalState, same order on both governors (GovernorBravoInterfaces.sol, extensions/IGovernor.sol). */
export const PROPOSAL_STATES = ['Pending', 'Active', 'Canceled', 'Defeated', 'Succeeded', 'Queued', 'Expired', 'Executed'] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];
