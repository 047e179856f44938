import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The anvil binary @foundry-rs/anvil ships for this platform (its optional dependency
 * @foundry-rs/anvil-<os>-<arch>), spawned directly: the package's own launcher only forwards to it.
 * Undefined where npm installed no build for this platform.
 */
export function anvilBinary(): string | undefined {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const name = `@foundry-rs/anvil-${process.platform}-${arch}`;
  try {
    const binary = join(dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

export interface RunningAnvil {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

const ARGS = ['--host', '127.0.0.1', '--port', '0', '--disable-code-size-limit', '--disable-block-gas-limit', '--hardfork', 'cancun'];

/**
 * Where there is a POSIX shell, anvil runs under a watchdog that ends it when our end of its stdin
 * closes: on stop(), and also when the test run dies without its teardown (killed, timed out),
 * which would otherwise leave anvil running with no parent.
 */
const WATCHDOG = '"$0" "$@" & anvil=$!; read -r _; kill $anvil; wait $anvil';

/** anvil on a port the OS picks (it prints the one it listens on), on loopback only. */
export async function startAnvil(binary: string): Promise<RunningAnvil> {
  const watched = process.platform !== 'win32' && existsSync('/bin/sh');
  const child = watched
    ? spawn('/bin/sh', ['-c', WATCHDOG, binary, ...ARGS], { stdio: ['pipe', 'pipe', 'pipe'] })
    : spawn(binary, ARGS, { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolvePort, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`anvil printed no port within 20 s: ${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on (127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', read);
        // Drained but ignored from here: a full pipe would block anvil.
        child.stdout!.resume();
        resolvePort(`http://${match[1]}`);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited with ${code}: ${output}`));
    });
  });
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        if (watched) child.stdin!.end();
        else child.kill('SIGTERM');
      }),
  };
}
