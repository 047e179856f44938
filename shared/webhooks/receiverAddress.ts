import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { invalidInput } from '../contract/errors.js';

/**
 * Where a webhook may be sent (issue #24, "Safety"; the SSRF advice of Standard Webhooks): https to
 * a host whose every DNS address is public. The address checked is the address connected to
 * (postWebhook pins it), so a name that resolves to a public address for the check and to
 * 169.254.169.254 a moment later (DNS rebinding) never reaches the metadata service.
 */

/** The ranges no webhook may reach: private, loopback, link-local, shared, documentation, multicast, reserved (IANA special-purpose registries). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // IPv4-mapped addresses (::ffff:0:0/96) are judged as the IPv4 address they carry (isAllowedAddress):
  // node's BlockList matches every IPv4 address against that range, so it is not listed here.
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23],
  ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export interface ReceiverPolicy {
  /** WEBHOOK_ALLOW_LOOPBACK=1: http or https to 127.0.0.0/8 and ::1 (tests, a user on one machine). Never in AWS. */
  allowLoopback: boolean;
  /** The resolver; node's by default (tests of the guard pass their own). */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

/** A receiver as connected to: its URL and the one address checked for it. */
export interface ReceiverAddress {
  url: URL;
  address: string;
  family: 4 | 6;
}

const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Whether an address may receive webhooks under the policy. */
export function isAllowedAddress(address: string, policy: Pick<ReceiverPolicy, 'allowLoopback'>): boolean {
  const family = familyOf(address);
  if (policy.allowLoopback && LOOPBACK.check(address, family)) return true;
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries, dotted or in hex.
  const mapped = mappedIPv4(address);
  if (mapped) return isAllowedAddress(mapped, policy);
  return !NOT_PUBLIC.check(address, family);
}

/** The IPv4 address inside `::ffff:a.b.c.d` or `::ffff:abcd:ef01`, else undefined. */
function mappedIPv4(address: string): string | undefined {
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/**
 * The URL a caller gave, checked for its form: absolute, https (http only to a loopback receiver
 * under allowLoopback), no user or password, no fragment.
 *
 * @throws ApiError invalid_input naming what is wrong.
 */
export function receiverUrlOf(raw: string, policy: Pick<ReceiverPolicy, 'allowLoopback'>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidInput('url is not an absolute URL');
  }
  const loopbackHttp = policy.allowLoopback && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !loopbackHttp) throw invalidInput('url must use https');
  if (url.username || url.password) throw invalidInput('url must not carry a user name or password');
  if (url.hash) throw invalidInput('url must not have a fragment');
  return url;
}

/**
 * Resolves the receiver's host and checks every address it has: one private address among public
 * ones refuses the URL (the resolver may hand any of them to the next lookup).
 *
 * @throws ApiError invalid_input when the host does not resolve or reaches a non-public address.
 */
export async function resolveReceiver(raw: string, policy: ReceiverPolicy): Promise<ReceiverAddress> {
  const url = receiverUrlOf(raw, policy);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (policy.resolve ?? ((name) => lookup(name, { all: true, verbatim: true })))(host);
    } catch {
      throw invalidInput(`url's host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw invalidInput(`url's host ${host} does not resolve`);
  const refused = addresses.find(({ address }) => !isAllowedAddress(address, policy));
  if (refused) throw invalidInput(`url's host ${host} reaches ${refused.address}, which is not a public address; webhooks go to public https receivers only`);
  if (url.protocol === 'http:' && !addresses.every(({ address }) => LOOPBACK.check(address, familyOf(address)))) throw invalidInput('url must use https');
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}
