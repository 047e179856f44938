import * as z from 'zod';
import { MODULE_INFOS } from '../modules/registry.js';
import { runWhatIf, type WhatIfResult } from '../whatIf/runWhatIf.js';
import { whatIfInput } from '../whatIf/whatIfInput.js';

/** POST /api/simulate as the OpenAPI document shows it: the input's JSON Schema, an example input and the answer to it. */
export interface SimulateExample {
  inputSchema: Record<string, unknown>;
  input: unknown;
  output: WhatIfResult;
}

/**
 * A lending account as an analyst writes one: $30,000 of WETH (LT 0.83) against $15,000 of USDC,
 * with WETH's threshold cut to 0.80 (health factor 1.66 → 1.60). It names no protocol: the first
 * module whose what-if account takes it is the example's.
 */
const LENDING_EXAMPLE = {
  account: {
    reserves: [
      { asset: 'WETH', suppliedUsd: 30000, collateral: true, liquidationThreshold: 0.83, ltv: 0.805 },
      { asset: 'USDC', borrowedUsd: 15000, liquidationThreshold: 0.78, ltv: 0.75, borrowApy: 0.05 },
    ],
  },
  changes: [{ asset: 'WETH', parameter: 'liquidationThreshold', to: 0.8 }],
};

/** Made at build time (build/exampleBodies.ts): the real what-if on the example, and the schema the handler parses with. */
export async function simulateExample(): Promise<SimulateExample> {
  const { schema } = await whatIfInput();
  const input = MODULE_INFOS.filter((module) => module.whatIf)
    .map((module) => ({ protocol: module.slug, ...LENDING_EXAMPLE }))
    .find((candidate) => schema.safeParse(candidate).success);
  if (!input) throw new Error('no module takes the lending what-if example');
  // The input side: defaults may be left out; parameter aliases (a preprocess) cannot be written as schema and read as any value.
  const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { inputSchema, input, output: await runWhatIf(input) };
}
