import { describe, expect, it } from 'vitest';
import { llmsTxt } from '../../shared/api/llmsTxt.js';
import { exampleBodies } from '../../build/exampleBodies.js';
import { EXAMPLE_REQUESTS } from '../../shared/api/examples.js';
import { ProposalStatus } from '../../shared/contract/enums.js';
import { QueryParams } from '../../shared/contract/query.js';
import { ProposalsResponse } from '../../shared/contract/responses.js';

const text = async () => llmsTxt('https://govex.example', await exampleBodies());

describe('/llms.txt', () => {
  it.each(Object.keys(QueryParams))('describes the query parameter %s', async (name) => {
    expect(await text()).toMatch(new RegExp(`^- \`${name}\` \\(/`, 'm'));
  });

  it.each(ProposalStatus.options)('says what the status %s means', async (status) => {
    expect(await text()).toMatch(new RegExp(`^- \`${status}\`: \\w`, 'm'));
  });

  it('says that unknown parameters are refused, not ignored', async () => {
    expect(await text()).toContain('A parameter an endpoint does not take is 400 invalid_input');
    expect(await text()).not.toMatch(/unknown parameters are ignored/i);
  });

  it('shows, as its sample answer, the body the pipeline gives for the catalog’s example request, one the contract accepts, with a nextCursor', async () => {
    const examples = await exampleBodies();
    const sample = /## Sample answer\n\n`GET ([^`]+)`[^\n]*\n\n```json\n([\s\S]+?)\n```/.exec(await text());
    expect(sample?.[1]).toBe(EXAMPLE_REQUESTS.proposals);
    const body = JSON.parse(sample![2]!);
    expect(body).toEqual(examples.proposals);
    expect(ProposalsResponse.safeParse(body).success).toBe(true);
    expect(body.nextCursor).toEqual(expect.any(String));
  });
});
