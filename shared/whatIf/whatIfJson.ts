import type { WhatIfResult } from './runWhatIf.js';

/**
 * What the what-if prints: its result as indented JSON and a newline. One writer for the command
 * (`npm run simulate`) and POST /api/simulate, so the two answers are the same bytes.
 */
export const whatIfJson = (result: WhatIfResult): string => `${JSON.stringify(result, null, 2)}\n`;
