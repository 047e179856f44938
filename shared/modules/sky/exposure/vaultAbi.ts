/*
 * The views a wallet's vaults are read through, as the DSS sources declare them: Vat
 * `urns(ilk, urn)` → Urn {ink, art} and `ilks(ilk)` → Ilk {Art, rate, spot, line, dust}
 * (makerdao/dss src/vat.sol); Spotter `ilks(ilk)` → {pip, mat} (src/spot.sol); Jug `ilks(ilk)` →
 * {duty, rho} and `base` (src/jug.sol); DssCdpManager's helper GetCdps `getCdpsAsc(manager, guy)` →
 * (ids, urns, ilks) (makerdao/dss-cdp-manager src/GetCdps.sol); ProxyRegistry `proxies(owner)`
 * (makerdao/proxy-registry); LockstakeEngine `ownerUrnsCount(owner)`, `ownerUrns(owner, index)` and
 * `ilk` (sky-ecosystem/lockstake src/LockstakeEngine.sol).
 */

const uint = (name: string) => ({ name, type: 'uint256' }) as const;

export const vatAbi = [
  { type: 'function', name: 'urns', stateMutability: 'view', inputs: [{ name: 'ilk', type: 'bytes32' }, { name: 'urn', type: 'address' }], outputs: [uint('ink'), uint('art')] },
  { type: 'function', name: 'ilks', stateMutability: 'view', inputs: [{ name: 'ilk', type: 'bytes32' }], outputs: [uint('Art'), uint('rate'), uint('spot'), uint('line'), uint('dust')] },
] as const;

export const spotAbi = [{ type: 'function', name: 'ilks', stateMutability: 'view', inputs: [{ name: 'ilk', type: 'bytes32' }], outputs: [{ name: 'pip', type: 'address' }, uint('mat')] }] as const;

export const jugAbi = [
  { type: 'function', name: 'ilks', stateMutability: 'view', inputs: [{ name: 'ilk', type: 'bytes32' }], outputs: [uint('duty'), uint('rho')] },
  { type: 'function', name: 'base', stateMutability: 'view', inputs: [], outputs: [uint('')] },
] as const;

export const getCdpsAbi = [
  {
    type: 'function',
    name: 'getCdpsAsc',
    stateMutability: 'view',
    inputs: [{ name: 'manager', type: 'address' }, { name: 'guy', type: 'address' }],
    outputs: [{ name: 'ids', type: 'uint256[]' }, { name: 'urns', type: 'address[]' }, { name: 'ilks', type: 'bytes32[]' }],
  },
] as const;

export const proxyRegistryAbi = [{ type: 'function', name: 'proxies', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ name: '', type: 'address' }] }] as const;

export const lockstakeEngineAbi = [
  { type: 'function', name: 'ownerUrnsCount', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [uint('')] },
  { type: 'function', name: 'ownerUrns', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }, { name: 'index', type: 'uint256' }], outputs: [{ name: '', type: 'address' }] },
  { type: 'function', name: 'ilk', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'bytes32' }] },
] as const;
