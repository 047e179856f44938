import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Bundle, bundleAll, packageOf } from '../../bench/bundles.js';
import { reach } from '../../infra/bundling.js';
import { ADDRESS_KINDS, type AddressKind } from '../../shared/address/types.js';
import { DEMO_WALLETS } from '../../shared/demo/wallets.js';
import { modulesFor } from '../../shared/modules/loaders.js';

// Each chain's client library, by the package that the resolver reports.
const CHAIN_CLIENTS = { evm: 'viem', solana: '@solana/kit', cosmos: '@cosmjs/stargate', xrpl: 'xrpl' } as const;

// A resolve hook that reports every chain client package resolved, registered before the handler loads.
const HOOK = `export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const match = result.url.match(/node_modules\\/(viem|xrpl|@solana\\/kit|@cosmjs\\/stargate)\\//);
  if (match) process.stdout.write('loaded ' + match[1] + '\\n');
  return result;
}`;
const scanModule = fileURLToPath(new URL('../../functions/scan.ts', import.meta.url));
const script = (address: string) => `
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}));
const { handler } = await import(${JSON.stringify(scanModule)});
const result = await handler({
  version: '2.0', routeKey: 'ANY /api/scan/{address}', rawPath: '/api/scan/${address}', rawQueryString: '',
  headers: { host: 'test' }, pathParameters: { address: '${address}' }, isBase64Encoded: false,
  requestContext: { http: { method: 'GET', path: '/api/scan/${address}', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' } },
});
process.stdout.write('status ' + result.statusCode + '\\n');
`;

/** Scans a wallet through the scan Lambda's handler in a fresh Node process; lists the chain clients it loaded. */
async function scanIn(address: string) {
  const { TABLE_NAME: _unset, ...base } = process.env;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script(address)], {
    env: { ...base, FEED_PATH: join(tmpdir(), 'govex-lazy-feed.json') },
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  });
  const lines = stdout.trim().split('\n');
  return { status: lines.find((line) => line.startsWith('status '))?.slice(7), loaded: [...new Set(lines.filter((line) => line.startsWith('loaded ')).map((line) => line.slice(7)))] };
}

describe('a scan loads a chain client library only for the address kind that needs it', () => {
  it.each(DEMO_WALLETS.map((wallet) => [wallet.kind, wallet.address] as const))('a %s wallet loads no other chain\'s client', async (kind, address) => {
    const { status, loaded } = await scanIn(address);
    expect(status).toBe('200');
    const others = Object.entries(CHAIN_CLIENTS).filter(([other]) => other !== kind).map(([, client]) => client);
    expect(loaded.filter((client) => others.includes(client as never))).toEqual([]);
  });
});

// Each kind's chain libraries, as packages: what a scan of another kind must never load.
const CHAIN_LIBRARIES: Record<AddressKind, RegExp> = {
  evm: /^(viem|ox|abitype)$/,
  solana: /^@solana\//,
  cosmos: /^(@cosmjs\/.*|cosmjs-types)$/,
  xrpl: /^(xrpl|ripple-.*|@xrplf\/.*)$/,
};
const WALLET_FUNCTIONS = ['scan', 'positions', 'page', 'proposals', 'proposal'];

describe('a wallet function\'s bundle loads a chain library only for the kind that needs it (the build\'s chunks)', () => {
  let bundles: Map<string, Bundle>;
  beforeAll(async () => {
    bundles = new Map((await bundleAll(WALLET_FUNCTIONS)).map((bundle) => [bundle.entry, bundle]));
  }, 120_000);

  /** The packages in the files a wallet of `kind` makes the function load after its cold start: its modules' chunks and all they import. */
  function loadedFor(entry: string, kind: AddressKind): Set<string> {
    const bundle = bundles.get(entry)!;
    const outputs = Object.entries(bundle.metafile.outputs);
    const moduleChunks = modulesFor(kind).map((module) => {
      const chunk = outputs.find(([, output]) => output.entryPoint === `shared/modules/${module.slug}/index.ts`);
      expect(chunk, `${entry} has no chunk of its own for ${module.slug}`).toBeDefined();
      return chunk![0];
    });
    const coldStart = new Set(bundle.files.filter((file) => file.atColdStart).map((file) => file.path));
    const onDemand = [...reach(bundle.metafile, moduleChunks, true)].filter((path) => !coldStart.has(path));
    return new Set(onDemand.flatMap((path) => Object.keys(bundle.metafile.outputs[path]!.inputs).map(packageOf).filter((name): name is string => name !== undefined)));
  }

  const cases = WALLET_FUNCTIONS.flatMap((entry) => ADDRESS_KINDS.map((kind) => [entry, kind] as const));
  it.each(cases)('%s, for a %s wallet, loads its own chain library and no other kind\'s', (entry, kind) => {
    const packages = [...loadedFor(entry, kind)];
    expect(packages.some((name) => CHAIN_LIBRARIES[kind].test(name)), `${kind} library among ${packages.join(', ')}`).toBe(true);
    const others = ADDRESS_KINDS.filter((other) => other !== kind);
    expect(packages.filter((name) => others.some((other) => CHAIN_LIBRARIES[other].test(name)))).toEqual([]);
  });
});
