/*
 * The views a spell's status is read from: the chief's `hat()` (the address with the most approval,
 * the only one allowed to act) and `approvals(yay)`, DSPause `delay()` (ds-pause: the GSM delay,
 * seconds) and the spell's own DssExec views (dss-exec-lib DssExec.sol, which every spells-mainnet
 * DssSpell extends: `eta` is 0 until schedule() plots it at now + delay, `done` turns true at cast,
 * `expiration` is its deploy time + 30 days, `description` starts with the spell's date).
 *
 * The chief is MCD_ADM since the 2025-05-15 spell (spells-mainnet eea84f21: 0x929d…a6f9, the old
 * DSChief 0x0a3f…dDC0 became MCD_ADM_LEGACY): makerdao/chief src/Chief.sol @11f7c6d, the revision
 * with `liftCooldown()` that the spell's MigrationInit requires. It emits plain events, no ds-note:
 * `Etch(bytes32 indexed slate, address[] yays)` names a slate's candidates when it is first voted.
 * Checked against the ABI solc-js compiles from that source (test/fixtures/sky-chief/).
 */

const view = (name: string, type: 'address' | 'uint256' | 'bool' | 'string') =>
  ({ type: 'function', name, stateMutability: 'view', inputs: [], outputs: [{ name: '', type }] }) as const;

export const chiefAbi = [
  view('hat', 'address'),
  { type: 'function', name: 'approvals', stateMutability: 'view', inputs: [{ name: 'yay', type: 'address' }], outputs: [{ name: 'amt', type: 'uint256' }] },
] as const;
export const etchEvent = {
  type: 'event',
  name: 'Etch',
  inputs: [
    { name: 'slate', type: 'bytes32', indexed: true },
    { name: 'yays', type: 'address[]', indexed: false },
  ],
} as const;
export const pauseAbi = [view('delay', 'uint256')] as const;
export const dssExecAbi = [view('eta', 'uint256'), view('done', 'bool'), view('expiration', 'uint256'), view('description', 'string')] as const;
