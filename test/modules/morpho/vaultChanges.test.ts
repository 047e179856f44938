import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { BASE, ETHEREUM } from '../../../shared/modules/morpho/deployment.js';
import { blockTime, normalizeVaultChange } from '../../../shared/modules/morpho/normalizeVaultChange.js';
import { logRanges } from '../../../shared/upstream/clients/logRanges.js';
import type { VaultChainRead, VaultLog, VaultMarketState, VaultState } from '../../../shared/modules/morpho/readVaultGovernance.js';
import { vaultChanges } from '../../../shared/modules/morpho/vaultChanges.js';

/*
 * Synthetic test vectors (never fixtures): a vault's event sequences as MetaMorpho.sol emits them,
 * and the views the head would then answer.
 */

const vault = ETHEREUM.vaults[0]!;
const ID = `0x${'ab'.repeat(32)}` as Hex;
const CURATOR: Address = '0x1111111111111111111111111111111111111111';
const GUARDIAN: Address = '0x2222222222222222222222222222222222222222';
const ZERO: Address = '0x0000000000000000000000000000000000000000';
const e6 = 10n ** 6n;

let index = 0;
const log = (eventName: VaultLog['eventName'], args: Record<string, unknown>, blockNumber = 100n): VaultLog => ({ vault: vault.address, eventName, args, blockNumber, logIndex: index++ });

const quietVault = (overrides: Partial<VaultState> = {}): VaultState => ({
  vault,
  timelock: 86_400n,
  fee: 0n,
  guardian: ZERO,
  pendingTimelock: { value: 0n, validAt: 0n },
  pendingGuardian: { value: ZERO, validAt: 0n },
  ...overrides,
});

const market = (overrides: Partial<VaultMarketState> = {}): VaultMarketState => ({
  vault: vault.address,
  id: ID,
  cap: 0n,
  enabled: false,
  removableAt: 0n,
  pendingCap: { value: 0n, validAt: 0n },
  ...overrides,
});

const read = (logs: VaultLog[], state: Partial<VaultState> = {}, markets: VaultMarketState[] = []): VaultChainRead => ({
  chain: ETHEREUM,
  head: 1_000n,
  headTimestamp: 1_800_000_000n,
  vaults: [quietVault(state)],
  markets,
  logs,
});

describe('vault changes from the events and the head’s views', () => {
  it('a cap raise still pending is passed, with the exact validAt and today’s cap as its value before', () => {
    const [change] = vaultChanges(read([log('SubmitCap', { caller: CURATOR, id: ID, cap: 5_000_000n * e6 })], {}, [market({ cap: 1_000_000n * e6, enabled: true, pendingCap: { value: 5_000_000n * e6, validAt: 1_800_050_000n } })]));
    expect(change).toMatchObject({ kind: 'cap', status: 'passed', timelocked: true, validAt: 1_800_050_000n, from: 1_000_000n * e6, to: 5_000_000n * e6, fromReadAtHead: true });
  });

  it('a cap raise accepted (SetCap of the same value) is executed; revoked, canceled', () => {
    const accepted = vaultChanges(read([log('SubmitCap', { caller: CURATOR, id: ID, cap: 7n }), log('SetCap', { caller: GUARDIAN, id: ID, cap: 7n }, 200n)]));
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({ status: 'executed', closed: { eventName: 'SetCap', blockNumber: 200n } });
    const revoked = vaultChanges(read([log('SubmitCap', { caller: CURATOR, id: ID, cap: 7n }), log('RevokePendingCap', { caller: GUARDIAN, id: ID })]));
    expect(revoked[0]).toMatchObject({ status: 'canceled', closed: { eventName: 'RevokePendingCap' } });
  });

  it('a SetCap with no submission took effect at once, its value before from the window’s last SetCap', () => {
    const changes = vaultChanges(read([log('SetCap', { caller: CURATOR, id: ID, cap: 9n }), log('SetCap', { caller: CURATOR, id: ID, cap: 3n })]));
    expect(changes.map((change) => [change.status, change.timelocked, change.from, change.to])).toEqual([
      ['executed', false, undefined, 9n],
      ['executed', false, 9n, 3n],
    ]);
  });

  it('ignores a revoke with nothing pending (MetaMorpho emits it anyway)', () => {
    expect(vaultChanges(read([log('RevokePendingTimelock', { caller: GUARDIAN })]))).toEqual([]);
  });

  it('a timelock cut pending is passed with the current timelock before; a raise is immediate', () => {
    const [cut] = vaultChanges(read([log('SubmitTimelock', { newTimelock: 3_600n * 24n })], { timelock: 604_800n, pendingTimelock: { value: 86_400n, validAt: 1_800_600_000n } }));
    expect(cut).toMatchObject({ kind: 'timelock', status: 'passed', from: 604_800n, to: 86_400n, validAt: 1_800_600_000n });
    const [raise] = vaultChanges(read([log('SetTimelock', { caller: CURATOR, newTimelock: 259_200n })]));
    expect(raise).toMatchObject({ kind: 'timelock', status: 'executed', timelocked: false, to: 259_200n });
  });

  it('a SetGuardian with no submission is executed, its value before unknown (a first guardian, or an old submission accepted)', () => {
    const source = read([log('SetGuardian', { caller: CURATOR, guardian: GUARDIAN })]);
    const [first] = vaultChanges(source);
    expect(first).toMatchObject({ kind: 'guardian', status: 'executed', timelocked: false, to: GUARDIAN });
    expect(first!.from).toBeUndefined();
    expect(normalizeVaultChange(first!, source).summary).toMatch(/at once if the vault had none/);
  });

  it('a SetTimelock below the last known value is an accepted cut, not a raise', () => {
    const source = read([log('SetTimelock', { caller: CURATOR, newTimelock: 259_200n }), log('SetTimelock', { caller: CURATOR, newTimelock: 86_400n })]);
    expect(vaultChanges(source).map((change) => normalizeVaultChange(change, source).title)).toEqual([`${vault.name}: timelock raised to 3\u00a0days`, `${vault.name}: timelock shortened to 1\u00a0day`]);
  });

  it('a fee change is immediate, with the window’s earlier fee as before', () => {
    const changes = vaultChanges(read([log('SetFee', { caller: CURATOR, newFee: 5n * 10n ** 16n }), log('SetFee', { caller: CURATOR, newFee: 10n ** 17n })]));
    expect(changes.map((change) => [change.kind, change.from, change.to])).toEqual([
      ['fee', undefined, 5n * 10n ** 16n],
      ['fee', 5n * 10n ** 16n, 10n ** 17n],
    ]);
  });

  it('a removal is passed while removableAt is set, executed once the market’s config is gone, canceled when revoked', () => {
    const submitted = () => [log('SetCap', { caller: CURATOR, id: ID, cap: 0n }), log('SubmitMarketRemoval', { caller: CURATOR, id: ID })];
    const pending = vaultChanges(read(submitted(), {}, [market({ enabled: true, removableAt: 1_800_090_000n })]));
    expect(pending.at(-1)).toMatchObject({ kind: 'removal', status: 'passed', validAt: 1_800_090_000n, from: 'enabled', to: 'removed' });
    const done = vaultChanges(read(submitted(), {}, [market()]));
    expect(done.at(-1)).toMatchObject({ kind: 'removal', status: 'executed' });
    const revoked = vaultChanges(read([...submitted(), log('RevokePendingMarketRemoval', { caller: GUARDIAN, id: ID })], {}, [market({ enabled: true })]));
    expect(revoked.at(-1)).toMatchObject({ kind: 'removal', status: 'canceled' });
  });

  it('closes a submission the head no longer has pending, rather than show it pending', () => {
    const [change] = vaultChanges(read([log('SubmitGuardian', { newGuardian: GUARDIAN })], { guardian: CURATOR }));
    expect(change).toMatchObject({ kind: 'guardian', status: 'closed' });
  });
});

describe('normalizing a vault change', () => {
  it('dates a log from the head: 12 s a block on Ethereum, 2 s on Base', () => {
    expect(blockTime({ chain: ETHEREUM, head: 1_000n, headTimestamp: 1_800_000_000n }, 900n)).toBe(1_800_000_000n - 1_200n);
    expect(blockTime({ chain: BASE, head: 1_000n, headTimestamp: 1_800_000_000n }, 900n)).toBe(1_800_000_000n - 200n);
  });

  it('gives a pending timelock cut its validAt as effectiveDate and a verified state change in seconds', () => {
    const source = read([log('SubmitTimelock', { newTimelock: 86_400n }, 950n)], { timelock: 259_200n, pendingTimelock: { value: 86_400n, validAt: 1_800_200_000n } });
    const proposal = normalizeVaultChange(vaultChanges(source)[0]!, source);
    expect(proposal).toMatchObject({
      protocol: 'morpho',
      status: 'passed',
      title: `${vault.name}: shorten the timelock to 1\u00a0day`,
      effectiveDate: new Date(1_800_200_000_000).toISOString().replace('.000Z', 'Z'),
      timeline: { created: new Date((1_800_000_000 - 600) * 1000).toISOString().replace('.000Z', 'Z') },
      changeType: 'parameter',
    });
    expect(proposal.changes).toEqual([
      { protocol: 'morpho', market: `metamorpho-ethereum-${vault.address.toLowerCase()}`, asset: 'USDC', parameter: 'vaultTimelock', from: 259_200, to: 86_400, unit: 'state', evidence: 'SubmitTimelock at block 950; value before read at the head', verified: true },
    ]);
    expect(proposal.id).toMatch(/^morpho-ethvaults-950-\d+$/);
  });

  it('gives a canceled change no ParameterChange: nothing will happen', () => {
    const source = read([log('SubmitCap', { caller: CURATOR, id: ID, cap: 7n }), log('RevokePendingCap', { caller: GUARDIAN, id: ID })]);
    const proposal = normalizeVaultChange(vaultChanges(source)[0]!, source);
    expect(proposal.status).toBe('canceled');
    expect(proposal.changes).toEqual([]);
    expect(proposal.effectiveDate).toBeUndefined();
  });

  it('writes a fee as a fraction and a removal as a change of shape', () => {
    const fee = read([log('SetFee', { caller: CURATOR, newFee: 15n * 10n ** 16n })]);
    expect(normalizeVaultChange(vaultChanges(fee)[0]!, fee).changes[0]).toMatchObject({ parameter: 'vaultFee', to: 0.15, unit: 'fraction' });
    const removal = read([log('SubmitMarketRemoval', { caller: CURATOR, id: ID })], {}, [market({ enabled: true, removableAt: 1_800_090_000n })]);
    const proposal = normalizeVaultChange(vaultChanges(removal)[0]!, removal);
    expect(proposal.changeType).toBe('shape');
    expect(proposal.changes[0]).toMatchObject({ parameter: 'vaultMarketRemoval', from: 'enabled', to: 'removed', market: `metamorpho-ethereum-${vault.address.toLowerCase()}:market 0xabababab…` });
  });
});

describe('the log window in ranges a public endpoint accepts', () => {
  it('cuts [from, to] into consecutive ranges of at most the size, both ends included', () => {
    expect(logRanges(100n, 349n, 100n)).toEqual([
      [100n, 199n],
      [200n, 299n],
      [300n, 349n],
    ]);
    expect(logRanges(5n, 5n, 100n)).toEqual([[5n, 5n]]);
  });

  it('covers the Ethereum window (115,200 blocks) in three ranges', () => {
    const ranges = logRanges(1_000_000n - ETHEREUM.lookbackBlocks, 1_000_000n, ETHEREUM.logChunkBlocks);
    expect(ranges).toHaveLength(3);
    expect(ranges[0]![0]).toBe(1_000_000n - 115_200n);
    expect(ranges.at(-1)![1]).toBe(1_000_000n);
    ranges.slice(1).forEach(([start], index) => expect(start).toBe(ranges[index]![1] + 1n));
  });
});

describe('naming a SetCap with no submission in the window', () => {
  const title = (logs: VaultLog[]) => {
    const source = read(logs);
    return vaultChanges(source).map((change) => normalizeVaultChange(change, source).title.replace(`${vault.name}: `, ''));
  };

  it('calls a SetCap to 0 a cut, a known lower value a cut, a known higher value an accepted raise, an unknown one a setting', () => {
    expect(title([log('SetCap', { caller: CURATOR, id: ID, cap: 0n })])).toEqual(['market 0xabababab… cap cut to 0 USDC']);
    expect(title([log('SetCap', { caller: CURATOR, id: ID, cap: 9n * e6 }), log('SetCap', { caller: CURATOR, id: ID, cap: 3n * e6 })])).toEqual(['market 0xabababab… cap set to 9 USDC', 'market 0xabababab… cap cut to 3 USDC']);
    expect(title([log('SetCap', { caller: CURATOR, id: ID, cap: 3n * e6 }), log('SetCap', { caller: CURATOR, id: ID, cap: 9n * e6 })])).toEqual(['market 0xabababab… cap set to 3 USDC', 'market 0xabababab… cap raised to 9 USDC']);
  });
});
