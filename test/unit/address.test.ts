import { toBech32 } from '@cosmjs/encoding';
import { getBase58Decoder } from '@solana/kit';
import fc from 'fast-check';
import { encodeAccountID, encodeXAddress } from 'ripple-address-codec';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { parseEnsName } from '../../shared/address/ens.js';
import { parseEvmAddress } from '../../shared/address/evm.js';
import { parseWalletInput } from '../../shared/address/parseWalletInput.js';
import { ApiError } from '../../shared/contract/errors.js';

const options = { cosmosPrefixes: ['cosmos'] };
const parse = (input: string) => parseWalletInput(input, options);
const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });
const hex = (data: Uint8Array) => Buffer.from(data).toString('hex');

describe('evm addresses', () => {
  it('accepts any single case and returns EIP-55', async () => {
    await fc.assert(
      fc.asyncProperty(bytes(20), async (data) => {
        const checksummed = getAddress(`0x${hex(data)}`);
        expect(await parse(`0x${hex(data)}`)).toEqual({ kind: 'evm', address: checksummed });
        expect(await parse(`0x${hex(data).toUpperCase()}`)).toEqual({ kind: 'evm', address: checksummed });
        expect(await parse(checksummed)).toEqual({ kind: 'evm', address: checksummed });
      }),
    );
  });

  it('refuses mixed case with a wrong checksum', () => {
    // EIP-55's own test vector, with one letter's case flipped.
    expect(parseEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(parseEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBeNull();
  });

  it.each(['0x', '0x123', `0x${'g'.repeat(40)}`, `0x${'a'.repeat(41)}`, `0X${'a'.repeat(40)}`])('refuses %s', async (input) => {
    await expect(parse(input)).rejects.toThrowError(ApiError);
  });
});

describe('solana addresses', () => {
  it('accepts base58 of any 32 bytes verbatim, on or off the curve', async () => {
    await fc.assert(
      fc.asyncProperty(bytes(32), async (data) => {
        const address = getBase58Decoder().decode(data);
        fc.pre(!/^r/.test(address)); // an r… string may also be an xrpl address; see the detection-order test
        expect(await parse(address)).toEqual({ kind: 'solana', address });
      }),
    );
  });

  it('refuses base58 of other lengths', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 64 }).filter((data) => data.length !== 32 && data.length !== 20), async (data) => {
        const text = getBase58Decoder().decode(data);
        fc.pre(!/^[rX]/.test(text));
        await expect(parse(text)).rejects.toThrowError(/not an evm, solana, cosmos or xrpl address/);
      }),
    );
  });
});

describe('cosmos addresses', () => {
  it('accepts 20- and 32-byte accounts with a served prefix, lower-cased', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(bytes(20), bytes(32)), fc.boolean(), async (data, upper) => {
        const address = toBech32('cosmos', data);
        expect(await parse(upper ? address.toUpperCase() : address)).toEqual({ kind: 'cosmos', address });
      }),
    );
  });

  it('refuses other prefixes, validator operators and broken checksums', async () => {
    const data = new Uint8Array(20).fill(7);
    await expect(parse(toBech32('osmo', data))).rejects.toThrowError(ApiError);
    await expect(parse(toBech32('cosmosvaloper', data))).rejects.toThrowError(ApiError);
    const good = toBech32('cosmos', data);
    await expect(parse(`${good.slice(0, -1)}${good.endsWith('q') ? 'p' : 'q'}`)).rejects.toThrowError(ApiError);
  });
});

describe('xrpl addresses', () => {
  it('accepts classic and X-addresses verbatim', async () => {
    await fc.assert(
      fc.asyncProperty(bytes(20), fc.option(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { nil: false as const }), async (data, tag) => {
        const classic = encodeAccountID(data);
        expect(await parse(classic)).toEqual({ kind: 'xrpl', address: classic });
        const xAddress = encodeXAddress(data, tag as number | false, false);
        expect(await parse(xAddress)).toEqual({ kind: 'xrpl', address: xAddress });
      }),
    );
  });

  it('refuses a classic address with a broken checksum', async () => {
    const classic = encodeAccountID(new Uint8Array(20).fill(9));
    const broken = `${classic.slice(0, -1)}${classic.endsWith('a') ? 'b' : 'a'}`;
    await expect(parse(broken)).rejects.toThrowError(ApiError);
  });
});

describe('ens names', () => {
  it.each([
    ['vitalik.eth', 'vitalik.eth'],
    ['Vitalik.ETH', 'vitalik.eth'],
    ['nick.xyz', 'nick.xyz'],
    ['💩💩💩.eth', '💩💩💩.eth'],
  ])('normalizes %s to %s (ENSIP-15)', async (input, name) => {
    expect(parseEnsName(input)).toBe(name);
    expect(await parse(input)).toEqual({ kind: 'ens', name });
  });

  it.each(['eth', '.eth', 'a..eth', 'vitalik.eth.', 'a b.eth', `${'a'.repeat(260)}.eth`, 'under_score|.eth'])('refuses %j', (input) => {
    expect(parseEnsName(input)).toBeNull();
  });
});

describe('any input', () => {
  it('parses to a wallet or throws invalid_address, never anything else', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.stringMatching(/^[0-9a-zA-Z.]{0,60}$/)), async (input) => {
        try {
          const result = await parse(input);
          expect(['evm', 'solana', 'cosmos', 'xrpl', 'ens']).toContain(result.kind);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).code).toBe('invalid_address');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('names the bad value in the message', async () => {
    await expect(parse('0x12')).rejects.toThrowError(/"0x12"/);
  });
});

describe('paths written as files', () => {
  it.each(['vitalik.eth.json', 'FxKxhc6NaLd8St6MH3z8z5Qyp6v1d5wW7fGzH98BTZeG.json', 'rMEFWg5j1DMSPPjtQEZey6MTSyd2VBapqz.HTML'])('refuses %s as invalid_address saying to drop the extension', async (input) => {
    await expect(parseWalletInput(input, { cosmosPrefixes: ['cosmos'] })).rejects.toThrow(/file extension/);
  });

  it('still reads an ens name whose last label merely starts like one', async () => {
    expect(await parseWalletInput('alice.jsonnet.eth', { cosmosPrefixes: ['cosmos'] })).toEqual({ kind: 'ens', name: 'alice.jsonnet.eth' });
  });
});
