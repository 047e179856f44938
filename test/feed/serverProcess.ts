import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** tsx's loader by absolute address, so a server can run with another working directory (its default `.data/` is relative to it). */
const TSX = pathToFileURL(`${ROOT}node_modules/tsx/dist/loader.mjs`).href;
const SERVER = `${ROOT}local/server.ts`;

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Its address, once it is listening. */
  url(): Promise<string>;
  /** Resolves when `pattern` has been printed, with the match. */
  printed(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** `npm start` as its own process (the server itself, as npm runs it), in `cwd`, with the test's environment plus `env`. */
export function startServerProcess(env: Record<string, string>, cwd = ROOT): ServerProcess {
  const child = spawn(process.execPath, ['--import', TSX, SERVER], { cwd, env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const printed = (pattern: RegExp, timeoutMs = 180_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const started = Date.now();
      const check = () => {
        const match = pattern.exec(output);
        if (match) return resolve(match);
        if (child.exitCode !== null || Date.now() - started > timeoutMs) return reject(new Error(`never printed ${pattern}; output:\n${output}`));
        setTimeout(check, 50);
      };
      check();
    });
  return {
    child,
    output: () => output,
    url: async () => (await printed(/listening on (http:\/\/\S+)/))[1]!,
    printed,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
