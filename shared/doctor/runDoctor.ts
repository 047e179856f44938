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
  /**
   * Set when the upstreams replay recordings (UPSTREAM=recorded) and no recording answers what this
   * check asks: nothing is misconfigured, the recordings just do not hold it.
   */
  notRecorded?: true;
}

/**
 * Runs every probe once, all at the same time, each bounded by `deadlineMs` (retries included),
 * and reports one row per probe, in the probes' order. Never rejects: a failure is a row. On
 * replayed upstreams, a check that failed where the replay server missed a request of its upstream
 * during the run is told as not recorded, never as an endpoint to fix.
 */
export async function runDoctor(upstreams: Upstreams, probes: readonly Probe[], deadlineMs = 10_000): Promise<DoctorRow[]> {
  const missesBefore = upstreams.replayMisses?.length ?? 0;
  const rows = await checkAll(upstreams, probes, deadlineMs);
  if (!upstreams.replayMisses) return rows;
  const missed = new Set(upstreams.replayMisses.slice(missesBefore).map((miss) => miss.upstream));
  return rows.map((row) => (!row.ok && missed.has(row.upstream) ? { ...row, notRecorded: true } : row));
}

function checkAll(upstreams: Upstreams, probes: readonly Probe[], deadlineMs: number): Promise<DoctorRow[]> {
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

/** What a failed row asks of the operator: the variable to set, or nothing when it is only not recorded. */
const remedy = (row: DoctorRow): string =>
  row.notRecorded ? `${row.detail} (not recorded; nothing to configure)` : `${row.detail} (set ${row.variable})`;

/** The rows as a fixed-width table, for a terminal. */
export function doctorTable(rows: readonly DoctorRow[]): string {
  const cells = rows.map((row) => [row.ok ? 'ok' : row.notRecorded ? 'NOT RECORDED' : 'FAIL', row.upstream, `${row.ms} ms`, row.url, row.ok ? row.detail : remedy(row)]);
  const header = ['', 'upstream', 'time', 'endpoint', 'what it said'];
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: string[]) => values.map((value, column) => (column === values.length - 1 ? value : value.padEnd(widths[column]!))).join('  ');
  return [line(header), ...cells.map(line)].join('\n');
}

/** One log line per upstream, for the local server's start. */
export const doctorLogLine = (row: DoctorRow): string =>
  JSON.stringify({
    level: row.ok ? 'info' : 'warn',
    message: row.notRecorded ? 'upstream check: not recorded' : 'upstream check',
    upstream: row.upstream,
    ok: row.ok,
    ms: row.ms,
    endpoint: row.url,
    detail: row.detail,
    ...(row.notRecorded ? { notRecorded: true } : !row.ok && { variable: row.variable }),
  });

/** The table's last line: how many answered, and under UPSTREAM=recorded how many are only not recorded. */
export function doctorSummary(rows: readonly DoctorRow[], recorded: boolean): string {
  const answered = rows.filter((row) => row.ok).length;
  const notRecorded = rows.filter((row) => row.notRecorded).length;
  const failed = rows.length - answered - notRecorded;
  return (
    `${answered} of ${rows.length} upstreams answered as they must${recorded ? ' (recorded upstreams)' : ''}.` +
    (notRecorded > 0 ? ` ${notRecorded} ${notRecorded === 1 ? 'is' : 'are'} not recorded: the recordings hold no answer to ${notRecorded === 1 ? 'its check' : 'their checks'}, which no setting changes.` : '') +
    (failed > 0 ? ` ${failed} failed.` : '')
  );
}

/** Exit code of `npm run doctor`: 1 when a check failed for a reason a setting can change; not recorded is not one. */
export const doctorExitCode = (rows: readonly DoctorRow[]): number => (rows.some((row) => !row.ok && !row.notRecorded) ? 1 : 0);
