import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';

/*
 * The MCP endpoint against the protocol's own conformance suite (@modelcontextprotocol/conformance,
 * 0.1.13: the last release that runs on Node 20). The scenarios that apply to a stateless, tools-only
 * server run here; the rest test fixture tools (tools-call-image, …), resources, prompts, logging,
 * completions or sessionful SSE streams, none of which this server offers.
 */
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];
const CLI = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');
const run = promisify(execFile);

const server = useServer(() => testServices({ quota: 1000 }));

describe('MCP conformance', () => {
  it.each(SCENARIOS)('%s passes', async (scenario) => {
    // The DNS-rebinding scenario wants a localhost URL; the server listens on 127.0.0.1.
    const url = `${server.url.replace('127.0.0.1', 'localhost')}/mcp`;
    // Asynchronous: the server answering it runs in this very process.
    const { stdout } = await run(process.execPath, [CLI, 'server', '--url', url, '--scenario', scenario], { encoding: 'utf8', timeout: 120_000 }).catch(
      (error: { stdout?: string; stderr?: string; message: string }) => ({ stdout: `${error.stdout ?? ''}\n${error.stderr ?? ''}\n${error.message}` }),
    );
    const passed = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(stdout);
    expect(passed, stdout.slice(-1500)).not.toBeNull();
    expect(passed![3], stdout.slice(-1500)).toBe('0');
    expect(passed![1]).toBe(passed![2]);
  });
});
