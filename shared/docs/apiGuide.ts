/**
 * docs/api.md, the API guide in the repository, made from the OpenAPI document (itself made from
 * the zod schemas the handlers answer with): the guide cannot say what the API does not do.
 * `npm run docs` writes it; test/docs/apiGuide.test.ts fails while the committed file differs.
 */

/** The parts of a JSON Schema (OpenAPI 3.1) the guide reads. */
interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  $ref?: string;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  required?: string[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
  style?: string;
  explode?: boolean;
}
interface Response {
  description?: string;
  headers?: Record<string, { $ref?: string }>;
  content?: Record<string, { schema?: Schema; example?: unknown; examples?: Record<string, { value: unknown }> }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
  tags?: string[];
  parameters?: Parameter[];
  responses?: Record<string, Response>;
  requestBody?: { description?: string; content?: Record<string, { schema?: Schema; example?: unknown }> };
  'x-unknown-query-parameters'?: string;
}
export interface GuideDocument {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, { get?: Operation; post?: Operation; delete?: Operation } | undefined>;
  components?: { schemas?: Record<string, Schema>; headers?: Record<string, { description?: string; schema?: Schema }> };
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);
const anchor = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
/** A table cell: no pipe or line break may end the cell early. */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** A schema as a short type: `string (date-time)`, `one of a, b`, `array of [Position](#position)`. */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return `[${refName(schema.$ref)}](#${anchor(refName(schema.$ref))})`;
  if (schema.enum) return `one of ${schema.enum.map((value) => `\`${String(value)}\``).join(', ')}`;
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeOf).join(' or ');
  if (schema.type === 'array') return `array of ${typeOf(schema.items)}`;
  if (schema.type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') return `map of ${typeOf(schema.additionalProperties)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  const bounds = [schema.minimum !== undefined && `≥ ${schema.minimum}`, schema.maximum !== undefined && `≤ ${schema.maximum}`].filter(Boolean).join(', ');
  return [type, schema.format && `(${schema.format})`, bounds && `(${bounds})`].filter(Boolean).join(' ');
}

function parameterTable(parameters: readonly Parameter[]): string {
  const rows = parameters.map((parameter) => {
    const schema = parameter.schema;
    const list = parameter.style === 'form' && parameter.explode === false ? ', comma list' : '';
    const fallback = schema?.default !== undefined ? ` Default \`${String(schema.default)}\`.` : '';
    return `| \`${parameter.name}\` | ${parameter.in} | ${cell(typeOf(schema) + list)} | ${parameter.required ? 'yes' : 'no'} | ${cell((parameter.description ?? schema?.description ?? '') + fallback)} |`;
  });
  return ['| Parameter | In | Type | Required | Meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}

function responseList(responses: Record<string, Response>): string {
  return Object.entries(responses)
    .map(([status, response]) => {
      const [media, content] = Object.entries(response.content ?? {})[0] ?? [];
      const body = content?.schema ? `: ${typeOf(content.schema)}` : '';
      const codes = content?.examples ? ` (codes ${Object.keys(content.examples).map((code) => `\`${code}\``).join(', ')})` : '';
      const headers = Object.keys(response.headers ?? {});
      return `- **${status}** ${response.description ?? ''}${codes}${body}${media && media !== 'application/json' ? ` (\`${media}\`)` : ''}${headers.length ? `; headers ${headers.map((name) => `\`${name}\``).join(', ')}` : ''}`;
    })
    .join('\n');
}

/** A POST's body: its media type and description, and the example sent, folded. */
function requestBodySection(body: NonNullable<Operation['requestBody']>): string {
  const [media, content] = Object.entries(body.content ?? {})[0] ?? [];
  const example = content?.example === undefined ? '' : `\n\n<details><summary>Example body</summary>\n\n\`\`\`json\n${JSON.stringify(content.example, null, 2)}\n\`\`\`\n\n</details>`;
  return `\n\nBody (\`${media ?? 'application/json'}\`): ${body.description ?? ''} Its schema is in the OpenAPI document.${example}`;
}

function operationSection(path: string, operation: Operation, method = 'GET'): string {
  const parameters = operation.parameters ?? [];
  const ok = (operation.responses?.['200'] ?? operation.responses?.['201'])?.content?.['application/json'];
  const example = ok?.example === undefined ? '' : `\n\n<details><summary>Example answer</summary>\n\n\`\`\`json\n${JSON.stringify(ok.example, null, 2)}\n\`\`\`\n\n</details>`;
  return `### ${method} ${path}

${operation.summary ?? ''}.${operation.deprecated ? ' **Deprecated.**' : ''} ${operation.tags?.includes('service') ? 'Not throttled.' : 'Throttled.'}

${operation.description ?? ''}

${parameters.length ? parameterTable(parameters) : 'No parameters.'}${operation['x-unknown-query-parameters'] ? `\n\nOther query parameters: ${operation['x-unknown-query-parameters']}.` : ''}${operation.requestBody ? requestBodySection(operation.requestBody) : ''}

${responseList(operation.responses ?? {})}${example}`;
}

function schemaSection(name: string, schema: Schema): string {
  const head = `### ${name}\n\n${schema.description ? `${schema.description}\n\n` : ''}`;
  if (!schema.properties) return `${head}${typeOf(schema)}`;
  const required = new Set(schema.required ?? []);
  const rows = Object.entries(schema.properties).map(([field, property]) => `| \`${field}\` | ${cell(typeOf(property))} | ${required.has(field) ? 'yes' : 'no'} | ${cell(property.description ?? '')} |`);
  return `${head}| Field | Type | Required | Meaning |\n|---|---|---|---|\n${rows.join('\n')}`;
}

/** The guide's Markdown, from the OpenAPI document. Pure. */
export function apiGuide(generated: object): string {
  // zod-to-openapi types parameters as possibly $ref; the document it generates here has none.
  const document = generated as GuideDocument;
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) => [...(item?.get ? [operationSection(path, item.get)] : []), ...(item?.post ? [operationSection(path, item.post, 'POST')] : []), ...(item?.delete ? [operationSection(path, item.delete, 'DELETE')] : [])]);
  const schemas = Object.entries(document.components?.schemas ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const headers = Object.entries(document.components?.headers ?? {});
  // Components are named in code (XApiVersion); the table says the name on the wire (x-api-version).
  const wireNames = new Map(
    Object.values(document.paths ?? {}).flatMap((item) => Object.values((item?.get ?? item?.post ?? item?.delete)?.responses ?? {}).flatMap((response) => Object.entries(response.headers ?? {}).map(([wire, ref]) => [refName(ref.$ref ?? ''), wire] as const))),
  );
  return `# ${document.info.title}: API guide (version ${document.info.version})

<!-- Generated by \`npm run docs\` (scripts/docs.ts) from the OpenAPI document the service serves at /api/openapi.json. Do not edit: test/docs/apiGuide.test.ts fails while this file differs from what the code generates. -->

This guide is the OpenAPI document in Markdown: the same document the service serves at \`/api/openapi.json\`, generated from the zod schemas the handlers answer with, and validated against real answers by the tests. \`/llms.txt\` is the short guide for agents; the catalog \`GET /api\` lists every endpoint with an example request.

## How the API behaves

${document.info.description ?? ''}

## Endpoints

${operations.join('\n\n')}

## Schemas

${schemas.map(([name, schema]) => schemaSection(name, schema)).join('\n\n')}

## Response headers

| Header | Meaning |
|---|---|
${headers.map(([name, header]) => `| \`${wireNames.get(name) ?? name}\` | ${cell(header.description ?? '')} |`).join('\n')}
`;
}
