import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeFunctionResult, encodeFunctionData } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { governanceCoreAbi } from '../../../shared/modules/aave/abi.js';
import { cidFromIpfsHash, IpfsFileHasher, ipfsHashOfText, MAX_TEXT_BYTES } from '../../../shared/modules/aave/ipfsCid.js';
import { aaveSource } from '../../../shared/modules/aave/source.js';
import { ipfsBytes } from '../../../shared/upstream/clients/getJson.js';
import { largeProposalText } from '../../fixtures/raw/aave/largeProposalText.js';
import { recorded, useReplay } from '../../upstream/replayHarness.js';

/*
 * Proposal texts over one 256 KiB chunk are checked against their CID like any other (issue #19):
 * a gateway could otherwise replace a text by padding it past the chunk.
 */

/** CIDv0 that ipfs-only-hash 4.0.0 gives largeProposalText(size) (test/fixtures/raw/aave/largeTextCids.mjs printed them). */
const REFERENCE_CIDS: Record<number, string> = {
  262_144: 'QmYhYGHuuNRoyvw5d9kz53LRGgQLLiMT4rTzVsdp7p1Fnp',
  262_145: 'QmSi6zaDeyAWT2WGq3prTTwv4rd5qnkkgdbkabB8FNPaM2',
  600_000: 'QmccjFyatf5fYHkgmX9XD4BsL1cYeVW8AuAqNcSJ6AqCrB',
  2_000_003: 'QmVpq3xikuytaQWWVz9ca1LPvWXxipP8aa3763ch4ngf2n',
};

const replay = useReplay();

/** A real HTTP gateway on 127.0.0.1 serving `files` by path (chunked unless `length` says to send Content-Length); anything else goes to the replay server. */
let gateway: Server;
let gatewayUrl = '';
const files = new Map<string, { body: Buffer; length: boolean }>();
beforeAll(async () => {
  gateway = createServer(async (request, response) => {
    const file = files.get(request.url ?? '');
    if (file) {
      response.writeHead(200, { 'content-type': 'text/plain', ...(file.length && { 'content-length': file.body.length }) });
      // In pieces, as a gateway streams a file.
      for (let at = 0; at < file.body.length; at += 65_536) response.write(file.body.subarray(at, at + 65_536));
      return response.end();
    }
    const upstream = await fetch(`${replay.server.endpoints.ipfs}${request.url}`);
    response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' });
    response.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => gateway?.close(resolve));
});

describe('the bytes32 of a proposal text', () => {
  it.each(Object.entries(REFERENCE_CIDS))('is the one ipfs-only-hash gives a %s-byte text', (size, cid) => {
    expect(cidFromIpfsHash(ipfsHashOfText(largeProposalText(Number(size))))).toBe(cid);
  });

  it('is the same however the bytes arrive', () => {
    const bytes = Buffer.from(largeProposalText(600_000));
    const hasher = new IpfsFileHasher();
    for (let at = 0, step = 1; at < bytes.length; at += step, step = (step * 7919) % 100_003) hasher.update(bytes.subarray(at, at + step));
    expect(cidFromIpfsHash(hasher.digest())).toBe(REFERENCE_CIDS[600_000]);
  });
});

describe('reading a large text from a gateway', () => {
  it.each([true, false])('hashes a valid 600,000-byte text while reading it (Content-Length sent: %s)', async (length) => {
    const cid = REFERENCE_CIDS[600_000]!;
    files.set(`/ipfs/${cid}`, { body: Buffer.from(largeProposalText(600_000)), length });
    const hasher = new IpfsFileHasher();
    let pieces = 0;
    const bytes = await ipfsBytes(replay.upstreams({ deadlineMs: 10_000 }, { ipfs: gatewayUrl }).ipfs, cid, { maxBytes: MAX_TEXT_BYTES, onPiece: (piece) => (pieces++, hasher.update(piece)) });
    expect(bytes.toString('utf8')).toBe(largeProposalText(600_000));
    expect(pieces).toBeGreaterThan(1);
    expect(cidFromIpfsHash(hasher.digest())).toBe(cid);
  });

  it.each([true, false])('refuses a body over the cap, never reads it unchecked (Content-Length sent: %s)', async (length) => {
    files.set('/ipfs/QmTooLarge', { body: Buffer.alloc(MAX_TEXT_BYTES + 1, 0x61), length });
    const reading = ipfsBytes(replay.upstreams({ deadlineMs: 10_000 }, { ipfs: gatewayUrl }).ipfs, 'QmTooLarge', { maxBytes: MAX_TEXT_BYTES });
    await expect(reading).rejects.toMatchObject({ code: 'upstream_malformed' });
  });
});

describe('the aave source behind a gateway that pads a text past one chunk', () => {
  it('fails the read rather than take the replaced title and links of proposal 516', async () => {
    const data = encodeFunctionData({ abi: governanceCoreAbi, functionName: 'getProposal', args: [516n] });
    const answer = recorded<{ result: `0x${string}` }>(replay.fixtures, 'ethereum', (request) => request.method === 'eth_call' && (request.params as [{ data?: string }])[0]?.data === data);
    const { ipfsHash } = decodeFunctionResult({ abi: governanceCoreAbi, functionName: 'getProposal', data: answer.result });
    const forged = `---\ntitle: "[AIP] Forged title"\nauthor: "not the author"\ndiscussions: "https://evil.example/t/516"\n---\nSend funds to https://evil.example\n${' '.repeat(300_000)}`;
    files.set(`/ipfs/${cidFromIpfsHash(ipfsHash)}`, { body: Buffer.from(forged), length: true });
    try {
      const reading = aaveSource().readProposals({ signal: new AbortController().signal, now: new Date('2026-11-22T12:00:00Z'), upstreams: replay.upstreams({ deadlineMs: 10_000 }, { ipfs: gatewayUrl }) });
      await expect(reading).rejects.toMatchObject({ code: 'upstream_malformed' });
    } finally {
      files.delete(`/ipfs/${cidFromIpfsHash(ipfsHash)}`);
    }
  });
});
