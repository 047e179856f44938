import { type Abi, decodeAbiParameters, decodeFunctionData, formatUnits, type Hex, size, slice, toFunctionSelector } from 'viem';
import type { ParameterChange, ParameterName, ParameterUnit } from '../../domain/parameterChange.js';
import { bridgeAbi, bridgedProposalParameters, comptrollerAbi, configuratorAbi } from './abi.js';
import { COMET_CONFIGURATOR, COMPTROLLER, CTOKENS, type KnownToken, V2_MARKET } from './addresses.js';
import { tokenOn } from './tokens.js';
import { type CometChain, cometChainOf, cometMarketName, L1_BRIDGES } from './cometMarketNames.js';

/** One action of a proposal as the ProposalCreated event carries it. */
export interface ProposalAction {
  target: string;
  value: bigint;
  /** Bravo: a function signature, with `calldata` holding the arguments only; '' when calldata is whole. */
  signature: string;
  calldata: Hex;
}

/**
 * The calldata a target receives. Bravo's Timelock prepends keccak(signature)[0..4] when a signature
 * is given (Timelock.executeTransaction); comet's migrations and CompoundGovernor pass '' and put the
 * selector in the calldata themselves. Pure.
 */
export function fullCalldata({ signature, calldata }: Pick<ProposalAction, 'signature' | 'calldata'>): Hex {
  return signature === '' ? calldata : (`${toFunctionSelector(signature)}${calldata.slice(2)}` as Hex);
}

/**
 * The parameter changes of a proposal's actions, decoded with the real ABIs: Comet Configurator
 * setters (asset factors and caps, rate curve) and the Compound v2 Comptroller's collateral factors
 * and borrow caps, also inside L2 proposals sent through a bridge (abi.ts bridgeAbi), named by the chain
 * the bridge reaches (cometMarketNames.ts).
 * Other calls (transfers, upgrades) carry no parameter we simulate.
 * Factors are in bps (the simulator's unit for LTV and thresholds), rates per year as fractions,
 * caps in tokens. `from` is left out: the previous value needs a Configurator read at the proposal
 * block. Pure.
 */
export function decodeActions(actions: readonly ProposalAction[]): ParameterChange[] {
  return decodeLevel(actions, '', { bridged: false, chain: 'ethereum' });
}

/**
 * The parameter changes of calls made on an L2 itself (a market-admin timelock's queued calls),
 * read as inside a bridged proposal: by Configurator selector, the Comet named on `chain`. Pure.
 */
export function decodeL2Actions(actions: readonly ProposalAction[], chain: CometChain, prefix = ''): ParameterChange[] {
  return decodeLevel(actions, prefix, { bridged: true, chain });
}

/**
 * Where a level of actions runs: on Ethereum, or inside an L2 proposal carried by a bridge, on the
 * chain that bridge reaches (undefined for a bridge this build does not list).
 */
interface Level {
  bridged: boolean;
  chain: CometChain | undefined;
}

/**
 * One level of actions. Inside a bridged L2 proposal the Configurator has another address on each
 * chain, so there a call is read by its Configurator selector alone (those names are Comet's own).
 */
function decodeLevel(actions: readonly ProposalAction[], prefix: string, level: Level): ParameterChange[] {
  return actions.flatMap((action, index) => {
    const data = calldataOf(action);
    if (!data || size(data) < 4) return [];
    const target = action.target.toLowerCase();
    const where = `${prefix}action ${index + 1}`;
    if (level.bridged || target === COMET_CONFIGURATOR.toLowerCase()) {
      const changes = configuratorChanges(data, where, level.chain);
      if (changes.length > 0 || !level.bridged) return changes;
    }
    if (target === COMPTROLLER.toLowerCase()) return comptrollerChanges(data, where);
    const message = bridgedMessage(data);
    return message ? decodeLevel(message, `${where} (bridged) → `, { bridged: true, chain: L1_BRIDGES[target] }) : [];
  });
}

/** fullCalldata, or undefined for a signature text viem cannot parse (one odd action must not sink the read). */
function calldataOf(action: ProposalAction): Hex | undefined {
  try {
    return fullCalldata(action);
  } catch {
    return undefined;
  }
}

/** Each bridge function by selector, with the position of the one `bytes` argument that carries the message. */
const BRIDGE_MESSAGE_AT = new Map(
  bridgeAbi.map((fragment) => [toFunctionSelector(fragment), fragment.inputs.findIndex((input) => input.type === 'bytes')] as const),
);

/** The L2 proposal carried by a bridge call, when the call is one and its bytes are one. Pure. */
function bridgedMessage(data: Hex): ProposalAction[] | undefined {
  const call = decoded(bridgeAbi, data);
  const at = BRIDGE_MESSAGE_AT.get(slice(data, 0, 4));
  if (!call || at === undefined) return undefined;
  try {
    const [targets, values, signatures, calldatas] = decodeAbiParameters(bridgedProposalParameters, call.args[at] as Hex);
    return targets.map((target, index) => ({ target, value: values[index] ?? 0n, signature: signatures[index] ?? '', calldata: calldatas[index] ?? '0x' }));
  } catch {
    // A message to something other than a Compound BridgeReceiver.
    return undefined;
  }
}

const WAD_DECIMALS = 18;
/** 1e18-scaled fractions → bps: 1 bps = 1e14. */
const BPS_DECIMALS = 14;

const asNumber = (value: bigint, decimals: number): number => Number(formatUnits(value, decimals));

function decoded(abi: Abi, data: Hex): { functionName: string; args: readonly unknown[] } | undefined {
  try {
    const { functionName, args } = decodeFunctionData({ abi, data });
    return { functionName, args: args ?? [] };
  } catch {
    // A selector outside the fragments we know: not a parameter change we can read.
    return undefined;
  }
}

const evidenceOf = (contract: string, functionName: string, data: Hex, where: string): string =>
  `${contract}.${functionName} (${slice(data, 0, 4)}), ${where}`;

function configuratorChanges(data: Hex, where: string, chain: CometChain | undefined): ParameterChange[] {
  const call = decoded(configuratorAbi, data);
  if (!call) return [];
  const comet = String(call.args[0]).toLowerCase();
  const market = cometMarketName(comet, chain) ?? comet;
  const evidence = evidenceOf('Configurator', call.functionName, data, where);
  const change = (parameter: ParameterName, to: number, unit: ParameterUnit, asset?: string, side?: 'supply' | 'borrow'): ParameterChange => ({
    protocol: 'compound',
    market,
    ...(asset !== undefined && { asset }),
    ...(side && { side }),
    parameter,
    to,
    unit,
    evidence,
    verified: true,
  });

  if (call.functionName.startsWith('updateAsset')) {
    // Named only by a token its chain's Comets list at that address (the chain of the bridge, else of
    // the Comet where only one chain has it); otherwise carried as the address.
    const token: KnownToken | undefined = tokenOn(chain ?? cometChainOf(comet), String(call.args[1]));
    const asset = token?.symbol ?? String(call.args[1]);
    const value = call.args[2] as bigint;
    switch (call.functionName) {
      case 'updateAssetSupplyCap':
        // Caps are in the asset's own units; without its decimals the number would mislead.
        return token ? [change('supplyCap', asNumber(value, token.decimals), 'tokens', asset)] : [];
      case 'updateAssetBorrowCollateralFactor':
        return [change('ltv', asNumber(value, BPS_DECIMALS), 'bps', asset)];
      case 'updateAssetLiquidateCollateralFactor':
        return [change('liquidationThreshold', asNumber(value, BPS_DECIMALS), 'bps', asset)];
      case 'updateAssetLiquidationFactor':
        // Comet credits the absorbed account `liquidationFactor` of its collateral's value: the
        // penalty on all of that collateral is 1 − factor (Comet.sol absorbInternal), carried as
        // the liquidation bonus and told in Comet's terms by cometAbsorbCalculator.ts.
        return [change('liquidationBonus', asNumber(10n ** 18n - value, BPS_DECIMALS), 'bps', asset)];
      default:
        return [];
    }
  }
  const curve = RATE_CURVE[call.functionName];
  if (!curve) return [];
  // The kink is a utilization and the others yearly rates, all 1e18-scaled: each a fraction here.
  return [change(curve.parameter, asNumber(call.args[1] as bigint, WAD_DECIMALS), 'fraction', undefined, curve.side)];
}

/**
 * Comet's two rate curves, each change carrying which curve it moves: Comet's supply rate has a
 * curve of its own, not derived from the borrow rate (CometConfiguration.sol; Comet.sol
 * getSupplyRate, getBorrowRate). Its own kinds (parameters.ts), not the shared optimalUsage and
 * slopes: its slopes are per unit of utilization, which the lending pools' curve is not.
 */
const RATE_CURVE: Readonly<Record<string, { parameter: ParameterName; side: 'supply' | 'borrow' }>> = {
  setSupplyKink: { parameter: 'kink', side: 'supply' },
  setSupplyPerYearInterestRateBase: { parameter: 'interestRateBase', side: 'supply' },
  setSupplyPerYearInterestRateSlopeLow: { parameter: 'interestRateSlopeLow', side: 'supply' },
  setSupplyPerYearInterestRateSlopeHigh: { parameter: 'interestRateSlopeHigh', side: 'supply' },
  setBorrowKink: { parameter: 'kink', side: 'borrow' },
  setBorrowPerYearInterestRateBase: { parameter: 'interestRateBase', side: 'borrow' },
  setBorrowPerYearInterestRateSlopeLow: { parameter: 'interestRateSlopeLow', side: 'borrow' },
  setBorrowPerYearInterestRateSlopeHigh: { parameter: 'interestRateSlopeHigh', side: 'borrow' },
};

function comptrollerChanges(data: Hex, where: string): ParameterChange[] {
  const call = decoded(comptrollerAbi, data);
  if (!call) return [];
  const evidence = evidenceOf('Comptroller', call.functionName, data, where);
  const base = { protocol: 'compound', market: V2_MARKET, evidence, verified: true } as const;
  if (call.functionName === '_setCollateralFactor') {
    const cToken = String(call.args[0]).toLowerCase();
    const asset = CTOKENS[cToken]?.symbol ?? cToken;
    const to = asNumber(call.args[1] as bigint, BPS_DECIMALS);
    // In v2 one collateral factor is both the borrow limit and the liquidation line.
    return [
      { ...base, asset, parameter: 'liquidationThreshold', to, unit: 'bps' },
      { ...base, asset, parameter: 'ltv', to, unit: 'bps' },
    ];
  }
  if (call.functionName === '_setMarketBorrowCaps') {
    const [cTokens, caps] = call.args as [readonly string[], readonly bigint[]];
    return cTokens.flatMap((cToken, index) => {
      const underlying = CTOKENS[cToken.toLowerCase()];
      if (!underlying) return [];
      return [{ ...base, asset: underlying.symbol, parameter: 'borrowCap' as const, to: asNumber(caps[index]!, underlying.decimals), unit: 'tokens' as const }];
    });
  }
  return [];
}
