import { ENDPOINTS, type UpstreamId } from '../upstream/endpoints.js';
import { describeFailure } from '../upstream/describeFailure.js';
import type { Upstreams } from '../upstream/upstreams.js';
import type { Probe } from '../upstream/probes/probe.js';

/** What one check found: whether the upstream answered as it must, how fast, and what to change if not. */
export interface DoctorRow {
  upstream: UpstreamId;
  /** The endpoint asked, without credentials or query (a key may sit in either). */
  url: string;
  asks: string;
  ok: boolean;
  ms: number;
  /** What it saw, or what was wrong, in our words. */
  detail: string;
  /** The variable that sets this endpoint. */
  variable: string;
}

/**
 * Runs every probe once, all at the same time, each bounded by `deadlineMs` (retries included),
 * and reports one row per probe, in the probes' order. Never rejects: a failure is a row.
 */
export async function runDoctor(upstreams: Upstreams, probes: readonly Probe[], deadlineMs = 10_000): Promise<DoctorRow[]> {
  return Promise.all(
    probes.map(async (probe): Promise<DoctorRow> => {
      const upstream = upstreams[probe.upstream];
      const base = { upstream: probe.upstream, url: shownUrl(upstream.url), asks: probe.asks, variable: ENDPOINTS[probe.upstream].envVar };
      const started = performance.now();
      const signal = AbortSignal.timeout(deadlineMs);
      try {
        const detail = await Promise.race([probe.run(upstream, signal), aborted(signal)]);
        return { ...base, ok: true, ms: Math.round(performance.now() - started), detail };
      } catch (error) {
        const detail = signal.aborted ? `no answer within ${deadlineMs} ms` : describeFailure(error);
        return { ...base, ok: false, ms: Math.round(performance.now() - started), detail };
      }
    }),
  );
}

/** Rejects when the signal fires, for work that does not stop on its own. */
const aborted = (signal: AbortSignal) => new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));

/** An endpoint as it may be printed: scheme, host and path, never a user, password or query. */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/** The rows as a fixed-width table, for a terminal. */
export function doctorTable(rows: readonly DoctorRow[]): string {
  const cells = rows.map((row) => [row.ok ? 'ok' : 'FAIL', row.upstream, `${row.ms} ms`, row.url, row.ok ? row.detail : `${row.detail} (set ${row.variable})`]);
  const header = ['', 'upstream', 'time', 'endpoint', 'what it said'];
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: string[]) => values.map((value, column) => (column === values.length - 1 ? value : value.padEnd(widths[column]!))).join('  ');
  return [line(header), ...cells.map(line)].join('\n');
}

/** One log line per upstream, for the local server's start. */
export const doctorLogLine = (row: DoctorRow): string =>
  JSON.stringify({ level: row.ok ? 'info' : 'warn', message: 'upstream check', upstream: row.upstream, ok: row.ok, ms: row.ms, endpoint: row.url, detail: row.detail, ...(!row.ok && { variable: row.variable }) });
