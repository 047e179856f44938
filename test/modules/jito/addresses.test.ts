import { describe, expect, it } from 'vitest';
import { SPL_STAKE_POOL_PROGRAM } from '../../../shared/modules/jito/decodeProposalTransactions.js';
import { JITO_DEPLOYMENT } from '../../../shared/modules/jito/deployment.js';
import { JITOSOL } from '../../../shared/modules/jito/exposure/jitoSolPool.js';
import { readAddressSnapshot } from '../../fixtures/addresses/addressSnapshot.js';

/*
 * Jito publishes no package of its accounts: the module's are checked against a snapshot of the
 * Jito DAO's Realms front end (jito-foundation/governance-ui) and of the SPL Stake Pool program's
 * program-id.md. Base58 is case-sensitive, so accounts are compared exactly.
 */
const snapshot = readAddressSnapshot('jito');

describe('Jito accounts', () => {
  it('equal the published files, account for account', () => {
    const declared = {
      'JITO_DEPLOYMENT.programId': JITO_DEPLOYMENT.programId,
      'JITO_DEPLOYMENT.realm': JITO_DEPLOYMENT.realm,
      'JITO_DEPLOYMENT.stakePools.JitoSOL': JITO_DEPLOYMENT.stakePools.JitoSOL,
      'JITOSOL.mint': JITOSOL.mint,
      SPL_STAKE_POOL_PROGRAM,
    };
    expect(declared).toEqual(Object.fromEntries(Object.entries(snapshot.entries).map(([name, entry]) => [name, entry.address])));
  });

  it('the source reads SetFee for the one pool the exposure values, under the program the snapshot names', () => {
    expect(Object.keys(JITO_DEPLOYMENT.stakePools)).toEqual(['JitoSOL']);
    expect([JITOSOL.pool, JITOSOL.stakePoolProgram]).toEqual([snapshot.entries['JITO_DEPLOYMENT.stakePools.JitoSOL']!.address, snapshot.entries.SPL_STAKE_POOL_PROGRAM!.address]);
  });

  it('snapshot holds five entries from three files, the realm entry being the one named Jito', () => {
    expect(Object.keys(snapshot.entries)).toHaveLength(5);
    expect(Object.keys(snapshot.sources)).toHaveLength(3);
    expect(snapshot.entries['JITO_DEPLOYMENT.realm']!.key).toBe('301/realmId');
  });
});
