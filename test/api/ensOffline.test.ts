import { describe, expect, it } from 'vitest';
import { getChecked, useServer } from '../support/server.js';

// The real viem resolver, pointed at a closed local port (see testServices).
const server = useServer();

describe('the mainnet ens resolver', () => {
  it('answers 502, not 500, when its RPC endpoint cannot be reached', async () => {
    const { response, body } = await getChecked<{ code: string }>(server, '/api/ens/resolve?name=vitalik.eth', '/api/ens/resolve');
    expect(response.status).toBe(502);
    expect(body.code).toBe('upstream_unavailable');
  });
});
