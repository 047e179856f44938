import { encodeAbiParameters, encodeFunctionData, type Hex, slice, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { bridgeAbi, bridgedProposalParameters } from '../../../shared/modules/compound/abi.js';
import { cometMarketName } from '../../../shared/modules/compound/cometMarketNames.js';
import { decodeActions } from '../../../shared/modules/compound/decodeActions.js';

/*
 * Bridged proposals encoded exactly as compound-finance/comet's migrations build them
 * (deployments/<chain>/<market>/migrations/*.ts at d5a30b0): an L2 proposal
 * abi.encode(targets, values, signatures, calldatas) with Bravo-style signatures and argument-only
 * calldata, handed to the chain's L1 bridge. Addresses from deployments/<chain>/<market>/roots.json
 * and deployments/mainnet/usdc/roots.json; the values are made up. No bridged proposal is in the
 * recordings (compound-bravo-139-141 predates them).
 */

const L1 = {
  arbitrumInbox: '0x4Dbd4fc535Ac27206064B68FfCf827b0A60BAB3f',
  baseMessenger: '0x866E82a600A1414e583f7F13623F1aC5d58b0Afa',
  scrollMessenger: '0x6774Bcbd5ceCeF1336b5300fb5186a12DDD8b367',
  lineaMessageService: '0xd19d4B5d358258f05D7B411E21A1460D11B0876F',
} as const;
/** Arbitrum's cUSDCv3 and Base's cUSDbCv3: one address on two chains. */
const SHARED_COMET = '0x9c4ec768c28520B50860ea7a15bd7213a9fF58bf';
const SCROLL_USDC_COMET = '0xB2f97c1Bd3bf02f5e74d13f02E3e26F93D77CE44';
const LINEA_WETH_COMET = '0x60F2058379716A64a7A5d29219397e79bC552194';
const CONFIGURATOR = '0x0000000000000000000000000000000000000c0f';
const RECEIVER = '0x0000000000000000000000000000000000000b1d';

const action = (target: string, signature: string, calldata: Hex) => ({ target, value: 0n, signature, calldata });

/** An L2 proposal of one Configurator.setBorrowKink(comet, kink), Bravo style. */
function borrowKinkProposal(comet: string, kink: bigint): Hex {
  const args = encodeAbiParameters([{ type: 'address' }, { type: 'uint64' }], [comet as Hex, kink]);
  return encodeAbiParameters(bridgedProposalParameters, [[CONFIGURATOR], [0n], ['setBorrowKink(address,uint64)'], [args]]);
}

/** The Timelock's call as a Bravo action: the signature, and the arguments without a selector. */
const bravoAction = (target: string, signature: string, whole: Hex) => action(target, signature, slice(whole, 4));

describe('a bridged Comet change names its market by the chain its bridge reaches', () => {
  it('reads an Arbitrum Inbox createRetryableTicket and names Arbitrum’s USDC Comet', () => {
    const data = encodeFunctionData({
      abi: bridgeAbi,
      functionName: 'createRetryableTicket',
      args: [RECEIVER, 0n, 10n ** 15n, RECEIVER, RECEIVER, 1_000_000n, 10n ** 9n, borrowKinkProposal(SHARED_COMET, 900_000_000_000_000_000n)],
    });
    const signature = 'createRetryableTicket(address,uint256,uint256,address,address,uint256,uint256,bytes)';
    const [change] = decodeActions([bravoAction(L1.arbitrumInbox, signature, data)]);
    expect(change).toMatchObject({ market: 'comet-usdc-arbitrum', parameter: 'kink', side: 'borrow', to: 0.9, unit: 'fraction', verified: true });
    expect(change!.evidence).toBe(`Configurator.setBorrowKink (${toFunctionSelector('setBorrowKink(address,uint64)')}), action 1 (bridged) → action 1`);
  });

  it('names the same address Base’s USDbC Comet when the message goes through Base’s messenger', () => {
    const data = encodeFunctionData({ abi: bridgeAbi, functionName: 'sendMessage', args: [RECEIVER, borrowKinkProposal(SHARED_COMET, 800_000_000_000_000_000n), 1_000_000] });
    expect(decodeActions([action(L1.baseMessenger, '', data)]).map((change) => change.market)).toEqual(['comet-usdbc-base']);
  });

  it('reads Scroll’s four-argument sendMessage', () => {
    const data = encodeFunctionData({
      abi: bridgeAbi,
      functionName: 'sendMessage',
      args: [RECEIVER, 0n, borrowKinkProposal(SCROLL_USDC_COMET, 850_000_000_000_000_000n), 1_000_000n],
    });
    expect(decodeActions([bravoAction(L1.scrollMessenger, 'sendMessage(address,uint256,bytes,uint256)', data)]).map((change) => change.market)).toEqual(['comet-usdc-scroll']);
  });

  it('reads Linea’s three-argument sendMessage', () => {
    const data = encodeFunctionData({ abi: bridgeAbi, functionName: 'sendMessage', args: [RECEIVER, 0n, borrowKinkProposal(LINEA_WETH_COMET, 850_000_000_000_000_000n)] });
    expect(decodeActions([bravoAction(L1.lineaMessageService, 'sendMessage(address,uint256,bytes)', data)]).map((change) => change.market)).toEqual(['comet-weth-linea']);
  });

  it('keeps the raw address when the bridge is unknown and two chains share that address', () => {
    const data = encodeFunctionData({ abi: bridgeAbi, functionName: 'sendMessage', args: [RECEIVER, borrowKinkProposal(SHARED_COMET, 800_000_000_000_000_000n), 1_000_000] });
    const unknownBridge = '0x0000000000000000000000000000000000000bbb';
    expect(decodeActions([action(unknownBridge, '', data)]).map((change) => change.market)).toEqual([SHARED_COMET.toLowerCase()]);
  });
});

describe('cometMarketName', () => {
  it('names an Ethereum Comet the exposure does not read, so its changes still say which market', () => {
    expect(cometMarketName('0x3Afdc9BCA9213A35503b077a6072F3D0d5AB0840', 'ethereum')).toBe('comet-usdt');
  });

  it('names a proxy one chain alone has without being told the chain', () => {
    expect(cometMarketName('0x46e6b214b524310239732D51387075E0e70970bf', undefined)).toBe('comet-weth-base');
  });

  it('does not name a proxy on a chain that lacks it', () => {
    expect(cometMarketName('0x46e6b214b524310239732D51387075E0e70970bf', 'arbitrum')).toBeUndefined();
  });
});
