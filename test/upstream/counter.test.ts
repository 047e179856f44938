import { createPublicClient } from 'viem';
import { mainnet } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { connectCosmosHub } from '../../shared/upstream/clients/cosmosClient.js';
import { ethereumTransport } from '../../shared/upstream/clients/ethereumTransport.js';
import { solanaRpc } from '../../shared/upstream/clients/solanaRpc.js';
import { connectXrpl, readXrpl } from '../../shared/upstream/clients/xrplClient.js';
import { totalRequests } from '../../shared/upstream/requestCounter.js';
import { useReplay } from './replayHarness.js';

const replay = useReplay();

describe('the request counter', () => {
  it('counts exactly what each upstream received, per upstream', async () => {
    const upstreams = replay.upstreams();
    const before = upstreams.counter.snapshot();
    const receivedBefore = { ...replay.server.received };

    const viem = createPublicClient({ chain: mainnet, transport: ethereumTransport(upstreams.ethereum) });
    await viem.getChainId();
    await viem.getBlockNumber();
    const kit = solanaRpc(upstreams.solana);
    await Promise.all([kit.getVersion().send(), kit.getSlot().send(), kit.getGenesisHash().send()]);
    const { stargate } = await connectCosmosHub(upstreams.cosmosRpc); // status
    await stargate.getHeight(); // status again
    const xrpl = await connectXrpl(upstreams.xrpl); // server_info
    await readXrpl(xrpl, upstreams.xrpl, { command: 'server_info' });
    await xrpl.disconnect();

    const counts = upstreams.counter.countsSince(before);
    expect(counts.ethereum).toEqual({ requests: 2, retries: 0, calls: 2, failures: 0 });
    expect(counts.solana).toEqual({ requests: 3, retries: 0, calls: 3, failures: 0 });
    expect(counts.cosmosRpc.requests).toBe(2);
    expect(counts.xrpl.requests).toBe(2);
    expect(counts.snapshot.requests + counts.ipfs.requests + counts.cosmosRest.requests).toBe(0);
    expect(totalRequests(counts)).toBe(9);
    for (const id of ['ethereum', 'solana', 'cosmosRpc', 'xrpl'] as const) {
      expect(replay.server.received[id] - receivedBefore[id], id).toBe(counts[id].requests);
    }
  });

  it('counts a batch as one request carrying several calls', async () => {
    const upstreams = replay.upstreams();
    const viem = createPublicClient({ chain: mainnet, transport: ethereumTransport(upstreams.ethereum, { batch: true }) });
    await Promise.all([viem.getChainId(), viem.getBlockNumber(), viem.getBlockNumber({ cacheTime: 0 })]);
    const { requests, calls } = upstreams.counter.snapshot().ethereum;
    expect(requests).toBe(1);
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it('counts retries apart from first attempts', async () => {
    replay.server.faults.inject('solana', { kind: 'status', status: 429 }, 1);
    const upstreams = replay.upstreams();
    await solanaRpc(upstreams.solana).getVersion().send();
    expect(upstreams.counter.snapshot().solana).toEqual({ requests: 2, retries: 1, calls: 1, failures: 0 });
  });
});
