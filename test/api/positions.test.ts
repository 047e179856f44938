import { describe, expect, it } from 'vitest';
import { DEMO_WALLETS, demoWallet } from '../../shared/demo/wallets.js';
import { getChecked, useServer } from '../support/server.js';

const server = useServer();
const POSITIONS = '/api/positions/{address}';
type Positions = { address: string; mode: string; count: number; positions: { protocol: string; valueUsd?: number; issuer?: string }[]; completeness: string };

describe('GET /api/positions/{address}', () => {
  it.each(DEMO_WALLETS)('lists the $kind demo wallet’s positions, valued, in mode mock', async ({ address }) => {
    const { body } = await getChecked<Positions>(server, `/api/positions/${address}`, POSITIONS);
    expect(body).toMatchObject({ address, mode: 'mock', completeness: 'complete' });
    expect(body.count).toBe(body.positions.length);
    // An issued token (an XRPL trust line, named by its issuer) is never valued: it is worth what its issuer honours.
    expect(body.positions.filter((position) => position.issuer === undefined).every((position) => typeof position.valueUsd === 'number')).toBe(true);
    expect(body.positions.filter((position) => position.issuer !== undefined).every((position) => position.valueUsd === undefined)).toBe(true);
  });

  it('narrows to protocol, including repeated keys', async () => {
    const evm = demoWallet('evm').address;
    const { body } = await getChecked<Positions>(server, `/api/positions/${evm}?protocol=aave&protocol=lido`, POSITIONS);
    expect(new Set(body.positions.map((position) => position.protocol))).toEqual(new Set(['aave', 'lido']));
  });

  it('returns nothing, completely, for a protocol that cannot hold the wallet’s kind', async () => {
    const solana = demoWallet('solana').address;
    const { body } = await getChecked<Positions>(server, `/api/positions/${solana}?protocol=aave`, POSITIONS);
    expect(body).toMatchObject({ count: 0, completeness: 'complete' });
  });

  it('answers 400 invalid_input naming an unknown protocol slug', async () => {
    const evm = demoWallet('evm').address;
    const { response, body } = await getChecked<{ code: string; error: string }>(server, `/api/positions/${evm}?protocol=aave,uniswap`, POSITIONS);
    expect(response.status).toBe(400);
    expect(body.code).toBe('invalid_input');
    expect(body.error).toContain('uniswap');
  });

  it.each(['0x1234', 'not-an-address', 'cosmosvaloper1mccqqqqqqqqqqqqqqqqqqqqqqqqqqqqp743rfk', 'r0000', '%F0%9F%92%A9'])(
    'answers 400 invalid_address for %s',
    async (address) => {
      const { response, body } = await getChecked<{ code: string }>(server, `/api/positions/${address}`, POSITIONS);
      expect(response.status).toBe(400);
      expect(body.code).toBe('invalid_address');
    },
  );
});
