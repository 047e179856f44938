import { createHash } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** ipfs-unixfs-importer's fixed chunker: 256 KiB a leaf. */
const CHUNK_BYTES = 262_144;
/** Links of one balanced-tree node in ipfs-unixfs-importer (maxChildrenPerNode). */
const MAX_LINKS = 174;
/**
 * The largest proposal text read: 16 leaves under one root, far above any real text (the largest
 * seen are tens of KiB), well inside the one-level tree this file hashes (174 leaves). A larger
 * body is refused, never read unchecked.
 */
export const MAX_TEXT_BYTES = 16 * CHUNK_BYTES;

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
 * The bytes32 Governance would store for `text`: the sha256 of the root block `ipfs-only-hash`
 * (aave-cli `ipfs`, which hashes every proposal text before it is proposed) builds for the file.
 * Pure; any size up to MAX_TEXT_BYTES.
 *
 * @example ipfsHashOfText(text) === proposal.ipfsHash // the text the proposal committed to
 */
export function ipfsHashOfText(text: string): string {
  const hasher = new IpfsFileHasher();
  hasher.update(Buffer.from(text, 'utf8'));
  return hasher.digest();
}

/**
 * The bytes32 of a file fed to it piece by piece as it arrives, as ipfs-only-hash 4 computes it
 * (ipfs-unixfs-importer 7 defaults: CIDv0, dag-pb leaves of UnixFS File nodes, 256 KiB fixed
 * chunks, balanced layout, a single leaf being its own root). Only each finished leaf's multihash
 * and sizes are kept, never its bytes. A file over MAX_TEXT_BYTES throws rather than go unchecked.
 *
 * A file of one chunk is one node: PBNode { Data: UnixFS { Type: File, Data, filesize } }. A larger
 * one is a root PBNode whose Links (each: the leaf's multihash, an empty Name, its block size) come
 * before its Data: UnixFS { Type: File, filesize, blocksizes of each leaf's data } (dag-pb's
 * canonical order, Links first).
 */
export class IpfsFileHasher {
  private readonly pending: Buffer[] = [];
  private pendingBytes = 0;
  private totalBytes = 0;
  private readonly leaves: { multihash: Buffer; blockBytes: number; dataBytes: number; digest: string }[] = [];

  update(bytes: Uint8Array): void {
    this.totalBytes += bytes.length;
    if (this.totalBytes > MAX_TEXT_BYTES) throw new RangeError(`over ${MAX_TEXT_BYTES} bytes`);
    this.pending.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
    this.pendingBytes += bytes.length;
    while (this.pendingBytes >= CHUNK_BYTES) this.leaf(this.take(CHUNK_BYTES));
  }

  /** The bytes32 (0x-prefixed hex) of everything fed so far; the hasher is spent after. */
  digest(): string {
    if (this.pendingBytes > 0 || this.leaves.length === 0) this.leaf(this.take(this.pendingBytes));
    if (this.leaves.length === 1) return this.leaves[0]!.digest;
    if (this.leaves.length > MAX_LINKS) throw new RangeError(`over ${MAX_LINKS} leaves`);
    const links = this.leaves.map((leaf) => field(0x12, Buffer.concat([field(0x0a, leaf.multihash), Buffer.from([0x12, 0x00]), Buffer.from([0x18]), varint(leaf.blockBytes)])));
    const blocksizes = this.leaves.map((leaf) => Buffer.concat([Buffer.from([0x20]), varint(leaf.dataBytes)]));
    const unixfs = Buffer.concat([Buffer.from([0x08, 0x02, 0x18]), varint(this.totalBytes), ...blocksizes]);
    return sha256Hex(Buffer.concat([...links, field(0x0a, unixfs)]));
  }

  private take(bytes: number): Buffer {
    const all = Buffer.concat(this.pending, this.pendingBytes);
    this.pending.length = 0;
    if (all.length > bytes) this.pending.push(all.subarray(bytes));
    this.pendingBytes = all.length - bytes;
    return all.subarray(0, bytes);
  }

  private leaf(data: Buffer): void {
    // UnixFS Data { Type = File (2), Data = bytes, filesize } inside a dag-pb PBNode { Data }.
    const unixfs = Buffer.concat([Buffer.from([0x08, 0x02]), data.length > 0 ? field(0x12, data) : Buffer.alloc(0), Buffer.from([0x18]), varint(data.length)]);
    const block = field(0x0a, unixfs);
    const digest = createHash('sha256').update(block).digest();
    this.leaves.push({ multihash: Buffer.concat([Buffer.from([0x12, 0x20]), digest]), blockBytes: block.length, dataBytes: data.length, digest: `0x${digest.toString('hex')}` });
  }
}

const sha256Hex = (bytes: Buffer): string => `0x${createHash('sha256').update(bytes).digest('hex')}`;

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
