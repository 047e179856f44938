/*
 * The views a spell's status is read from: the chief's `hat()` (ds-chief DSChief: the address with
 * the most approval, the only one allowed to act), DSPause `delay()` (ds-pause: the GSM delay,
 * seconds) and the spell's own DssExec views (dss-exec-lib DssExec.sol, which every spells-mainnet
 * DssSpell extends: `eta` is 0 until schedule() plots it at now + delay, `done` turns true at cast,
 * `expiration` is its deploy time + 30 days, `description` starts with the spell's date).
 */

const view = (name: string, type: 'address' | 'uint256' | 'bool' | 'string') =>
  ({ type: 'function', name, stateMutability: 'view', inputs: [], outputs: [{ name: '', type }] }) as const;

export const chiefAbi = [view('hat', 'address')] as const;
export const pauseAbi = [view('delay', 'uint256')] as const;
export const dssExecAbi = [view('eta', 'uint256'), view('done', 'bool'), view('expiration', 'uint256'), view('description', 'string')] as const;
