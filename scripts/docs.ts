/*
 * `npm run docs`: writes docs/api.md, the API guide made from the OpenAPI document, and prints
 * README's tables that are made from the code (the upstream table), to paste into README.
 * test/docs/ fails while either differs from what the code makes.
 */
import { writeFile } from 'node:fs/promises';
import { exampleBodies } from '../build/exampleBodies.js';
import { buildOpenApiDocument } from '../shared/api/openapi/document.js';
import { apiGuide } from '../shared/docs/apiGuide.js';
import { upstreamTable } from '../shared/docs/upstreamTable.js';

await writeFile(new URL('../docs/api.md', import.meta.url), apiGuide(buildOpenApiDocument(await exampleBodies())));
console.error('written: docs/api.md');
console.log(upstreamTable());
