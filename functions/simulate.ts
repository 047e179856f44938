import { invalidInput } from '../shared/contract/errors.js';
import { jsonBodyOf } from '../shared/api/http/jsonBody.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { WhatIfResponse } from '../shared/api/simulateSchemas.js';
import { runWhatIf, WhatIfInputError } from '../shared/whatIf/runWhatIf.js';
import { whatIfJson } from '../shared/whatIf/whatIfJson.js';

/**
 * POST /api/simulate: the what-if command over HTTP. The body is the command's input file, the
 * answer what it prints, byte for byte; input it refuses with exit code 2 is 400 invalid_input here,
 * with the same message naming the field. Pure: no upstream, no store, no clock.
 */
export const handler = createHandler(OPERATIONS.simulate, async (event) => {
  const input = jsonBodyOf(event, OPERATIONS.simulate.maxBodyBytes);
  try {
    const result = await runWhatIf(input);
    // Checked against the documented shape; sent as the command writes it, not as zod re-orders it.
    WhatIfResponse.parse(result);
    return { body: whatIfJson(result), contentType: 'application/json; charset=utf-8' };
  } catch (error) {
    if (error instanceof WhatIfInputError) throw invalidInput(`invalid input: ${error.message}`);
    throw error;
  }
});
