import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { llmsTxt } from '../../shared/api/llmsTxt.js';
import { API_DESCRIPTION } from '../../shared/api/openapi/description.js';
import { exampleBodies } from '../../build/exampleBodies.js';
import { CHAIN_CHECK_RULES } from '../../shared/simulate/checkAgainstChain.js';
import { LEVEL_RULES } from '../../shared/simulate/levels.js';

const RULES = [...CHAIN_CHECK_RULES, ...LEVEL_RULES];
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('the simulator’s written rules', () => {
  it.each(RULES)('are in README, /llms.txt and the OpenAPI description word for word: %s', async (rule) => {
    expect(readme).toContain(rule);
    expect(llmsTxt('https://govex.example', await exampleBodies())).toContain(rule);
    expect(API_DESCRIPTION).toContain(rule);
  });
});
