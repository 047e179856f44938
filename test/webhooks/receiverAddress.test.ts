import { describe, expect, it } from 'vitest';
import { isAllowedAddress, receiverUrlOf, resolveReceiver } from '../../shared/webhooks/receiverAddress.js';

const PUBLIC_ONLY = { allowLoopback: false };
const resolvingTo = (...addresses: string[]) => ({ ...PUBLIC_ONLY, resolve: async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })) });

describe('where a webhook may go (SSRF guard)', () => {
  it.each(['10.1.2.3', '127.0.0.1', '169.254.169.254', '172.20.0.1', '192.168.1.1', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe', '2001:db8::1', '::ffff:7f00:1', '::ffff:a9fe:a9fe'])('refuses %s, which is not public', (address) => {
    expect(isAllowedAddress(address, PUBLIC_ONLY)).toBe(false);
  });

  it.each(['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '::ffff:93.184.215.14'])('takes %s, a public address', (address) => {
    expect(isAllowedAddress(address, PUBLIC_ONLY)).toBe(true);
  });

  it('takes loopback only under allowLoopback, and then nothing else private', () => {
    expect(isAllowedAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isAllowedAddress('::1', { allowLoopback: true })).toBe(true);
    expect(isAllowedAddress('10.0.0.1', { allowLoopback: true })).toBe(false);
  });

  it.each([
    ['http://example.com/hook', /https/],
    ['ftp://example.com/hook', /https/],
    ['https://user:pw@example.com/hook', /user name or password/],
    ['https://example.com/hook#x', /fragment/],
    ['not a url', /absolute URL/],
  ])('refuses the form of %s as invalid_input', (url, message) => {
    expect(() => receiverUrlOf(url, PUBLIC_ONLY)).toThrow(message);
    try {
      receiverUrlOf(url, PUBLIC_ONLY);
    } catch (error) {
      expect((error as { code: string; status: number }).code).toBe('invalid_input');
      expect((error as { status: number }).status).toBe(400);
    }
  });

  it('refuses a host with one private address among public ones (the next lookup could hand out either)', async () => {
    await expect(resolveReceiver('https://hooks.example/x', resolvingTo('93.184.215.14', '10.0.0.7'))).rejects.toThrow(/10\.0\.0\.7, which is not a public address/);
  });

  it('answers with the address it checked, which is the one the delivery connects to (no DNS rebinding)', async () => {
    const target = await resolveReceiver('https://hooks.example/x', resolvingTo('93.184.215.14'));
    expect(target).toMatchObject({ address: '93.184.215.14', family: 4 });
    expect(target.url.hostname).toBe('hooks.example');
  });

  it('refuses a literal private address and a host that does not resolve', async () => {
    await expect(resolveReceiver('https://169.254.169.254/latest/meta-data', PUBLIC_ONLY)).rejects.toThrow(/not a public address/);
    await expect(resolveReceiver('https://[::1]/x', PUBLIC_ONLY)).rejects.toThrow(/not a public address/);
    await expect(resolveReceiver('https://nowhere.invalid/x', { ...PUBLIC_ONLY, resolve: async () => Promise.reject(new Error('ENOTFOUND')) })).rejects.toThrow(/does not resolve/);
  });

  it('lets http through only to loopback under allowLoopback', async () => {
    await expect(resolveReceiver('http://127.0.0.1:9/x', { allowLoopback: true })).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(resolveReceiver('http://127.0.0.1:9/x', PUBLIC_ONLY)).rejects.toThrow(/https/);
    await expect(resolveReceiver('http://hooks.example/x', { allowLoopback: true, resolve: async () => [{ address: '93.184.215.14', family: 4 }] })).rejects.toThrow(/https/);
  });
});
