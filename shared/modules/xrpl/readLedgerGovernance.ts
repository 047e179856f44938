import type { Client } from 'xrpl';
import { readXrpl, rippledErrorCode as rippledCode, withXrplConnection } from '../../upstream/clients/xrplClient.js';
import type { Upstream } from '../../upstream/upstreams.js';
import {
  AMENDMENTS_INDEX,
  AmendmentsNode,
  FEE_SETTINGS_INDEX,
  FeatureList,
  FeeSettingsNode,
  ledgerEntryResult,
  parseAnswer,
  SetFeeTx,
} from './ledgerObjects.js';

/** What the XRPL source reads from one server, checked, before any normalizing. */
export interface LedgerGovernance {
  amendments: AmendmentsNode;
  /** Every amendment the server knows, by id; empty when the server has no public `feature`. */
  features: FeatureList['features'];
  feeSettings: FeeSettingsNode;
  /** The SetFee that last changed FeeSettings; undefined when the server's history lacks it. */
  setFee?: SetFeeTx | undefined;
}

/**
 * Reads the governance state of the validated ledger over one WebSocket connection: the
 * Amendments and FeeSettings singletons and the public `feature` list in parallel (beside the
 * mainnet check's server_info), then the SetFee that FeeSettings names. Five requests, two waits.
 * Aborting `signal` closes the connection, which fails the requests in flight.
 *
 * @throws UpstreamError on an unreachable, slow, wrong-chain or malformed server; the signal's reason when aborted.
 */
export function readLedgerGovernance(upstream: Upstream, signal: AbortSignal): Promise<LedgerGovernance> {
  return withXrplConnection(upstream, signal, async (client) => {
    const [amendmentsAnswer, featureAnswer, feeAnswer] = await Promise.all([
      readXrpl(client, upstream, { command: 'ledger_entry', index: AMENDMENTS_INDEX, ledger_index: 'validated' }, signal),
      // Public `feature` is rippled ≥ 2.2.0 (or Clio); an older server refuses it, and the
      // amendments in majority still make proposals, without names.
      readXrpl(client, upstream, { command: 'feature' }, signal).catch((error: unknown) => {
        if (['noPermission', 'unknownCmd'].includes(rippledCode(error) ?? '')) return undefined;
        throw error;
      }),
      readXrpl(client, upstream, { command: 'ledger_entry', index: FEE_SETTINGS_INDEX, ledger_index: 'validated' }, signal),
    ]);
    const amendments = parseAnswer(ledgerEntryResult(AmendmentsNode), amendmentsAnswer.result, 'ledger_entry Amendments', upstream.id).node;
    const features = featureAnswer ? parseAnswer(FeatureList, featureAnswer.result, 'feature', upstream.id).features : {};
    const feeSettings = parseAnswer(ledgerEntryResult(FeeSettingsNode), feeAnswer.result, 'ledger_entry FeeSettings', upstream.id).node;
    const setFee = feeSettings.PreviousTxnID ? await readSetFee(client, upstream, feeSettings.PreviousTxnID, signal) : undefined;
    return { amendments, features, feeSettings, setFee };
  });
}

async function readSetFee(client: Client, upstream: Upstream, hash: string, signal: AbortSignal): Promise<SetFeeTx | undefined> {
  try {
    // API v1 puts the transaction's fields, its `date` and `meta` at the top of the result, as
    // xrpl-dev-portal publishes SetFee; the parser reads v2's tx_json form too.
    const answer = await readXrpl(client, upstream, { command: 'tx', transaction: hash, api_version: 1 }, signal);
    return parseAnswer(SetFeeTx, answer.result, `tx ${hash}`, upstream.id);
  } catch (error) {
    // A server without that ledger's history: the fee change stays, undated.
    if (rippledCode(error) === 'txnNotFound') return undefined;
    throw error;
  }
}
