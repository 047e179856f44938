/**
 * The what-if command for risk analysts: `npm run simulate -- FILE.json` (or `-` for standard
 * input) prints {impact, changes, healthFactor} as JSON; `--help` prints the input formats (README, "What if").
 * Bad input: a message on stderr and exit code 2, never a stack trace.
 */
import { readFileSync } from 'node:fs';
import { runWhatIf, WhatIfInputError } from '../shared/whatIf/runWhatIf.js';
import { whatIfHelp } from '../shared/whatIf/whatIfHelp.js';
import { whatIfJson } from '../shared/whatIf/whatIfJson.js';

const USAGE = 'usage: npm run simulate -- FILE.json   (or - to read standard input; --help for the input formats)';

function fail(message: string): never {
  process.stderr.write(`simulate: ${message}\n`);
  process.exit(2);
}

const [file, ...rest] = process.argv.slice(2);
if (file === '--help' || file === '-h') {
  process.stdout.write(`${await whatIfHelp()}\n`);
  process.exit(0);
}
if (!file || rest.length > 0) fail(USAGE);
let text: string;
try {
  text = readFileSync(file === '-' ? 0 : file, 'utf8');
} catch (error) {
  fail(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
}
let raw: unknown;
try {
  raw = JSON.parse(text);
} catch (error) {
  fail(`${file} is not JSON: ${(error as Error).message}`);
}
try {
  process.stdout.write(whatIfJson(await runWhatIf(raw)));
} catch (error) {
  if (error instanceof WhatIfInputError) fail(`invalid input:\n${error.message}`);
  fail(`could not simulate: ${(error as Error).message}`);
}
