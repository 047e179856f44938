import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { exampleBodies } from '../../build/exampleBodies.js';
import { buildOpenApiDocument } from '../../shared/api/openapi/document.js';

type Document = Awaited<ReturnType<typeof buildOpenApiDocument>>;

let loaded: Promise<{ ajv: Ajv2020; document: Document }> | undefined;

/** The generated OpenAPI document, loaded into a JSON Schema 2020-12 validator (OpenAPI 3.1's dialect). */
function contract() {
  loaded ??= exampleBodies().then(buildOpenApiDocument).then((document) => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
    ajv.addSchema({ $id: 'https://govex.test/openapi.json', components: JSON.parse(JSON.stringify(document.components)) });
    return { ajv, document };
  });
  return loaded;
}

/**
 * Asserts that a live response matches the document: its status is documented for the path, its
 * body validates against that status's schema, and every documented header is present.
 */
export async function expectContract(pathTemplate: string, response: Response, body: unknown, method: 'get' | 'post' | 'delete' = 'get'): Promise<void> {
  const { ajv, document } = await contract();
  const operation = document.paths?.[pathTemplate]?.[method];
  expect(operation, `no ${method.toUpperCase()} ${pathTemplate} in the document`).toBeDefined();
  const status = String(response.status);
  const documented = operation!.responses?.[status] as { content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> } | undefined;
  expect(documented, `status ${status} of ${method.toUpperCase()} ${pathTemplate} is not documented`).toBeDefined();
  const contentType = response.headers.get('content-type')?.split(';')[0] ?? '';
  const media = documented!.content?.[contentType];
  expect(media, `content type ${contentType} of ${status} is not documented`).toBeDefined();
  if (contentType === 'application/json') {
    const key = `https://govex.test/responses/${method}${encodeURI(pathTemplate)}/${status}`;
    const validate = ajv.getSchema(key) ?? (ajv.addSchema(JSON.parse(JSON.stringify(media!.schema).replace(/#\/components\//g, 'https://govex.test/openapi.json#/components/')), key), ajv.getSchema(key)!);
    const valid = validate(body);
    expect(valid, `body does not match the document: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }
  for (const header of Object.keys(documented!.headers ?? {})) {
    if (header === 'Deprecation' || header === 'Sunset') continue;
    expect(response.headers.has(header), `header ${header} is documented for ${status} but missing`).toBe(true);
  }
}

export const documentPaths = async () => Object.keys((await contract()).document.paths ?? {});
