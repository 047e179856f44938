import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { isIPv4, isIPv6 } from './ipAddress.js';

/**
 * The client a request is counted against: its IP without the port, IPv6 grouped by /56 so that a
 * caller cannot walk its ISP-assigned subnet (express-rate-limit v8 rationale, conventions.md §1.3),
 * and only ever stored as a keyed hash.
 */
export function clientKey(ip: string, secret: string): string {
  // HMAC-SHA256 in JS (@noble/hashes, the audited hashes viem uses): worked out once per address
  // (rateLimit keeps it), while node:crypto would add about 9 ms to every function's cold start.
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(groupAddress(ip)))).slice(0, 32);
}

export function groupAddress(raw: string): string {
  const ip = raw.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return `unknown:${ip}`;
  const groups = expandIPv6(ip);
  // /56 keeps the first three groups and the high byte of the fourth.
  return `${groups.slice(0, 3).join(':')}:${(groups[3]! & 0xff00).toString(16)}::/56`;
}

function expandIPv6(ip: string): number[] {
  const [head = '', tail = ''] = ip.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = ip.includes('::') ? parse(tail) : [];
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
