import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { SPARKLEND_ETHEREUM_ONLY, sparkExposure } from '../../../shared/modules/spark/exposure/sparkExposure.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { itRejectsOnEthereumFaults } from '../../exposure/evmFaults.js';
import { syntheticChain } from '../../exposure/syntheticChain.js';
import { TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';
import { BORROWER, SPARK_ABIS, sparkLendState } from './sparkLendChain.js';

const replay = useReplay();
const wallet: Wallet = { kind: 'evm', address: '0x3333333333333333333333333333333333333333' };

describe('spark exposure (SparkLend Ethereum through the shared lending-pool reader, synthetic chain)', () => {
  it('gives the module’s positions, its market and the simulator’s account', async () => {
    const chain = syntheticChain(SPARK_ABIS, sparkLendState(BORROWER));
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: TEST_POLICY, env: {} });
    const positions = await sparkExposure({ markets: SPARKLEND_ETHEREUM_ONLY }).readPositions(wallet, { signal: new AbortController().signal, now: new Date('2026-11-22T12:00:00Z'), upstreams });
    expect(positions.map(({ position }) => [position.protocol, position.id])).toEqual([
      ['spark', 'sparklend-ethereum-weth-supply'],
      ['spark', 'sparklend-ethereum-usdt-borrow'],
    ]);
    expect(positions.every(({ inputs }) => inputs.market === 'sparklend-ethereum' && inputs.account?.healthFactor === 2.15)).toBe(true);
  });
});

describe('spark exposure on the replay server (no SparkLend answer is recorded: faults only)', () => {
  itRejectsOnEthereumFaults(replay, () => sparkExposure({ markets: SPARKLEND_ETHEREUM_ONLY }), wallet);
});
