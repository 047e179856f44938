import { encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import { aaveCurrentValues } from '../../../shared/modules/aave/currentValues.js';
import { compoundCurrentValues } from '../../../shared/modules/compound/currentValues.js';
import { lidoCurrentValues } from '../../../shared/modules/lido/currentValues.js';
import type { CurrentValueReader } from '../../../shared/modules/types.js';
import { ethereumReader } from '../../../shared/upstream/clients/ethereumReader.js';
import { createUpstreams, type Upstreams } from '../../../shared/upstream/upstreams.js';
import { type Exchange, fakeEvmNode } from '../../support/fakeEvmNode.js';

/*
 * Why Aave's and Compound's current-value readers send an aggregate3 of their own: a recorded feed
 * build must ask the same at every run. Read through the shared round reader, whose window joins the
 * calls of every module reading the same chain within 10 ms, the request a recording had to hold
 * depended on which other module happened to read then. Here each reader reads alone, then while
 * another module reads Ethereum through the shared round reader and a third through its own
 * current-value reader; its request must be the same, byte for byte. The node answers every call
 * with eight words of zeros (SYNTHETIC: only the requests are checked).
 */

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const change = (fields: Partial<ParameterChange>): ParameterChange => ({ protocol: 'aave', parameter: 'ltv', to: 0, unit: 'bps', evidence: 'test', verified: true, ...fields });

const READERS: [string, CurrentValueReader, ParameterChange[]][] = [
  [
    'Aave',
    aaveCurrentValues(),
    [
      change({ market: 'aave-v3-ethereum', asset: 'WETH', parameter: 'liquidationThreshold' }),
      change({ market: 'aave-v3-ethereum-lido', asset: 'wstETH', parameter: 'supplyCap', unit: 'tokens' }),
      change({ market: 'aave-v3-ethereum', asset: 'USDC', parameter: 'borrowCap', unit: 'tokens' }),
    ],
  ],
  [
    'Compound',
    compoundCurrentValues(),
    [
      change({ protocol: 'compound', market: 'compound-v2', asset: 'BAT', parameter: 'ltv' }),
      change({ protocol: 'compound', market: 'compound-v2', asset: 'LINK', parameter: 'borrowCap', unit: 'tokens' }),
      change({ protocol: 'compound', market: 'comet-usdc', asset: 'UNI', parameter: 'supplyCap', unit: 'tokens' }),
    ],
  ],
];

/** A third module's current values on Ethereum at the same moment (Lido's staking-module fee). */
const LIDO_CHANGE = change({ protocol: 'lido', market: 'staking module 1', parameter: 'moduleFee', unit: 'bps' });

/** A node answering every inner call with eight zero words, and the eth_calls it was asked. */
function node() {
  const fake = fakeEvmNode([], { chainId: '0x1', answerRaw: () => ({ success: true, returnData: `0x${'00'.repeat(256)}` as Hex }) });
  const upstreams: Upstreams = createUpstreams({ env: {}, fetch: fake.fetch });
  const calls = (): Exchange['request'][] => fake.exchanges.filter((exchange) => exchange.request.method === 'eth_call').map((exchange) => exchange.request);
  return { upstreams, calls };
}

const context = (upstreams: Upstreams) => ({ signal: new AbortController().signal, now: new Date('2026-11-22T12:00:00Z'), upstreams });

describe('a lending module’s current-value read is its own request', () => {
  it.each(READERS)('%s asks Ethereum the same whatever another module reads at the same time', async (_, reader, changes) => {
    const alone = node();
    await reader.readCurrentValues(changes, context(alone.upstreams));
    expect(alone.calls()).toHaveLength(1);

    const together = node();
    // Another module's exposure round through the shared round reader, and Lido's current values, started in the same tick.
    const otherRound = ethereumReader(together.upstreams.ethereum).read([{ target: WETH, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' }) }]);
    await Promise.all([reader.readCurrentValues(changes, context(together.upstreams)), otherRound, lidoCurrentValues().readCurrentValues([LIDO_CHANGE], context(together.upstreams))]);
    expect(together.calls()).toHaveLength(3);
    expect(together.calls()).toContainEqual(alone.calls()[0]);
  });
});
