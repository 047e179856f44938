/*
 * SP-BEAM's public views (makerdao/sp-beam src/SPBEAM.sol @eaadd53): `cfgs(bytes32 id)`, the
 * getter of `mapping(bytes32 => Cfg) public cfgs` with `struct Cfg { uint16 min; uint16 max;
 * uint16 step; }` (bps; step 0: the rate is not configured and set() reverts), `tau` (uint64, the
 * cooldown in seconds), `toc` (uint128, the last set()'s block time) and `bad` (uint8, 1 while
 * SPBEAMMom has halted it). Plain data, no chain library: compiled and checked against the source
 * by test/modules/sky/spBeamConfig.test.ts.
 */
const view = (name: string, type: 'uint8' | 'uint64' | 'uint128') => ({ type: 'function', name, stateMutability: 'view', inputs: [], outputs: [{ name: '', type }] }) as const;

export const spBeamViewsAbi = [
  {
    type: 'function',
    name: 'cfgs',
    stateMutability: 'view',
    inputs: [{ name: '', type: 'bytes32' }],
    outputs: [
      { name: 'min', type: 'uint16' },
      { name: 'max', type: 'uint16' },
      { name: 'step', type: 'uint16' },
    ],
  },
  view('tau', 'uint64'),
  view('toc', 'uint128'),
  view('bad', 'uint8'),
] as const;
