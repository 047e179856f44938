import { type Address, decodeFunctionResult, encodeFunctionData, formatUnits, type Hex, stringToHex } from 'viem';
import { mainnet } from 'viem/chains';
import type { ChainReading } from '../../domain/chainReading.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { type CurrentValuePlan, readCurrentValuePlans } from '../../readers/currentValuePlans.js';
import { inUnitOf } from '../../simulate/changeValues.js';
import type { EvmResult } from '../../upstream/clients/evmCall.js';
import type { ComponentContext, CurrentValueReader } from '../types.js';
import { SKY_ETHEREUM } from './exposure/deployment.js';
import { potAbi, savingsVaultAbi } from './exposure/exposureAbi.js';
import { jugAbi, spotAbi, vatAbi } from './exposure/vaultAbi.js';
import { SKY_VAULTS } from './exposure/vaultDeployment.js';
import { yearlyRateOfRay } from './rates.js';
import { pauseAbi } from './spells/governanceAbi.js';
import { SKY_GOVERNANCE } from './spells/deployment.js';

/**
 * DssAutoLine (the debt ceiling instant access module, chainlog MCD_IAM_AUTO_LINE), which raises an
 * ilk's Vat line by `gap` up to its own `line`: `ilks(ilk)` → (line, gap, ttl, last, lastInc), as
 * makerdao/dss-interfaces src/dss/DssAutoLineAbstract.sol declares it (makerdao/dss-auto-line
 * src/DssAutoLine.sol `struct Ilk`). Address as sparkdotfi/spark-spells' tests name it (AUTO_LINE),
 * the contract the chainlog's MCD_IAM_AUTO_LINE has pointed to since 2020.
 */
export const SKY_AUTO_LINE: Address = '0xC7Bdd1F2B16447dcf3dE045C4a039A60EC2f0ba3';
export const autoLineAbi = [
  {
    type: 'function',
    name: 'ilks',
    stateMutability: 'view',
    inputs: [{ name: 'ilk', type: 'bytes32' }],
    outputs: [
      { name: 'line', type: 'uint256' },
      { name: 'gap', type: 'uint256' },
      { name: 'ttl', type: 'uint48' },
      { name: 'last', type: 'uint48' },
      { name: 'lastInc', type: 'uint48' },
    ],
  },
] as const;

/** A vault type as the Vat keys it: its name, left-aligned in 32 bytes (`"ETH-A"`). */
const ilkKey = (ilk: string): Hex => stringToHex(ilk, { size: 32 });
/** An ilk's name as the changes give it (`ETH-A`, `LSEV2-SKY-A`): capitals, digits and dashes. */
const ILK = /^[A-Z0-9]+(-[A-Z0-9]+)+$/;

/** DAI and USDS amounts in the Vat are rads (45 decimals); changes state whole tokens. */
const tokensOfRad = (rad: bigint): number => Number(formatUnits(rad, 45));
/** A per-second ray as the yearly rate it compounds to, in the change's unit (bps or a fraction). */
const rateInUnit = (change: ParameterChange, perSecond: bigint): ChainReading => {
  const value = inUnitOf(change, { fraction: yearlyRateOfRay(perSecond) });
  return value === undefined ? { notRead: 'the change’s unit is not a rate’s' } : { value };
};

const call = (target: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[] = []) =>
  ({ target, callData: encodeFunctionData({ abi: abi as never, functionName, args } as never) }) as const;
const decode = <T>(abi: readonly unknown[], functionName: string, result: EvmResult): T => decodeFunctionResult({ abi: abi as never, functionName, data: result.returnData } as never) as T;

/** How one change is read: the DSS view that holds its value, or why not. Pure. */
function skyPlan(change: ParameterChange): CurrentValuePlan {
  switch (change.parameter) {
    case 'gsmDelay':
      return { calls: [call(SKY_GOVERNANCE.pause, pauseAbi, 'delay')], value: ([delay]) => ({ value: Number(decode<bigint>(pauseAbi, 'delay', delay!)) }) };
    case 'ssr':
      // SUsds.ssr: the per-second ray sUSDS accrues (sky-ecosystem/sdai src/SUsds.sol).
      return { calls: [call(SKY_ETHEREUM.sUsds, savingsVaultAbi, 'ssr')], value: ([ssr]) => rateInUnit(change, decode<bigint>(savingsVaultAbi, 'ssr', ssr!)) };
    case 'dsr':
      // Pot.dsr (dss src/pot.sol): the per-second ray DAI in the Pot, and so sDAI, accrues.
      return { calls: [call(SKY_ETHEREUM.pot, potAbi, 'dsr')], value: ([dsr]) => rateInUnit(change, decode<bigint>(potAbi, 'dsr', dsr!)) };
    case 'listing':
      return { notRead: 'a listing replaces no value: before it, the vault type is not listed' };
  }
  const ilk = change.market;
  if (!ilk || !ILK.test(ilk)) return { notRead: ilk ? 'this parameter is not read on chain yet' : 'it names no vault type' };
  switch (change.parameter) {
    case 'stabilityFee':
      // Jug.drip compounds base + duty (dss src/jug.sol); base is 0 on mainnet today, and read all the same.
      return {
        calls: [call(SKY_VAULTS.jug, jugAbi, 'ilks', [ilkKey(ilk)]), call(SKY_VAULTS.jug, jugAbi, 'base')],
        value: ([ilks, base]) => {
          const [duty] = decode<readonly [bigint, bigint]>(jugAbi, 'ilks', ilks!);
          // Jug.init sets duty to one ray: 0 means the Jug never initialised the ilk.
          if (duty === 0n) return { notRead: 'the Jug holds no stability fee for this vault type' };
          return rateInUnit(change, duty + decode<bigint>(jugAbi, 'base', base!));
        },
      };
    case 'mat':
      // Spotter.ilks(ilk).mat (dss src/spot.sol): the liquidation ratio, a ray (1.45e27 for 145 %).
      return {
        calls: [call(SKY_VAULTS.spot, spotAbi, 'ilks', [ilkKey(ilk)])],
        value: ([ilks]) => {
          const [, mat] = decode<readonly [Address, bigint]>(spotAbi, 'ilks', ilks!);
          if (mat === 0n) return { notRead: 'the Spotter holds no liquidation ratio for this vault type' };
          const value = inUnitOf(change, { fraction: Number(formatUnits(mat, 27)) });
          return value === undefined ? { notRead: 'the change’s unit is not a ratio’s' } : { value };
        },
      };
    case 'debtCeiling':
    case 'autoLineGap':
      return {
        calls: [call(SKY_VAULTS.vat, vatAbi, 'ilks', [ilkKey(ilk)]), call(SKY_AUTO_LINE, autoLineAbi, 'ilks', [ilkKey(ilk)])],
        value: ([vat, autoLine]) => {
          const [, rate, , vatLine] = decode<readonly bigint[]>(vatAbi, 'ilks', vat!);
          // Vat.init sets rate to one ray: 0 means the Vat does not know the ilk.
          if (rate === 0n) return { notRead: 'the Vat knows no such vault type' };
          const [autoLineMax, gap] = decode<readonly bigint[]>(autoLineAbi, 'ilks', autoLine!);
          if (change.parameter === 'autoLineGap') return autoLineMax === 0n ? { notRead: 'the vault type’s ceiling does not follow the autoline' } : { value: tokensOfRad(gap!) };
          // As the spell's changes state a ceiling: the autoline's maximum where the line follows it, the Vat's line where not (spells/spellChanges.ts ceilingOf).
          return { value: tokensOfRad(autoLineMax! > 0n ? autoLineMax! : vatLine!) };
        },
      };
    default:
      return { notRead: 'this parameter is not read on chain yet' };
  }
}

/** How each change is read on Ethereum. Pure. */
export const skyPlans = (changes: readonly ParameterChange[]): CurrentValuePlan[] => changes.map(skyPlan);

/**
 * Sky's current values: every readable change of the feed's open spells in one aggregated read on
 * Ethereum (the Pot, sUSDS, the Jug, the Spotter, the Vat, the autoline and the DSPause), each in
 * its change's unit (rates as the yearly rate their per-second ray compounds to, `mat` as a ratio,
 * ceilings in whole DAI/USDS, the GSM delay in seconds).
 */
export const skyCurrentValues = (): CurrentValueReader => ({
  readCurrentValues: (changes: readonly ParameterChange[], context: ComponentContext): Promise<ChainReading[]> =>
    readCurrentValuePlans(context.upstreams.ethereum, mainnet, skyPlans(changes), context.signal),
});

