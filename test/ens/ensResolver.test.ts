import { describe, expect, it } from 'vitest';
import { ensResolverFor } from '../../shared/ens/ensResolver.js';
import { useReplay } from '../upstream/replayHarness.js';

const replay = useReplay();
const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

describe("the ens resolver (viem's getEnsAddress) on the recorded Universal Resolver answer", () => {
  it('resolves vitalik.eth in one Ethereum request', async () => {
    const upstreams = replay.upstreams();
    expect(await ensResolverFor({ moduleDeadlineMs: 1000 }, upstreams.ethereum).resolve('vitalik.eth')).toBe(VITALIK);
    // An ens name costs one request on top of the wallet's scan.
    expect(upstreams.counter.snapshot().ethereum).toMatchObject({ requests: 1, calls: 1 });
  });

  it('fails, never guesses, when the node fails', async () => {
    replay.server.faults.inject('ethereum', { kind: 'status', status: 503 });
    const upstreams = replay.upstreams({ retries: 0 });
    const error = await ensResolverFor({ moduleDeadlineMs: 1000 }, upstreams.ethereum)
      .resolve('vitalik.eth')
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(Error);
    expect(upstreams.counter.snapshot().ethereum.failures).toBe(1);
  });
});
