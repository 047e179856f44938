import { readXrpl, rippledErrorCode as rippledCode, withXrplConnection } from '../../../upstream/clients/xrplClient.js';
import { upstreamMalformed } from '../../../upstream/errors.js';
import type { Upstream } from '../../../upstream/upstreams.js';
import { type FeeValues, feeValues } from '../feeValues.js';
import { FEE_SETTINGS_INDEX, FeeSettingsNode, ledgerEntryResult, parseAnswer } from '../ledgerObjects.js';
import { AccountInfoResult, AccountLinesResult, type AccountRoot, type TrustLine } from './accountObjects.js';

/** What the exposure reads about one account, checked, before any normalizing. */
export interface XrplAccountState {
  /** The AccountRoot; null when the account is not funded (rippled actNotFound). */
  account: AccountRoot | null;
  lines: TrustLine[];
  reserves: { baseDrops: number; incrementDrops: number };
}

/**
 * An account holds at most a few hundred trust lines in practice; rippled pages them (200 per page
 * by default for account_lines), so 10 pages bound a scan without cutting a real wallet.
 */
export const MAX_LINE_PAGES = 10;

/**
 * Reads one account from the validated ledger over one WebSocket: account_info, the FeeSettings
 * entry (the reserves) and the first page of account_lines all at once, beside the connection's
 * mainnet check; further pages of lines only while rippled returns a marker. Four requests and one
 * wait after the socket opens for a typical wallet. An unfunded account (actNotFound) is not an
 * error: it holds nothing. Aborting `signal` closes the connection, which fails the requests in
 * flight.
 *
 * @throws UpstreamError on an unreachable, slow, wrong-chain or malformed server; the signal's reason when aborted.
 */
export function readXrplAccount(upstream: Upstream, address: string, signal: AbortSignal): Promise<XrplAccountState> {
  return withXrplConnection(upstream, signal, async (client) => {
    const linesPage = (marker?: unknown) =>
      readXrpl(client, upstream, { command: 'account_lines', account: address, ledger_index: 'validated', ...(marker !== undefined && { marker }) }, signal);
    const unlessUnfunded = (error: unknown): null => {
      if (rippledCode(error) === 'actNotFound') return null;
      throw error;
    };
    const [infoAnswer, feeAnswer, firstLines] = await Promise.all([
      readXrpl(client, upstream, { command: 'account_info', account: address, ledger_index: 'validated' }, signal).catch(unlessUnfunded),
      readXrpl(client, upstream, { command: 'ledger_entry', index: FEE_SETTINGS_INDEX, ledger_index: 'validated' }, signal),
      // Asked before knowing the account is funded: a wasted request for an unfunded one costs
      // less than a second wait for every funded one.
      linesPage().catch(unlessUnfunded),
    ]);
    const feeSettings = parseAnswer(ledgerEntryResult(FeeSettingsNode), feeAnswer.result, 'ledger_entry FeeSettings', upstream.id).node;
    const reserves = reservesOf(feeValues(feeSettings), upstream);
    if (infoAnswer === null) return { account: null, lines: [], reserves };
    const account = parseAnswer(AccountInfoResult, infoAnswer.result, 'account_info', upstream.id).account_data;
    if (firstLines === null) throw upstreamMalformed(upstream.id, new Error('account_lines: actNotFound for a funded account'));
    const lines: TrustLine[] = [];
    let answer = firstLines;
    for (let pages = 1; ; pages += 1) {
      const page = parseAnswer(AccountLinesResult, answer.result, 'account_lines', upstream.id);
      lines.push(...page.lines);
      if (page.marker === undefined || pages >= MAX_LINE_PAGES) break;
      signal.throwIfAborted();
      answer = await linesPage(page.marker);
    }
    return { account, lines, reserves };
  });
}

/** Both reserves, or the answer is no use for a reserve simulation. */
function reservesOf(values: FeeValues, upstream: Upstream): XrplAccountState['reserves'] {
  const { reserveBaseDrops, reserveIncrementDrops } = values;
  if (reserveBaseDrops === undefined || reserveIncrementDrops === undefined) {
    throw upstreamMalformed(upstream.id, new Error('ledger_entry FeeSettings: no reserve fields'));
  }
  return { baseDrops: reserveBaseDrops, incrementDrops: reserveIncrementDrops };
}
