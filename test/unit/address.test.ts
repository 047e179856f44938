import { toBech32 } from '@cosmjs/encoding';
import { getBase58Decoder } from '@solana/kit';
import fc from 'fast-check';
import { encodeAccountID, encodeXAddress } from 'ripple-address-codec';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { parseEnsName } from '../../shared/address/ens.js';
import { parseEvmAddress } from '../../shared/address/evm.js';
import { parseWalletInput } from '../../shared/address/parseWalletInput.js';
import { ApiError } from '../../shared/api/errors.js';

const options = { cosmosPrefixes: ['cosmos'] };
const parse = (input: string) => parseWalletInput(input, options);
const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });
const hex = (data: Uint8Array) => Buffer.from(data).toString('hex');

describe('evm addresses', () => {
  it('accepts any single case and returns EIP-55', () => {
    fc.assert(
      fc.property(bytes(20), (data) => {
        const checksummed = getAddress(`0x${hex(data)}`);
        expect(parse(`0x${hex(data)}`)).toEqual({ kind: 'evm', address: checksummed });
        expect(parse(`0x${hex(data).toUpperCase()}`)).toEqual({ kind: 'evm', address: checksummed });
        expect(parse(checksummed)).toEqual({ kind: 'evm', address: checksummed });
      }),
    );
  });

  it('refuses mixed case with a wrong checksum', () => {
    // EIP-55's own test vector, with one letter's case flipped.
    expect(parseEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(parseEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBeNull();
  });

  it.each(['0x', '0x123', `0x${'g'.repeat(40)}`, `0x${'a'.repeat(41)}`, `0X${'a'.repeat(40)}`])('refuses %s', (input) => {
    expect(() => parse(input)).toThrowError(ApiError);
  });
});

describe('solana addresses', () => {
  it('accepts base58 of any 32 bytes verbatim, on or off the curve', () => {
    fc.assert(
      fc.property(bytes(32), (data) => {
        const address = getBase58Decoder().decode(data);
        fc.pre(!/^r/.test(address)); // an r… string may also be an xrpl address; see the detection-order test
        expect(parse(address)).toEqual({ kind: 'solana', address });
      }),
    );
  });

  it('refuses base58 of other lengths', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }).filter((data) => data.length !== 32 && data.length !== 20), (data) => {
        const text = getBase58Decoder().decode(data);
        fc.pre(!/^[rX]/.test(text));
        expect(() => parse(text)).toThrowError(/not an evm, solana, cosmos or xrpl address/);
      }),
    );
  });
});

describe('cosmos addresses', () => {
  it('accepts 20- and 32-byte accounts with a served prefix, lower-cased', () => {
    fc.assert(
      fc.property(fc.oneof(bytes(20), bytes(32)), fc.boolean(), (data, upper) => {
        const address = toBech32('cosmos', data);
        expect(parse(upper ? address.toUpperCase() : address)).toEqual({ kind: 'cosmos', address });
      }),
    );
  });

  it('refuses other prefixes, validator operators and broken checksums', () => {
    const data = new Uint8Array(20).fill(7);
    expect(() => parse(toBech32('osmo', data))).toThrowError(ApiError);
    expect(() => parse(toBech32('cosmosvaloper', data))).toThrowError(ApiError);
    const good = toBech32('cosmos', data);
    expect(() => parse(`${good.slice(0, -1)}${good.endsWith('q') ? 'p' : 'q'}`)).toThrowError(ApiError);
  });
});

describe('xrpl addresses', () => {
  it('accepts classic and X-addresses verbatim', () => {
    fc.assert(
      fc.property(bytes(20), fc.option(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { nil: false as const }), (data, tag) => {
        const classic = encodeAccountID(data);
        expect(parse(classic)).toEqual({ kind: 'xrpl', address: classic });
        const xAddress = encodeXAddress(data, tag as number | false, false);
        expect(parse(xAddress)).toEqual({ kind: 'xrpl', address: xAddress });
      }),
    );
  });

  it('refuses a classic address with a broken checksum', () => {
    const classic = encodeAccountID(new Uint8Array(20).fill(9));
    const broken = `${classic.slice(0, -1)}${classic.endsWith('a') ? 'b' : 'a'}`;
    expect(() => parse(broken)).toThrowError(ApiError);
  });
});

describe('ens names', () => {
  it.each([
    ['vitalik.eth', 'vitalik.eth'],
    ['Vitalik.ETH', 'vitalik.eth'],
    ['nick.xyz', 'nick.xyz'],
    ['💩💩💩.eth', '💩💩💩.eth'],
  ])('normalizes %s to %s (ENSIP-15)', (input, name) => {
    expect(parseEnsName(input)).toBe(name);
    expect(parse(input)).toEqual({ kind: 'ens', name });
  });

  it.each(['eth', '.eth', 'a..eth', 'vitalik.eth.', 'a b.eth', `${'a'.repeat(260)}.eth`, 'under_score|.eth'])('refuses %j', (input) => {
    expect(parseEnsName(input)).toBeNull();
  });
});

describe('any input', () => {
  it('parses to a wallet or throws invalid_address, never anything else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.stringMatching(/^[0-9a-zA-Z.]{0,60}$/)), (input) => {
        try {
          const result = parse(input);
          expect(['evm', 'solana', 'cosmos', 'xrpl', 'ens']).toContain(result.kind);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).code).toBe('invalid_address');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('names the bad value in the message', () => {
    expect(() => parse('0x12')).toThrowError(/"0x12"/);
  });
});

describe('paths written as files', () => {
  it.each(['vitalik.eth.json', 'FxKxhc6NaLd8St6MH3z8z5Qyp6v1d5wW7fGzH98BTZeG.json', 'rMEFWg5j1DMSPPjtQEZey6MTSyd2VBapqz.HTML'])('refuses %s as invalid_address saying to drop the extension', (input) => {
    expect(() => parseWalletInput(input, { cosmosPrefixes: ['cosmos'] })).toThrow(/file extension/);
  });

  it('still reads an ens name whose last label merely starts like one', () => {
    expect(parseWalletInput('alice.jsonnet.eth', { cosmosPrefixes: ['cosmos'] })).toEqual({ kind: 'ens', name: 'alice.jsonnet.eth' });
  });
});
