import { createHash } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** Files up to one chunk (256 KiB) hash as a single UnixFS node; larger ones cannot be checked here. */
const ONE_CHUNK = 262_144;

/**
 * The CIDv0 of a proposal's text from the bytes32 `ipfsHash` Governance stores: base58 of the
 * sha2-256 multihash 0x1220 ‖ hash (the Aave UI helpers' `baseToCidv0`). Pure.
 *
 * @example cidFromIpfsHash('0x8959caf7…6997') // 'QmXaoye7dURcGagNu9Uqrh6m7r1gUjzC8QSqPCht2RFyp2'
 */
export function cidFromIpfsHash(ipfsHash: string): string {
  return base58(Buffer.from(`1220${ipfsHash.replace(/^0x/, '')}`, 'hex'));
}

/**
 * The bytes32 Governance would store for `text`: sha256 of the UnixFS file node that
 * `ipfs-only-hash` (aave-cli `ipfs`, which uploads every proposal text) builds for a one-chunk
 * file; undefined for larger files. A gateway is not trusted: this lets the source check that the
 * text it got is the one the proposal committed to. Pure.
 */
export function ipfsHashOfText(text: string): string | undefined {
  const data = Buffer.from(text, 'utf8');
  if (data.length > ONE_CHUNK) return undefined;
  // UnixFS Data { Type = File (2), Data = bytes, filesize } inside a dag-pb PBNode { Data }.
  const unixfs = Buffer.concat([Buffer.from([0x08, 0x02]), data.length > 0 ? field(0x12, data) : Buffer.alloc(0), Buffer.from([0x18]), varint(data.length)]);
  const node = field(0x0a, unixfs);
  return `0x${createHash('sha256').update(node).digest('hex')}`;
}

const field = (tag: number, bytes: Buffer): Buffer => Buffer.concat([Buffer.from([tag]), varint(bytes.length), bytes]);

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  do {
    const low = rest & 0x7f;
    rest = Math.floor(rest / 128);
    bytes.push(rest > 0 ? low | 0x80 : low);
  } while (rest > 0);
  return Buffer.from(bytes);
}

function base58(bytes: Buffer): string {
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 58n)]! + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}
