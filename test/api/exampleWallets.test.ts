import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_WALLETS } from '../../shared/api/exampleWallets.js';

import { testServices } from '../support/services.js';
import { getChecked, useServer } from '../support/server.js';
import { useReplay } from '../upstream/replayHarness.js';

const replay = useReplay();
// A module deadline of 10 s, not testServices' 500 ms: these scans must come out complete, and on a
// loaded machine a healthy recorded read can take longer than 500 ms (nothing here hangs).
const server = useServer(() => testServices({ config: { moduleDeadlineMs: 10_000 } }));

beforeAll(() => {
  const upstreams = replay.upstreams();
  server.services.upstreams = upstreams;
});

type Positions = { mode: string; completeness: string; count: number; positions: { protocol: string; asset: string; amount: string; valueUsd?: number }[] };

describe('the example wallets of GET /api', () => {
  it('are listed with their kind and a note', async () => {
    const { body } = await getChecked<{ exampleWallets: unknown[] }>(server, '/api', '/api');
    expect(body.exampleWallets).toEqual(EXAMPLE_WALLETS);
  });

  it.each(EXAMPLE_WALLETS.map((wallet) => [wallet.kind, wallet.address] as const))('a %s example has live positions on the recorded upstreams', async (_kind, address) => {
    const { response, body } = await getChecked<Positions>(server, `/api/positions/${address}`, '/api/positions/{address}');
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ mode: 'live', completeness: 'complete' });
    expect(body.count).toBeGreaterThan(0);
    expect(body.positions.every((position) => Number(position.amount) > 0)).toBe(true);
    // Valued offline: the chain's native asset (XRP; JitoSOL through SOL) at its recorded USD price.
    const native = body.positions.filter((position) => ['XRP', 'JitoSOL'].includes(position.asset));
    expect(native.length).toBeGreaterThan(0);
    expect(native.every((position) => typeof position.valueUsd === 'number' && position.valueUsd > 0)).toBe(true);
  });
});
