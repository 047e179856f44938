import { formatUnits } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition, LendingAccount } from '../../../domain/position.js';
import { aprToApy } from '../../../domain/rates.js';
import { ETHEREUM, type MorphoChain, tokenOf, vaultMarket } from '../deployment.js';
import { marketLabel, symbolOf } from '../marketLabel.js';
import { yearlyRate } from './adaptiveCurve.js';
import { collateralInLoan, healthFactor, toAssetsDown, toAssetsUp } from './blueMath.js';
import type { BluePositionRead, MorphoAccountRead, VaultHoldingRead } from './readMorphoAccount.js';

const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const round2 = (value: number): number => Math.round(value * 100) / 100;
const valued = (amount: string, usd: number | undefined): number | undefined => (usd === undefined ? undefined : round2(Number(amount) * usd));

/** The simulator's market of a Blue market: its chain and id name it exactly. */
export const blueMarket = (read: Pick<BluePositionRead, 'id'>, chain: Pick<MorphoChain, 'name'> = { name: 'ethereum' }): string => `morpho-blue-${chain.name}-${read.id.toLowerCase()}`;

/** A Blue row's id: the market's label, with the chain in front off Ethereum (the Ethereum ids came first and stay). */
const blueRowId = (chain: MorphoChain, label: string): string => `morpho-blue-${chain.name === 'ethereum' ? '' : `${chain.name}-`}${label}`;

/**
 * A vault holding: its shares' worth in the vault's asset, valued at the asset's USD feed, with the
 * vault's market (where its curator's changes meet it), its fee as the share of interest kept
 * (rewardFee: what a fee change moves) and, where every read behind it answered, its net rate: the
 * yearly `apr` the simulator prices a fee change with, and the compounded `apy` shown. Pure.
 */
export function vaultPosition(read: VaultHoldingRead, wallet: Wallet, usd: Record<string, number>, chain: MorphoChain): ExposurePosition {
  const token = tokenOf(chain, read.vault.asset)!;
  const amount = formatUnits(read.assets, token.decimals);
  const valueUsd = valued(amount, usd[token.symbol]);
  const apr = read.rate === undefined ? undefined : yearlyRate(read.rate);
  return {
    position: { id: `metamorpho-${chain.name}-${slug(read.vault.name)}`, protocol: 'morpho', chain: chain.name, market: vaultMarket(chain.name, read.vault.address), holding: 'vault', name: read.vault.name, asset: token.symbol, amount, user_address: wallet.address, ...(valueUsd !== undefined && { valueUsd }), ...(apr !== undefined && { apy: aprToApy(apr) }) },
    inputs: { market: vaultMarket(chain.name, read.vault.address), role: 'supply', ...(valueUsd !== undefined && { valueUsd }), rewardFee: Number(formatUnits(read.fee, 18)), ...(apr !== undefined && { apr }) },
  };
}

/**
 * A Blue borrower's account: its one collateral at the market's LLTV (Blue has one LLTV, used as
 * both the liquidation threshold and the borrowing limit), its debt, and the health factor as
 * Morpho._isHealthy computes it. Values in USD through the loan token's feed; the oracle's price
 * puts the collateral in loan units. Undefined without an oracle price or a USD price. Pure.
 */
export function blueAccount(read: BluePositionRead, usd: Record<string, number>, chain: MorphoChain = ETHEREUM): LendingAccount | undefined {
  const loan = tokenOf(chain, read.params.loanToken);
  const loanUsd = loan ? usd[loan.symbol] : undefined;
  if (read.price === undefined || loan === undefined || loanUsd === undefined || read.collateral === 0n) return undefined;
  const borrowed = toAssetsUp(read.borrowShares, read.totalBorrowAssets, read.totalBorrowShares);
  const lltvBps = Number((read.params.lltv * 10_000n) / 10n ** 18n);
  const collateralUsd = round2(Number(formatUnits(collateralInLoan(read.collateral, read.price), loan.decimals)) * loanUsd);
  const hf = healthFactor(read.collateral, read.price, read.params.lltv, borrowed);
  return {
    market: blueMarket(read, chain),
    ...(hf !== undefined && { healthFactor: hf }),
    debtUsd: round2(Number(formatUnits(borrowed, loan.decimals)) * loanUsd),
    collateral: [{ asset: symbolOf(chain, read.params.collateralToken), valueUsd: collateralUsd, liquidationThreshold: lltvBps, ltv: lltvBps }],
  };
}

/** A wallet's rows in one Blue market: what it supplies, what it owes, its collateral (which earns nothing). Pure. */
export function bluePositions(read: BluePositionRead, wallet: Wallet, usd: Record<string, number>, chain: MorphoChain = ETHEREUM): ExposurePosition[] {
  const loan = tokenOf(chain, read.params.loanToken) ?? { symbol: symbolOf(chain, read.params.loanToken), decimals: 18 };
  const collateralToken = tokenOf(chain, read.params.collateralToken) ?? { symbol: symbolOf(chain, read.params.collateralToken), decimals: 18 };
  const market = blueMarket(read, chain);
  const label = blueRowId(chain, slug(marketLabel(chain, read.params)));
  const account = blueAccount(read, usd, chain);
  const where = { chain: chain.name, market, name: marketLabel(chain, read.params) };
  const base = { protocol: 'morpho', user_address: wallet.address, ...where, ...(account?.healthFactor !== undefined && { healthFactor: account.healthFactor }) };
  const rows: ExposurePosition[] = [];
  if (read.supplyShares > 0n) {
    const amount = formatUnits(toAssetsDown(read.supplyShares, read.totalSupplyAssets, read.totalSupplyShares), loan.decimals);
    const valueUsd = valued(amount, usd[loan.symbol]);
    rows.push({
      position: { id: `${label}-supply`, protocol: 'morpho', user_address: wallet.address, ...where, holding: 'supplied', asset: loan.symbol, amount, ...(valueUsd !== undefined && { valueUsd }) },
      inputs: { market, role: 'supply', ...(valueUsd !== undefined && { valueUsd }) },
    });
  }
  if (read.borrowShares > 0n) {
    const amount = formatUnits(toAssetsUp(read.borrowShares, read.totalBorrowAssets, read.totalBorrowShares), loan.decimals);
    const valueUsd = valued(amount, usd[loan.symbol]);
    rows.push({
      position: { ...base, id: `${label}-borrow`, holding: 'borrowed', asset: loan.symbol, amount, debt: amount, ...(valueUsd !== undefined && { valueUsd }) },
      inputs: { market, role: 'borrow', ...(valueUsd !== undefined && { valueUsd }), ...(account && { account }) },
    });
  }
  if (read.collateral > 0n) {
    const amount = formatUnits(read.collateral, collateralToken.decimals);
    const valueUsd = account?.collateral[0]?.valueUsd;
    rows.push({
      position: { ...base, id: `${label}-collateral`, holding: 'supplied', asset: collateralToken.symbol, amount, collateral: amount, apy: 0, ...(valueUsd !== undefined && { valueUsd }) },
      inputs: { market, role: 'supply', apr: 0, ...(valueUsd !== undefined && { valueUsd }), ...(account && { account }) },
    });
  }
  return rows;
}

/** Every Morpho position of one chain's read: vault shares first, then Blue markets. Pure. */
export function positionsFromMorpho(read: MorphoAccountRead, wallet: Wallet): ExposurePosition[] {
  const { chain, usd } = read;
  return [...read.vaults.map((entry) => vaultPosition(entry, wallet, usd, chain)), ...read.blue.flatMap((entry) => bluePositions(entry, wallet, usd, chain))];
}
