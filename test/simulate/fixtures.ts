import type { ParameterChange } from '../../shared/domain/parameterChange.js';
import type { ExposurePosition, LendingAccount, SimulatorInputs } from '../../shared/domain/position.js';
import type { FeedProposal } from '../../shared/domain/proposal.js';

/** A change as a source would emit it: verified, on Aave's Ethereum core market, in bps unless told. */
export const change = (fields: Partial<ParameterChange> & Pick<ParameterChange, 'parameter' | 'to'>): ParameterChange => ({
  protocol: 'aave',
  market: 'aave-v3-ethereum',
  unit: 'bps',
  evidence: 'test',
  verified: true,
  ...fields,
});

/** An active proposal carrying the given changes. */
export const proposal = (changes: ParameterChange[], fields: Partial<FeedProposal> = {}): FeedProposal => ({
  id: 'aave-test-1',
  protocol: 'aave',
  title: 't',
  summary: 's',
  description: 'd',
  status: 'active',
  votes: {},
  timeline: {},
  changes,
  firstSeen: '2026-11-01T00:00:00Z',
  ...fields,
});

/** One position of a wallet with its simulator inputs. */
export const exposure = (protocol: string, asset: string, valueUsd: number | undefined, inputs: Omit<SimulatorInputs, 'valueUsd'>, amount = '1'): ExposurePosition => ({
  position: { id: `${protocol}-${asset}-${inputs.role}`, protocol, asset, amount, user_address: '0x1', ...(valueUsd !== undefined && { valueUsd }) },
  inputs: { ...inputs, ...(valueUsd !== undefined && { valueUsd }) },
});

/** Every position of a lending account: one supply per collateral, one borrow of `debtAsset`. */
export function lendingPositions(account: LendingAccount, debtAsset = 'USDC', protocol = 'aave'): ExposurePosition[] {
  return [
    ...account.collateral.map((entry) => exposure(protocol, entry.asset, entry.valueUsd, { market: account.market, role: 'supply', apr: 0, account })),
    ...(account.debtUsd > 0 ? [exposure(protocol, debtAsset, account.debtUsd, { market: account.market, role: 'borrow', apr: 0.05, account })] : []),
  ];
}
