import { type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { spellsOf } from '../../../shared/modules/spark/readSpells.js';
import { spellStatus } from '../../../shared/modules/spark/spellStatus.js';

// Plotted 2026-04-24T15:00Z with the StarGuard's 7-day maxDelay.
const DEADLINE = Date.parse('2026-05-01T15:00:00Z') / 1000;
const at = (iso: string) => new Date(iso);

describe('spellStatus (README.md, Status rules)', () => {
  const plotted = { executed: false, dropped: false, current: true, deadline: DEADLINE };

  it('is passed while the payload is plotted and before its deadline', () => {
    expect(spellStatus(plotted, at('2026-04-30T00:00:00Z'))).toBe('passed');
    expect(spellStatus(plotted, at('2026-05-01T15:00:00Z'))).toBe('passed');
  });

  it('is closed once the deadline passed without an exec (exec() would revert StarGuard/expired-spell)', () => {
    expect(spellStatus(plotted, at('2026-05-01T15:00:01Z'))).toBe('closed');
  });

  it('is executed after an Exec, whatever the clock says', () => {
    expect(spellStatus({ ...plotted, current: false, executed: true }, at('2027-01-01T00:00:00Z'))).toBe('executed');
  });

  it('is canceled when dropped, or replaced by a later plot before anyone executed it', () => {
    expect(spellStatus({ ...plotted, current: false, dropped: true }, at('2026-04-25T00:00:00Z'))).toBe('canceled');
    expect(spellStatus({ ...plotted, current: false }, at('2026-04-25T00:00:00Z'))).toBe('canceled');
  });
});

describe('spellsOf (the StarGuard’s logs per payload)', () => {
  const A: Address = '0x160158d029697FEa486dF8968f3Be17a706dF0F0';
  const B: Address = '0xFa5fc020311fCC1A467FEC5886640c7dD746deAa';
  const tag = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;
  const log = (eventName: 'Plot' | 'Exec' | 'Drop', addr: Address, blockNumber: bigint, logIndex = 0) => ({
    eventName,
    args: { addr, ...(eventName === 'Plot' && { tag: tag(Number(blockNumber)), deadline: 1_000n + blockNumber }) },
    blockNumber,
    logIndex,
  });

  it('orders payloads newest plotted first and marks the one spellData names as current', () => {
    const spells = spellsOf([log('Plot', B, 10n), log('Exec', B, 11n), log('Plot', A, 20n)], A);
    expect(spells.map(({ address, executed, current }) => [address, executed, current])).toEqual([
      [A, false, true],
      [B, true, false],
    ]);
    expect(spells[1]!.executedBlock).toBe(11n);
  });

  it('counts an Exec or Drop only after the latest Plot of that payload, whatever the order logs came in', () => {
    const spells = spellsOf([log('Plot', A, 30n), log('Exec', A, 12n), log('Drop', A, 25n), log('Plot', A, 10n)], A);
    expect(spells).toEqual([{ address: A, tag: tag(30), deadline: 1_030, plottedBlock: 30n, executed: false, dropped: false, current: true }]);
  });

  it('sees a Drop in the same block after the Plot by log index', () => {
    const [spell] = spellsOf([log('Drop', A, 40n, 3), log('Plot', A, 40n, 1)], undefined);
    expect(spell).toMatchObject({ dropped: true, current: false });
  });
});
