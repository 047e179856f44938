import { describe, expect, it } from 'vitest';
import type { PayloadState, ProposalState } from '../../../shared/modules/aave/abi.js';
import { statusOf } from '../../../shared/modules/aave/statusOf.js';
import type { ProposalPayload } from '../../../shared/modules/aave/types.js';

const onEthereum = (state: PayloadState, payloadId = 1): ProposalPayload => ({
  chainId: 1,
  payloadsController: '0xdAbad81aF85554E9ae636395611C58F7eC1aAEc5',
  payloadId,
  onChain: { state, queuedAt: 0, executedAt: 0, delay: 86_400 },
});
const onPolygon: ProposalPayload = { chainId: 137, payloadsController: '0x401B5D0294E23637c18fcc38b1Bca814CDa2637C', payloadId: 9 };

describe('statusOf maps every Governance v3 state (sources.md §2)', () => {
  it.each<[ProposalState, string]>([
    ['Null', 'pending'],
    ['Created', 'pending'],
    ['Active', 'active'],
    ['Queued', 'passed'],
    ['Failed', 'closed'],
    ['Cancelled', 'canceled'],
    ['Expired', 'closed'],
  ])('%s → %s', (state, status) => {
    expect(statusOf({ state, payloads: [onEthereum('Created')] })).toBe(status);
  });

  it('is executed only when every payload has run', () => {
    expect(statusOf({ state: 'Executed', payloads: [onEthereum('Executed'), onEthereum('Executed', 2)] })).toBe('executed');
    expect(statusOf({ state: 'Executed', payloads: [onEthereum('Executed'), onEthereum('Queued', 2)] })).toBe('passed');
  });

  it('stays passed while a payload runs on a chain it cannot read', () => {
    expect(statusOf({ state: 'Executed', payloads: [onEthereum('Executed'), onPolygon] })).toBe('passed');
    expect(statusOf({ state: 'Executed', payloads: [onPolygon] })).toBe('passed');
  });

  it('is canceled when every payload was cancelled and closed when every payload expired', () => {
    expect(statusOf({ state: 'Executed', payloads: [onEthereum('Cancelled')] })).toBe('canceled');
    expect(statusOf({ state: 'Executed', payloads: [onEthereum('Expired'), onEthereum('Expired', 2)] })).toBe('closed');
    expect(statusOf({ state: 'Executed', payloads: [onEthereum('Expired'), onEthereum('Executed', 2)] })).toBe('passed');
  });
});
