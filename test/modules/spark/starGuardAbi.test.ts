import { readFileSync } from 'node:fs';
import { type Abi, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { starGuardAbi } from '../../../shared/modules/spark/starGuard.js';
import { unpublishedItems } from '../../support/publishedAbi.js';

/*
 * No package publishes the StarGuard's ABI, so it is checked against a snapshot of the deployed
 * source's interface (the fixture names the file and commit). The older source's layout, which the
 * module used to read, fails the same check: this is the test that would have caught it.
 */
const snapshot = JSON.parse(readFileSync(new URL('../../fixtures/abis/sky-star-guard-StarGuard@52239d7.json', import.meta.url), 'utf8')) as { abi: Abi };

describe('the Spark StarGuard ABI', () => {
  it('is the deployed source’s: every function and event the source reads is in its interface', () => {
    expect(unpublishedItems(starGuardAbi, [snapshot.abi])).toEqual([]);
  });

  it('rejects the older source’s layout (a two-field Plot, expiration(), pat)', () => {
    const older = parseAbi(['event Plot(address indexed addr, bytes32 tag)', 'function spellData() view returns (address addr, bytes32 tag, uint256 pat)', 'function expiration() view returns (uint256)']);
    expect(unpublishedItems(older, [snapshot.abi])).toEqual([expect.stringMatching(/^Plot: no published event/), expect.stringMatching(/^expiration: no published function/)]);
  });
});
