/**
 * A rule change a proposal makes, in machine-readable form. Sources decode these from calldata,
 * messages or published diffs (verified: true) or from the body's parameter tables (verified: false);
 * the simulator turns them into impact.
 */
export interface ParameterChange {
  protocol: string;
  /** The market or pool the change applies to, when the protocol has several. */
  market?: string;
  /** The asset symbol the change applies to; absent when the change is protocol-wide. */
  asset?: string;
  parameter: ParameterName;
  from?: number | string;
  to: number | string;
  unit: ParameterUnit;
  /** Where the change was read: a calldata selector, a message type, a table row. */
  evidence: string;
  verified: boolean;
}

/**
 * The parameters the simulator knows. Numbers move for all but `listing`, whose change of
 * state (frozen, delisted, deprecated, migrated) is a change of shape.
 */
export type ParameterName =
  | 'liquidationThreshold'
  | 'ltv'
  | 'liquidationBonus'
  | 'supplyApr'
  | 'borrowApr'
  | 'reserveFactor'
  | 'optimalUsage'
  | 'baseRate'
  | 'slope1'
  | 'slope2'
  | 'supplyCap'
  | 'borrowCap'
  | 'rewardFee'
  | 'communityTax'
  | 'reserveBase'
  | 'reserveIncrement'
  | 'listing';

export type ParameterUnit = 'bps' | 'fraction' | 'drops' | 'tokens' | 'state';
