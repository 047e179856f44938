import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { ENDPOINTS, UPSTREAM_IDS, type UpstreamId } from '../endpoints.js';

/** Where a recording came from: every fixture states it (test/fixtures/README.md). */
const SourceSchema = z.object({
  /**
   * `recorded`: captured from a live upstream by scripts/record.ts; `published`: a real body quoted in
   * public material; `encoded`: real values published elsewhere (a governance cache, an explorer page,
   * a decoded event) encoded by us with the real ABI, Borsh layout or protobuf codec, since no raw body
   * was published. `references` then names where each value came from.
   */
  kind: z.enum(['recorded', 'published', 'encoded']),
  /** Pages or files the bodies were taken from (repository, path and commit when it is a repository). */
  references: z.array(z.string().min(1)).min(1),
  /** What was changed, if anything (e.g. a request id dropped, a list cut to its first item). */
  notes: z.string().optional(),
  retrieved: z.string().optional(),
  /**
   * When the upstream was in the state these bodies hold (ISO, UTC): the recorded head's time, or a
   * capture's. Not `retrieved` (when we copied it). What `UPSTREAM=recorded` shows as "recorded on".
   */
  stateAt: z.iso.datetime().optional(),
  /** The protocol module whose proposals or positions these bodies are, when they are one module's. */
  module: z.string().optional(),
});

const JsonRpcRequestSchema = z.object({ method: z.string().min(1), params: z.unknown().optional() });
const GraphqlRequestSchema = z.object({
  operationName: z.string().optional(),
  query: z.string().optional(),
  variables: z.record(z.string(), z.unknown()).optional(),
});
const RestRequestSchema = z.object({
  method: z.enum(['GET', 'HEAD']).default('GET'),
  path: z.string().startsWith('/'),
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
});
const RestResponseSchema = z.object({
  status: z.number().int().default(200),
  headers: z.record(z.string(), z.string()).optional(),
  /** A JSON body, sent as application/json. */
  body: z.unknown().optional(),
  /** Or a raw body, sent as it is. */
  text: z.string().optional(),
});
const XrplRequestSchema = z.looseObject({ command: z.string().min(1) });

/** A JSON-RPC answer without its `id` (the replay server echoes the request's). */
const JsonRpcResponseSchema = z.looseObject({ jsonrpc: z.literal('2.0') });
/** A rippled WebSocket answer without its `id`. */
const XrplResponseSchema = z.looseObject({ status: z.string(), type: z.string() });

export const FixtureFileSchema = z.discriminatedUnion('protocol', [
  z.object({
    protocol: z.literal('json-rpc'),
    upstream: z.enum(UPSTREAM_IDS),
    description: z.string(),
    source: SourceSchema,
    exchanges: z.array(z.object({ request: JsonRpcRequestSchema, response: JsonRpcResponseSchema })).min(1),
  }),
  z.object({
    protocol: z.literal('graphql'),
    upstream: z.enum(UPSTREAM_IDS),
    description: z.string(),
    source: SourceSchema,
    exchanges: z.array(z.object({ request: GraphqlRequestSchema, response: z.looseObject({}) })).min(1),
  }),
  z.object({
    protocol: z.literal('rest'),
    upstream: z.enum(UPSTREAM_IDS),
    description: z.string(),
    source: SourceSchema,
    exchanges: z.array(z.object({ request: RestRequestSchema, response: RestResponseSchema })).min(1),
  }),
  z.object({
    protocol: z.literal('websocket'),
    upstream: z.enum(UPSTREAM_IDS),
    description: z.string(),
    source: SourceSchema,
    exchanges: z.array(z.object({ request: XrplRequestSchema, response: XrplResponseSchema })).min(1),
  }),
]);

export type FixtureFile = z.infer<typeof FixtureFileSchema>;
export type JsonRpcExchange = Extract<FixtureFile, { protocol: 'json-rpc' }>['exchanges'][number];
export type GraphqlExchange = Extract<FixtureFile, { protocol: 'graphql' }>['exchanges'][number];
export type RestExchange = Extract<FixtureFile, { protocol: 'rest' }>['exchanges'][number];
export type XrplExchange = Extract<FixtureFile, { protocol: 'websocket' }>['exchanges'][number];

/** All exchanges of one upstream, from every file that records it. */
export type ExchangesByUpstream = {
  [id in UpstreamId]?: { protocol: FixtureFile['protocol']; exchanges: FixtureFile['exchanges'] };
};

/** Default fixture directory: test/fixtures/upstream in this repository. */
export const DEFAULT_FIXTURES_DIR = new URL('../../../test/fixtures/upstream/', import.meta.url);

/** Checks one parsed file, and that its protocol is the upstream's. Pure. */
export function parseFixtureFile(content: unknown, name: string): FixtureFile {
  const parsed = FixtureFileSchema.safeParse(content);
  if (!parsed.success) throw new Error(`fixture ${name} is invalid: ${z.prettifyError(parsed.error)}`);
  const expected = ENDPOINTS[parsed.data.upstream].protocol;
  if (parsed.data.protocol !== expected) throw new Error(`fixture ${name}: ${parsed.data.upstream} speaks ${expected}, not ${parsed.data.protocol}`);
  return parsed.data;
}

/** Groups files' exchanges by upstream, in file order. Pure. */
export function groupExchanges(files: readonly FixtureFile[]): ExchangesByUpstream {
  const grouped: ExchangesByUpstream = {};
  for (const file of files) {
    const entry = (grouped[file.upstream] ??= { protocol: file.protocol, exchanges: [] });
    (entry.exchanges as unknown[]).push(...file.exchanges);
  }
  return grouped;
}

/** Reads every *.json under `dir` (recursively) as a fixture file. */
export async function loadFixtures(dir: string | URL = DEFAULT_FIXTURES_DIR): Promise<FixtureFile[]> {
  // fileURLToPath, not .pathname: a checkout path with a space (or any escaped character) stays readable.
  const root = dir instanceof URL ? fileURLToPath(dir) : dir;
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  return Promise.all(paths.map(async (path) => parseFixtureFile(JSON.parse(await readFile(path, 'utf8')), relative(root, path))));
}
