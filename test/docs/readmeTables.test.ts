import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { upstreamTable } from '../../shared/docs/upstreamTable.js';

const README = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');

describe('README', () => {
  it('shows the upstream table the endpoints and the modules’ declarations make (`npm run docs` prints it)', () => {
    expect(README).toContain(upstreamTable());
  });
});
