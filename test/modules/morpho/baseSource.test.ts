import { type Abi, encodeAbiParameters, encodeEventTopics, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { morphoBlueAbi, vaultAbi, vaultEvents } from '../../../shared/modules/morpho/abi.js';
import { BASE } from '../../../shared/modules/morpho/deployment.js';
import { vaultSource } from '../../../shared/modules/morpho/vaultSource.js';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { COUNTING_POLICY } from '../../upstream/replayHarness.js';
import { fakeEvmNode, type FakeEvmState, type RpcLog } from '../../support/fakeEvmNode.js';

/*
 * The Base vault source end to end on an in-memory Base node. SYNTHETIC test vectors (no Base
 * recording exists: test/fixtures/README.md): the Moonwell Flagship USDC vault's owner submits a
 * timelock cut from 4 days to 1 day and sets the fee to 15 %; never written to test/fixtures.
 */

const MOONWELL_USDC = BASE.vaults[0]!;
const OWNER: Hex = '0x3333333333333333333333333333333333333333';
const HEAD = 30_000_000n;
const HEAD_TIME = 1_800_000_000n;

const log = (eventName: 'SubmitTimelock' | 'SetFee', data: Hex, block: bigint, index: number): RpcLog => ({
  address: MOONWELL_USDC.address.toLowerCase() as Hex,
  topics: encodeEventTopics({ abi: vaultEvents, eventName, ...(eventName === 'SetFee' && { args: { caller: OWNER } }) } as never) as Hex[],
  data,
  blockNumber: `0x${block.toString(16)}`,
  logIndex: `0x${index.toString(16)}`,
  transactionIndex: '0x0',
  transactionHash: `0x${'12'.repeat(32)}`,
  blockHash: `0x${'34'.repeat(32)}`,
  removed: false,
});

const state: FakeEvmState = {
  chainId: '0x2105',
  answer(call) {
    const abi = vaultAbi as unknown as Abi;
    const moonwell = call.target.toLowerCase() === MOONWELL_USDC.address.toLowerCase();
    switch (call.functionName) {
      case 'getBlockNumber':
        return { abi: multicall3Abi as unknown as Abi, result: HEAD };
      case 'getCurrentBlockTimestamp':
        return { abi: multicall3Abi as unknown as Abi, result: HEAD_TIME };
      case 'timelock':
        return { abi, result: moonwell ? 345_600n : 86_400n };
      case 'fee':
        return { abi, result: moonwell ? 15n * 10n ** 16n : 0n };
      case 'guardian':
        return { abi, result: '0x0000000000000000000000000000000000000000' };
      case 'pendingTimelock':
        return { abi, result: moonwell ? [86_400n, HEAD_TIME + 300_000n] : [0n, 0n] };
      case 'pendingGuardian':
        return { abi, result: ['0x0000000000000000000000000000000000000000', 0n] };
      default:
        return undefined;
    }
  },
  logs: ({ fromBlock, toBlock }) =>
    [log('SubmitTimelock', encodeAbiParameters([{ type: 'uint256' }], [86_400n]), HEAD - 21_600n, 3), log('SetFee', encodeAbiParameters([{ type: 'uint256' }], [15n * 10n ** 16n]), HEAD - 100n, 0)].filter(
      (entry) => BigInt(entry.blockNumber) >= BigInt(fromBlock) && BigInt(entry.blockNumber) <= BigInt(toBlock),
    ),
};

describe('the Base vault source on an in-memory Base node', () => {
  const read = async () => {
    const node = fakeEvmNode([vaultAbi, morphoBlueAbi] as unknown as Abi[], state);
    const upstreams = createUpstreams({ endpoints: { base: 'http://base-node.invalid' }, policy: COUNTING_POLICY, env: {}, fetch: node.fetch });
    const proposals = await vaultSource(BASE).readProposals({ signal: AbortSignal.timeout(5_000), now: new Date(), upstreams });
    return { proposals, node, upstreams };
  };

  it('checks the chain is Base and reads the window of the 2-second blocks', async () => {
    const { node, upstreams } = await read();
    const filters = node.exchanges.filter((exchange) => exchange.request.method === 'eth_getLogs').map((exchange) => (exchange.request.params as [{ fromBlock: Hex; toBlock: Hex; address: Hex[] }])[0]);
    // Sixteen days of 2-second blocks back from the head, in ranges of at most 100,000 blocks.
    expect(BigInt(filters[0]!.fromBlock)).toBe(HEAD - 691_200n);
    expect(BigInt(filters.at(-1)!.toBlock)).toBe(HEAD);
    expect(filters).toHaveLength(7);
    for (const filter of filters) {
      expect(BigInt(filter.toBlock) - BigInt(filter.fromBlock)).toBeLessThan(100_000n);
      expect(filter.address.map((address) => address.toLowerCase())).toEqual(BASE.vaults.map((vault) => vault.address.toLowerCase()));
    }
    expect(upstreams.counter.snapshot().base.requests).toBe(2);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(0);
  });

  it('gives the pending timelock cut (passed, validAt exact) and the immediate fee, dated 2 s a block', async () => {
    const { proposals } = await read();
    expect(proposals.map((proposal) => [proposal.id, proposal.status, proposal.title])).toEqual([
      [`morpho-basevaults-${HEAD - 21_600n}-3`, 'passed', 'Moonwell Flagship USDC: shorten the timelock to 1\u00a0day'],
      [`morpho-basevaults-${HEAD - 100n}-0`, 'executed', 'Moonwell Flagship USDC: performance fee set to 15 %'],
    ]);
    const [timelock, fee] = proposals;
    expect(timelock!.timeline.created).toBe(new Date(Number(HEAD_TIME - 43_200n) * 1000).toISOString().replace('.000Z', 'Z'));
    expect(timelock!.effectiveDate).toBe(new Date(Number(HEAD_TIME + 300_000n) * 1000).toISOString().replace('.000Z', 'Z'));
    expect(timelock!.changes[0]).toMatchObject({ parameter: 'vaultTimelock', from: 345_600, to: 86_400, market: `metamorpho-base-${MOONWELL_USDC.address.toLowerCase()}` });
    expect(fee!.changes[0]).toMatchObject({ parameter: 'vaultFee', to: 0.15, unit: 'fraction' });
    expect(fee!.sourceLinks!.map((link) => link.url)).toContain(`https://basescan.org/tx/0x${'12'.repeat(32)}`);
  });
});
