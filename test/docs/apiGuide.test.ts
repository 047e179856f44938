import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exampleBodies } from '../../build/exampleBodies.js';
import { buildOpenApiDocument } from '../../shared/api/openapi/document.js';
import { apiGuide } from '../../shared/docs/apiGuide.js';

const committed = () => readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

describe('docs/api.md', () => {
  it('is the guide the OpenAPI document makes now (run `npm run docs` after changing a schema or a description)', async () => {
    const [made, kept] = [apiGuide(buildOpenApiDocument(await exampleBodies())).split('\n'), committed().split('\n')];
    const line = made.findIndex((text, index) => text !== kept[index]);
    const where = line === -1 && made.length === kept.length ? '' : `line ${line + 1}: committed ${JSON.stringify(kept[line]?.slice(0, 120))}, made ${JSON.stringify(made[line]?.slice(0, 120))}`;
    expect(where, 'docs/api.md is out of date: run npm run docs').toBe('');
  });

  it('documents every path and every query parameter of the document', async () => {
    const document = buildOpenApiDocument(await exampleBodies());
    const guide = committed();
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      expect(guide).toContain(`### ${item?.post ? 'POST' : item?.delete ? 'DELETE' : 'GET'} ${path}`);
      for (const parameter of (item?.get?.parameters ?? []) as { name: string }[]) expect(guide).toContain(`| \`${parameter.name}\` |`);
    }
  });
});
