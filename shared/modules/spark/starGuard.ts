import { type Address, parseAbi } from 'viem';

/**
 * Spark's execution path on Ethereum since the 2025-10-30 executive (sky-ecosystem/executive-votes
 * 2025/executive-vote-2025-10-30-init-kicker-lsSKY-farm-and-spark-starguard.md; README.md,
 * Governance path): a Sky executive spell `plot`s a Spark payload in the Spark StarGuard, and anyone
 * may then `exec` it, which runs the payload's execute() through the Spark SubProxy (delegatecall).
 * Addresses: sparkdotfi/spark-address-registry src/Ethereum.sol @5348de2 (SPARK_STAR_GUARD,
 * SPARK_PROXY).
 */
export const SPARK_STAR_GUARD: Address = '0x6605aa120fe8b656482903E7757BaBF56947E45E';
export const SPARK_SUB_PROXY: Address = '0x3300f198988e4C9C63F75dF86De36421f06af8c4';

/**
 * Where the source's log query starts: a block before the StarGuard's initialisation by the
 * 2025-10-30 executive (block 21,000,000 was mined on 2024-10-19; at 12 s a block, 23,650,000 is
 * about 2025-10-21), so every Plot, Exec and Drop the StarGuard ever emitted is in range.
 */
export const STAR_GUARD_FROM_BLOCK = 23_650_000n;

/**
 * StarGuard's events and views as deployed (sidestream-tech/sky-star-guard src/StarGuard.sol
 * @52239d7): each Plot carries the payload's deadline (plot time + maxDelay), plot() emits Drop for
 * a payload it replaces, and exec() returns the payload. The older source (@006e572: a two-field
 * Plot, `expiration()`, `pat`) is not what runs: the 2025-10-30 executive initialised the StarGuard
 * with `cfg.maxDelay`, and spark-spells' SpellRunner relies on exec() returning the address.
 * test/modules/spark/starGuardAbi.test.ts checks these against that source's ABI, snapshotted.
 */
export const starGuardAbi = parseAbi([
  'event Plot(address indexed addr, bytes32 tag, uint256 deadline)',
  'event Exec(address indexed addr)',
  'event Drop(address indexed addr)',
  'function spellData() view returns (address addr, bytes32 tag, uint256 deadline)',
  'function maxDelay() view returns (uint256)',
]);

export const starGuardEvents = starGuardAbi.filter((item) => item.type === 'event');
