import { readFileSync } from 'node:fs';
import { fromBase64 } from '@cosmjs/encoding';
import { proposalStatusToJSON } from 'cosmjs-types/cosmos/gov/v1/gov';
import { QueryProposalsResponse } from 'cosmjs-types/cosmos/gov/v1/query';
import { describe, expect, it } from 'vitest';
import { parseFixtureFile } from '../../../shared/upstream/replay/fixtureFormat.js';
import { buildRecording, PAGE_IDS, RECORDING_PATH, raw, recordingText } from './buildRecordings.js';
import { timestamp } from './lcdToProto.js';

const committed = () => readFileSync(RECORDING_PATH, 'utf8');

describe('cosmoshub recordings', () => {
  it('are exactly the raw LCD values encoded by buildRecordings (regenerate with --write)', () => {
    expect(committed()).toBe(recordingText());
  });

  it('are a valid fixture file of the cosmosRpc upstream, stating they were encoded', () => {
    const file = parseFixtureFile(JSON.parse(committed()), 'cosmoshub-gov.json');
    expect(file).toMatchObject({ upstream: 'cosmosRpc', protocol: 'json-rpc', source: { kind: 'encoded' } });
    if (file.protocol !== 'json-rpc') throw new Error('not json-rpc');
    expect(file.exchanges.every((exchange) => exchange.request.method === 'abci_query')).toBe(true);
  });

  it('decode back to the raw proposals, nanoseconds and uatom counts included', () => {
    const proposals = buildRecording().exchanges[0]!.response as { result: { response: { value: string } } };
    const page = QueryProposalsResponse.decode(fromBase64(proposals.result.response.value)).proposals;
    const rawPage = raw('gov_v1_proposals_page3_trimmed.json').proposals as Record<string, any>[];
    expect(page.map((proposal) => String(proposal.id))).toEqual(PAGE_IDS);
    for (const proposal of page) {
      const source = rawPage.find((item) => item.id === String(proposal.id))!;
      expect(proposalStatusToJSON(proposal.status)).toBe(source.status);
      expect(proposal.finalTallyResult?.yesCount).toBe(source.final_tally_result.yes_count);
      expect(proposal.submitTime).toEqual(timestamp(source.submit_time));
      expect(proposal.votingEndTime).toEqual(timestamp(source.voting_end_time));
      expect([proposal.title, proposal.summary, proposal.metadata, proposal.proposer]).toEqual([source.title, source.summary, source.metadata, source.proposer]);
      expect(proposal.messages.map((message) => message.typeUrl)).toEqual(source.messages.map((message: { '@type': string }) => message['@type']));
    }
  });

  it('keep timestamps to the nanosecond', () => {
    expect(timestamp('2024-05-13T19:53:33.063465654Z')).toEqual({ seconds: 1715630013n, nanos: 63465654 });
    expect(timestamp('0001-01-01T00:00:00Z')).toEqual({ seconds: -62135596800n, nanos: 0 });
  });
});
