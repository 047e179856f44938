import { decodeFunctionData, encodeAbiParameters, encodeFunctionData, type Hex, slice } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import { bridgeAbi, bridgedProposalParameters } from '../../../shared/modules/compound/abi.js';
import { type CompoundPlan, cometAssetAbi, currentValuePlans } from '../../../shared/modules/compound/currentValues.js';
import { decodeActions } from '../../../shared/modules/compound/decodeActions.js';
import { TOKENS, tokenAddressesOn } from '../../../shared/modules/compound/tokens.js';
import { readAddressSnapshot } from '../../fixtures/addresses/addressSnapshot.js';
import { loadCometConfigurations } from '../../fixtures/raw/compound/cometAssetInfo.js';

/*
 * Issue #22 part 2: each Comet token address carries its chain (tokens.ts), so a change's asset is
 * asked only at its own chain's address. The chains come from compound-finance/comet @d5a30b0:
 * every deployments/<chain>/<market>/configuration.json's assets and base token (transcribed in
 * test/fixtures/raw/compound/comet-configurations-d5a30b0.json), and the address snapshot's
 * migration-only entries (rETH and weETH on Ethereum).
 */
const change = (market: string, asset: string, parameter = 'ltv'): ParameterChange => ({ protocol: 'compound', market, asset, parameter, to: 0, unit: 'bps', evidence: 'test', verified: true });

/** The addresses a plan asks getAssetInfoByAddress of, and on which upstreams. */
function asked(plan: CompoundPlan): { upstreams: string[]; addresses: string[] } {
  if (!('reads' in plan)) return { upstreams: [], addresses: [] };
  const reads = plan.reads.flatMap((read) => ('plan' in read && 'calls' in read.plan ? [{ upstream: read.upstream, calls: read.plan.calls }] : []));
  return {
    upstreams: [...new Set(reads.map((read) => read.upstream))],
    addresses: reads.flatMap((read) => read.calls.map((call) => String(decodeFunctionData({ abi: cometAssetAbi, data: call.callData }).args[0]).toLowerCase())),
  };
}

describe('a Comet change’s asset is asked only at its own chain’s address', () => {
  it('asks WETH, listed at seven addresses on nine chains, once: at the address of the Comet’s chain', () => {
    expect(Object.values(TOKENS).filter((token) => token.symbol === 'WETH')).toHaveLength(7);
    const [optimism, arbitrum, ethereum, unichain] = currentValuePlans([change('comet-usdc-optimism', 'WETH'), change('comet-usdc-arbitrum', 'WETH'), change('comet-usdc', 'WETH'), change('comet-weth-unichain', 'wstETH')]);
    expect(asked(optimism!)).toEqual({ upstreams: ['optimism'], addresses: ['0x4200000000000000000000000000000000000006'] });
    expect(asked(arbitrum!)).toEqual({ upstreams: ['arbitrum'], addresses: ['0x82af49447d8a07e3bd95bd0d56f35241523fbab1'] });
    expect(asked(ethereum!)).toEqual({ upstreams: ['ethereum'], addresses: ['0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'] });
    expect(asked(unichain!)).toEqual({ upstreams: ['unichain'], addresses: ['0xc02fe7317d4eb8753a02c35fe019786854a92001'] });
  });

  it('asks nothing for a symbol no Comet on that chain lists, and says its address there is not known', () => {
    // OP is Optimism's (0x4200…0042); asked on Arbitrum it would be another contract, or none.
    expect(currentValuePlans([change('comet-usdc-arbitrum', 'OP')])).toEqual([{ notRead: 'its asset’s address is not known here' }]);
  });

  it('asks an asset carried as its address at that address alone', () => {
    expect(asked(currentValuePlans([change('comet-usdc-arbitrum', '0xfc5a1a6eb076a2c7ad06ed22c90d7e710e35ad0a')])[0]!).addresses).toEqual(['0xfc5a1a6eb076a2c7ad06ed22c90d7e710e35ad0a']);
  });
});

describe('the token table’s chains (shared/modules/compound/tokens.ts)', () => {
  it('gives every address the chains whose published configurations list it, and no other', () => {
    const listed: Record<string, Set<string>> = {};
    for (const deployment of Object.values(loadCometConfigurations().deployments)) {
      for (const address of [...deployment.assets.map((asset) => asset.address), ...(deployment.baseTokenAddress ? [deployment.baseTokenAddress] : [])]) {
        (listed[address.toLowerCase()] ??= new Set()).add(deployment.chain);
      }
    }
    // Listed by governance after the configurations: the snapshot names their chain (supply-cap migrations).
    for (const [name, entry] of Object.entries(readAddressSnapshot('compound').entries)) {
      if (name.startsWith('token:') && !listed[entry.address.toLowerCase()]) (listed[entry.address.toLowerCase()] ??= new Set()).add(name.split(':')[1]!);
    }
    expect(Object.fromEntries(Object.entries(TOKENS).map(([address, token]) => [address, [...token.chains].sort()]))).toEqual(
      Object.fromEntries(Object.keys(TOKENS).map((address) => [address, [...(listed[address] ?? [])].sort()])),
    );
    // The three addresses shared by chains, as the configurations list them.
    expect(Object.entries(TOKENS).filter(([, token]) => token.chains.length > 1).map(([address, token]) => [address, token.symbol, token.chains])).toEqual([
      ['0xcbb7c0000ab88b473b1f5afd9ef808440eed33bf', 'cbBTC', ['ethereum', 'base']],
      ['0x4200000000000000000000000000000000000006', 'WETH', ['base', 'optimism', 'unichain']],
      ['0x2416092f143378750bb29b79ed961ab195cceea5', 'ezETH', ['linea', 'unichain']],
    ]);
  });

  it('finds a symbol’s address per chain, in any case', () => {
    expect(tokenAddressesOn('base', 'weth')).toEqual(['0x4200000000000000000000000000000000000006']);
    expect(tokenAddressesOn('polygon', 'OP')).toEqual([]);
  });
});

describe('a bridged Configurator call names its asset by the token of its own chain', () => {
  const action = (target: string, signature: string, calldata: Hex) => ({ target, value: 0n, signature, calldata });
  /** An OP-stack bridge call carrying one updateAssetBorrowCollateralFactor to Unichain's USDC Comet, through `bridge` (by default one this build does not know: the Comet alone names the chain). */
  const bridged = (asset: string, bridge = '0x0000000000000000000000000000000000000bbb') => {
    const comet = '0x2c7118c4C88B9841FCF839074c26Ae8f035f2921';
    const configurator = '0x8df378453Ff9dEFFa513367CDF9b3B53726303e9';
    const l2Proposal = encodeAbiParameters(bridgedProposalParameters, [
      [configurator],
      [0n],
      ['updateAssetBorrowCollateralFactor(address,address,uint64)'],
      [encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint64' }], [comet, asset as Hex, 7n * 10n ** 17n])],
    ]);
    const send = encodeFunctionData({ abi: bridgeAbi, functionName: 'sendMessage', args: ['0x0000000000000000000000000000000000000b1d', l2Proposal, 3_000_000] });
    return decodeActions([action(bridge, 'sendMessage(address,bytes,uint32)', slice(send, 4))]);
  };

  it('names Unichain’s WBTC, and carries Ethereum’s WBTC address as an address there', () => {
    expect(bridged('0x927b51f251480a681271180da4de28d44ec4afb8').map((one) => [one.market, one.asset, one.to])).toEqual([['comet-usdc-unichain', 'WBTC', 7000]]);
    expect(bridged('0x2260fac5e5542a773aa44fbcfedf7c193bc2c599').map((one) => [one.market, one.asset?.toLowerCase(), one.to])).toEqual([['comet-usdc-unichain', '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599', 7000]]);
    // The same through Unichain's L1 messenger (comet deployments/mainnet/usdc/roots.json unichainL1CrossDomainMessenger).
    expect(bridged('0x2260fac5e5542a773aa44fbcfedf7c193bc2c599', '0x9A3D64E386C18Cb1d6d5179a9596A4B5736e98A6').map((one) => one.asset?.toLowerCase())).toEqual(['0x2260fac5e5542a773aa44fbcfedf7c193bc2c599']);
    expect(bridged('0x927b51f251480a681271180da4de28d44ec4afb8', '0x9A3D64E386C18Cb1d6d5179a9596A4B5736e98A6').map((one) => one.asset)).toEqual(['WBTC']);
  });
});
