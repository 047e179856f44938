import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../shared/api/openapi/document.js';
import { apiGuide } from '../../shared/docs/apiGuide.js';

const committed = () => readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

describe('docs/api.md', () => {
  it('is the guide the OpenAPI document makes now (run `npm run docs` after changing a schema or a description)', async () => {
    expect(committed() === apiGuide(await buildOpenApiDocument()), 'docs/api.md is out of date: run npm run docs').toBe(true);
  });

  it('documents every path and every query parameter of the document', async () => {
    const document = await buildOpenApiDocument();
    const guide = committed();
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      expect(guide).toContain(`### GET ${path}`);
      for (const parameter of (item?.get?.parameters ?? []) as { name: string }[]) expect(guide).toContain(`| \`${parameter.name}\` |`);
    }
  });
});
