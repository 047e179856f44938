import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bundle, bundleAll, packageOf, packagesIn } from '../../bench/bundles.js';
import { ESBUILD_SETTINGS } from '../../infra/bundling.js';
import { exampleBodies } from '../../build/exampleBodies.js';
import { buildOpenApiDocument } from '../../shared/api/openapi/document.js';
import { DEMO_WALLETS } from '../../shared/demo/wallets.js';
import { FUNCTION_ENTRIES, profileOf } from '../../infra/functionProfiles.js';

// Build and test tooling: never in a Lambda.
const TOOLING = ['aws-cdk-lib', 'constructs', 'cdk-nag', 'esbuild', 'vitest', 'vite', 'typescript', 'tsx', 'dynalite', 's3rver', 'aws-sdk-client-mock', '@redocly/cli', 'playwright-core', 'fast-check'];
// The oracle tests' packages (test/oracles/): the protocols' Solidity, its compilers, anvil and blue-sdk.
const isOraclePackage = (name: string) => /^(solc|solc-.*|@aave-dao\/aave-v3-origin|@aave\/core-v3|@bgd-labs\/solidity-utils|@openzeppelin\/.*|@morpho-org\/.*|@foundry-rs\/.*)$/.test(name);
// Chain libraries: only functions that parse wallet addresses or talk to chains may carry them.
const isChainLibrary = (name: string) => /^(viem|ox|abitype|xrpl|@solana\/.*|@cosmjs\/.*|cosmjs-types|ripple-.*|@xrplf\/.*)$/.test(name);
// The chains' clients (RPC, codecs of whole ledgers): never parsed on a cold start, only when a
// request needs that chain. Address parsers (ox's checksum, @solana/addresses, bech32) may be.
const isChainClient = (name: string) => /^(viem|abitype|xrpl|ripple-binary-codec|@solana\/(kit|rpc.*)|@cosmjs\/(stargate|tendermint-rpc|proto-signing)|cosmjs-types)$/.test(name);
// Functions that answer from constants, code and the stored feed alone. openapi is one: its examples
// (true answers of the scan pipeline on the demo wallets) are computed when the bundle is built.
const WITHOUT_CHAINS = ['health', 'catalog', 'llms', 'notFound', 'openapi'];
// Every function but ens (whose every request is an ens name: ENSIP-15 and ox's checksum) loads a
// wallet's parser and chain library only when a request names that kind of wallet.
const WITHOUT_CHAINS_AT_COLD_START = FUNCTION_ENTRIES.filter((entry) => entry !== 'ens');
const HEAVY_BUILTINS = ['node:crypto', 'node:net', 'node:fs/promises', 'node:stream', 'node:stream/web', 'node:stream/promises', 'node:http', 'node:https'];
const atColdStart = (file: { atColdStart: boolean }) => file.atColdStart;

let bundles: Map<string, Bundle>;
// Bundling every function took 103 s in a clean-clone run beside the other test files on 2 cores, and
// ran past 120 s in the next, on a machine loaded by other work: five minutes, well inside CI's budget.
beforeAll(async () => {
  bundles = new Map((await bundleAll()).map((bundle) => [bundle.entry, bundle]));
}, 300_000);

/** `functions/health.ts → shared/... → node_modules/viem/...`: why a package is in a bundle. */
function importChain(bundle: Bundle, reaches: (path: string) => boolean): string {
  const inputs = bundle.metafile.inputs;
  const start = `functions/${bundle.entry}.ts`;
  const cameFrom = new Map<string, string>([[start, '']]);
  const queue = [start];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (reaches(path)) {
      const chain = [path];
      for (let at = cameFrom.get(path)!; at; at = cameFrom.get(at)!) chain.unshift(at);
      return chain.map((step) => step.replace(/^.*node_modules\//, '')).join(' → ');
    }
    for (const next of inputs[path]?.imports ?? []) {
      if (!next.external && !cameFrom.has(next.path)) {
        cameFrom.set(next.path, path);
        queue.push(next.path);
      }
    }
  }
  return '(no import path found)';
}

function offending(entry: string, forbidden: (name: string) => boolean, only?: (file: Bundle['files'][number]) => boolean): string[] {
  const bundle = bundles.get(entry)!;
  const names = [...packagesIn(bundle, only).keys()].filter(forbidden);
  // One chain per package is enough to see where it comes in.
  return names.map((name) => `${name}: ${importChain(bundle, (path) => packageOf(path) === name)}`);
}

describe('Lambda bundles (esbuild metafile, the stack\'s settings)', () => {
  it.each(FUNCTION_ENTRIES)('%s bundles no build or test tooling', (entry) => {
    expect(offending(entry, (name) => TOOLING.includes(name))).toEqual([]);
  });

  it.each(FUNCTION_ENTRIES)('%s bundles nothing of the oracle tests (the protocols\' Solidity, solc, anvil, blue-sdk, test/oracles)', (entry) => {
    expect(offending(entry, isOraclePackage)).toEqual([]);
    expect(Object.keys(bundles.get(entry)!.metafile.inputs).filter((path) => path.startsWith('test/'))).toEqual([]);
  });

  it.each(FUNCTION_ENTRIES.filter((entry) => entry !== 'openapi'))('%s leaves the OpenAPI generator out (only openapi builds the document)', (entry) => {
    expect(offending(entry, (name) => name === '@asteasolutions/zod-to-openapi')).toEqual([]);
  });

  it.each(WITHOUT_CHAINS)('%s carries no chain library (viem, @solana, @cosmjs, xrpl)', (entry) => {
    expect(offending(entry, isChainLibrary)).toEqual([]);
  });

  it.each(WITHOUT_CHAINS_AT_COLD_START)('%s loads no chain library on a cold start, not even an address parser', (entry) => {
    expect(offending(entry, isChainLibrary, atColdStart)).toEqual([]);
  });

  it.each(FUNCTION_ENTRIES)('%s parses no chain client on a cold start (they load on demand, per chain)', (entry) => {
    expect(offending(entry, isChainClient, atColdStart)).toEqual([]);
  });

  // zod's runtime is most of a light function's cold start (catalog: 149 KiB with it, 51 without,
  // +34 ms against +7 over an empty handler in bench/bundles.ts): the functions that parse no
  // request body or stored proposal against the contract leave it out.
  it.each(['catalog', 'health', 'notFound'])('%s loads no zod on a cold start', (entry) => {
    expect(offending(entry, (name) => name === 'zod', atColdStart)).toEqual([]);
  });

  // Node's own modules are not free either: node:crypto, node:net, node:fs/promises and the stream
  // modules took about 20 ms of every cold start of the light functions (bench/bundles.ts), for an
  // HMAC, two IP checks, a file store a Lambda never uses and Middy's unused response streaming.
  it.each(WITHOUT_CHAINS.filter((entry) => entry !== 'openapi'))('%s imports no heavy Node module on a cold start', (entry) => {
    const bundle = bundles.get(entry)!;
    const coldFiles = new Set(bundle.files.filter(atColdStart).map((file) => file.path));
    const builtins = Object.entries(bundle.metafile.outputs)
      .filter(([path]) => coldFiles.has(path))
      .flatMap(([, output]) => output.imports.filter((each) => each.external && each.kind === 'import-statement' && isBuiltin(each.path)).map((each) => each.path));
    expect([...new Set(builtins)].filter((name) => HEAVY_BUILTINS.includes(name))).toEqual([]);
  });

  it('ships each function only index.mjs and the chunks it can load, and nothing it imports is missing', () => {
    for (const bundle of bundles.values()) {
      const shipped = new Set(bundle.files.map((file) => file.path));
      expect(shipped.has('index.mjs'), bundle.entry).toBe(true);
      const missing = Object.values(bundle.metafile.outputs).flatMap((output) => output.imports.filter((each) => !each.external && !shipped.has(each.path)).map((each) => each.path));
      expect(missing, bundle.entry).toEqual([]);
    }
  });

  it.each(FUNCTION_ENTRIES.filter((entry) => profileOf(entry).usesTable))('%s bundles the pinned DynamoDB client rather than the runtime\'s', (entry) => {
    expect(packagesIn(bundles.get(entry)!).has('@aws-sdk/client-dynamodb')).toBe(true);
  });

  it('marks exactly the optional native and wasm modules external', () => {
    for (const bundle of bundles.values()) {
      const externals = Object.values(bundle.metafile.inputs).flatMap((input) => input.imports.filter((each) => each.external).map((each) => each.path));
      // Node's builtins aside, only the listed externals are left for the runtime to resolve.
      const unlisted = [...new Set(externals)].filter((path) => !isBuiltin(path) && !(ESBUILD_SETTINGS.external as readonly string[]).includes(path));
      expect(unlisted, bundle.entry).toEqual([]);
    }
  });

  it('emits ESM with the createRequire banner atop every file, chunks included', () => {
    for (const bundle of bundles.values()) {
      for (const file of bundle.files) {
        expect(new TextDecoder().decode(file.code.subarray(0, ESBUILD_SETTINGS.banner.length)), `${bundle.entry}: ${file.path}`).toBe(ESBUILD_SETTINGS.banner);
      }
    }
  });
});

describe('a function\'s asset, as Lambda runs it (index.mjs and its chunks in a folder)', () => {
  const evm = DEMO_WALLETS.find((wallet) => wallet.kind === 'evm')!.address;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'govex-asset-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Writes the function's files, imports index.mjs in a fresh node and calls its handler once. */
  async function invoke(entry: string, path: string, query: Record<string, string>, pathParameters: Record<string, string>): Promise<{ status: number; body: string }> {
    for (const file of bundles.get(entry)!.files) {
      await mkdir(dirname(join(dir, entry, file.path)), { recursive: true });
      await writeFile(join(dir, entry, file.path), file.code);
    }
    const event = { version: '2.0', routeKey: '', rawPath: path, rawQueryString: new URLSearchParams(query).toString(), queryStringParameters: query, headers: { host: 'test' }, pathParameters, isBase64Encoded: false, requestContext: { http: { method: 'GET', path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' } } };
    const script = `const { handler } = await import(process.argv[1]); const result = await handler(${JSON.stringify(event)}); console.log(JSON.stringify({ status: result.statusCode, body: result.body }));`;
    const { TABLE_NAME: _unset, ...env } = process.env;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, join(dir, entry, 'index.mjs')], { env: { ...env, FEED_PATH: join(dir, 'feed.json') }, timeout: 60_000 });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as { status: number; body: string };
  }

  it('answers from its entry alone (health)', async () => {
    expect((await invoke('health', '/api/health', {}, {})).status).toBe(200);
  });

  it('loads a wallet\'s chunks on demand from its own folder (proposal detail for the demo evm wallet)', async () => {
    expect((await invoke('proposal', '/api/proposals/aave-demo-2', { address: evm }, { id: 'aave-demo-2' })).status).toBe(200);
  }, 60_000);

  it('serves the same OpenAPI document as the source builds, its examples computed when the bundle was', async () => {
    const { status, body } = await invoke('openapi', '/api/openapi.json', {}, {});
    expect(status).toBe(200);
    expect(JSON.parse(body)).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(await exampleBodies()))));
  }, 60_000);
});
