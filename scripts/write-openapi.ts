/**
 * Writes the OpenAPI document to a file: for linting in the test command, and for the static
 * copy a deployment serves from its bucket. Usage: tsx scripts/write-openapi.ts <out.json> [server-url]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { exampleBodies } from '../build/exampleBodies.js';
import { buildOpenApiDocument } from '../shared/api/openapi/document.js';

const [out = '.build/openapi.json', server] = process.argv.slice(2);
const document = buildOpenApiDocument(await exampleBodies(), server);
await mkdir(dirname(out), { recursive: true });
await writeFile(out, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${out}`);
