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
 * Reads one account from the validated ledger over one WebSocket: account_info and the FeeSettings
 * entry (the reserves) in parallel, then, for a funded account, account_lines (and its further
 * pages while rippled returns a marker). Three requests besides connect()'s server_info for a
 * typical wallet, two sequential waits. An unfunded
 * account (actNotFound) is not an error: it holds nothing. Aborting `signal` closes the
 * connection, which fails the requests in flight.
 *
 * @throws UpstreamError on an unreachable, slow, wrong-chain or malformed server; the signal's reason when aborted.
 */
export function readXrplAccount(upstream: Upstream, address: string, signal: AbortSignal): Promise<XrplAccountState> {
  return withXrplConnection(upstream, signal, async (client) => {
    const [infoAnswer, feeAnswer] = await Promise.all([
      readXrpl(client, upstream, { command: 'account_info', account: address, ledger_index: 'validated' }).catch((error: unknown) => {
        if (rippledCode(error) === 'actNotFound') return null;
        throw error;
      }),
      readXrpl(client, upstream, { command: 'ledger_entry', index: FEE_SETTINGS_INDEX, ledger_index: 'validated' }),
    ]);
    const feeSettings = parseAnswer(ledgerEntryResult(FeeSettingsNode), feeAnswer.result, 'ledger_entry FeeSettings', upstream.id).node;
    const reserves = reservesOf(feeValues(feeSettings), upstream);
    if (infoAnswer === null) return { account: null, lines: [], reserves };
    const account = parseAnswer(AccountInfoResult, infoAnswer.result, 'account_info', upstream.id).account_data;
    // Lines only for a funded account: an unfunded one has none, and the request would be wasted.
    const lines: TrustLine[] = [];
    let marker: unknown;
    for (let pages = 0; pages < MAX_LINE_PAGES; pages += 1) {
      signal.throwIfAborted();
      const answer = await readXrpl(client, upstream, {
        command: 'account_lines',
        account: address,
        ledger_index: 'validated',
        ...(marker !== undefined && { marker }),
      });
      const page = parseAnswer(AccountLinesResult, answer.result, 'account_lines', upstream.id);
      lines.push(...page.lines);
      marker = page.marker;
      if (marker === undefined) break;
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
