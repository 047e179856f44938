import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  encodeFunctionResult,
  type Hex,
  numberToHex,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { bravoAbi, compoundGovernorAbi, configuratorAbi, proposalCreatedEvent } from '../../../shared/modules/compound/abi.js';
import { COMET_CONFIGURATOR, COMPOUND_GOVERNOR, GOVERNOR_BRAVO } from '../../../shared/modules/compound/addresses.js';
import { normalizeProposal } from '../../../shared/modules/compound/normalizeProposal.js';
import { readCompoundProposals } from '../../../shared/modules/compound/readProposals.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';

/*
 * The CompoundGovernor half of the reads, against an in-process JSON-RPC answerer. The numbers are
 * PLAIN TEST DATA, not a real proposal (no public dump of one was found; see
 * test/fixtures/upstream/ethereum/compound.md): the test checks which calls are made, with which
 * arguments, and how their answers are combined.
 */
const SNAPSHOT = 22_000_000n;
const DELAY = 13_140n;
const COUNTING_MODE = 'support=bravo,fractional&quorum=for,abstain&params=fractional';
const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const CWETHV3 = '0xA17581A9E3356d9A858b789D68B4d866e593aE94';
const action = encodeFunctionData({ abi: configuratorAbi, functionName: 'updateAssetBorrowCollateralFactor', args: [CWETHV3, WBTC, 800_000_000_000_000_000n] });

function answer(method: string, params: unknown[], seen: string[]): unknown {
  if (method === 'eth_chainId') return '0x1';
  if (method === 'eth_getLogs') {
    const { address, fromBlock } = params[0] as { address: string; fromBlock: Hex };
    seen.push(`getLogs ${address} ${BigInt(fromBlock)}`);
    const data = encodeAbiParameters(proposalCreatedEvent.inputs, [301n, GOVERNOR_BRAVO, [COMET_CONFIGURATOR], [0n], [''], [action], SNAPSHOT, SNAPSHOT + 19_710n, '# Test\n\nPlain test data for the governor path.']);
    return [{ address: address.toLowerCase(), topics: encodeEventTopics({ abi: [proposalCreatedEvent] }), data, blockNumber: fromBlock, logIndex: '0x0', removed: false }];
  }
  const { to, data } = params[0] as { to: string; data: Hex };
  if (to.toLowerCase() === GOVERNOR_BRAVO.toLowerCase()) {
    const call = decodeFunctionData({ abi: bravoAbi, data });
    seen.push(`bravo ${call.functionName}`);
    const value = { proposalCount: 300n, votingDelay: DELAY, quorumVotes: 400_000n * 10n ** 18n }[call.functionName as 'proposalCount'];
    return encodeFunctionResult({ abi: bravoAbi, functionName: call.functionName, result: value } as never);
  }
  const call = decodeFunctionData({ abi: compoundGovernorAbi, data });
  seen.push(`governor ${call.functionName}${call.args ? `(${call.args.join(',')})` : ''}`);
  const results: Record<string, unknown> = {
    proposalCount: 302n,
    votingDelay: DELAY,
    COUNTING_MODE,
    quorum: 400_000n * 10n ** 18n,
    state: 1,
    proposalVotes: [5n * 10n ** 18n, 390_000n * 10n ** 18n, 20_000n * 10n ** 18n],
    proposalSnapshot: SNAPSHOT,
    proposalDeadline: SNAPSHOT + 19_710n,
    proposalProposer: GOVERNOR_BRAVO,
    proposalEta: 0n,
  };
  return encodeFunctionResult({ abi: compoundGovernorAbi, functionName: call.functionName, result: results[call.functionName] } as never);
}

async function readWithAnswerer() {
  const seen: string[] = [];
  const fetch = async (_input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body));
    const calls = (Array.isArray(body) ? body : [body]) as { id: number; method: string; params: unknown[] }[];
    const answers = calls.map((call) => ({ jsonrpc: '2.0', id: call.id, result: answer(call.method, call.params ?? [], seen) }));
    return new Response(JSON.stringify(Array.isArray(body) ? answers : answers[0]), { headers: { 'content-type': 'application/json' } });
  };
  const upstreams = createUpstreams({ env: {}, fetch });
  const raw = await readCompoundProposals({ ethereum: upstreams.ethereum, newest: 1 });
  return { raw, seen };
}

describe('reading a CompoundGovernor proposal', () => {
  it('routes the id above Bravo’s count to CompoundGovernor and reads its votes, snapshot, deadline and quorum', async () => {
    const { seen } = await readWithAnswerer();
    expect(seen).toEqual(
      expect.arrayContaining([
        'governor proposalCount',
        'governor state(301)',
        'governor proposalVotes(301)',
        'governor proposalSnapshot(301)',
        'governor proposalDeadline(301)',
        'governor votingDelay',
        'governor COUNTING_MODE',
        `governor quorum(${SNAPSHOT})`,
        `getLogs ${COMPOUND_GOVERNOR} ${SNAPSHOT - DELAY}`,
      ]),
    );
    expect(seen.some((entry) => entry.startsWith('bravo state') || entry.startsWith('bravo proposals'))).toBe(false);
  });

  it('counts Abstain toward quorum per COUNTING_MODE and decodes selector-in-calldata actions', async () => {
    const { raw } = await readWithAnswerer();
    const proposal = normalizeProposal(raw[0]!);
    expect(proposal.id).toBe('compound-governor-301');
    expect(proposal.status).toBe('active');
    expect(proposal.votes).toMatchObject({ for: 390_000, abstain: 20_000, quorumReached: true });
    expect(proposal.changes).toEqual([expect.objectContaining({ market: 'comet-weth', asset: 'WBTC', parameter: 'ltv', to: 8000, unit: 'bps' })]);
    expect(numberToHex(raw[0]!.createdBlock)).toBe(numberToHex(SNAPSHOT - DELAY));
  });
});
