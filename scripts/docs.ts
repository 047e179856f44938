/*
 * Prints README's tables that are made from the code (the upstream table), to paste into README;
 * test/docs/readmeTables.test.ts fails while README differs.
 */
import { upstreamTable } from '../shared/docs/upstreamTable.js';

console.log(upstreamTable());
