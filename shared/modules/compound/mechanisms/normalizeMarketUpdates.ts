import type { Hex } from 'viem';
import type { FeedProposal } from '../../../domain/proposal.js';
import { proposalId } from '../../../governance/proposalId.js';
import type { RecentLog } from '../../../governance/readLogsToHead.js';
import { isoFromUnixSeconds } from '../../../governance/time.js';
import { chainName } from '../../../upstream/chainNames.js';
import { compoundMarketName } from '../names.js';
import { decodeL2Actions } from '../decodeActions.js';
import type { MarketUpdateDeployment } from './deployments.js';

/** MarketUpdateTimelock.GRACE_PERIOD: a queued call not executed by eta + 14 days can never be. */
export const MARKET_UPDATE_GRACE_SECONDS = 14 * 24 * 3600;

interface TimelockCall {
  txHash: Hex;
  target: string;
  value: bigint;
  signature: string;
  data: Hex;
  eta: bigint;
}

/**
 * The market-admin track's queued calls as feed items, one per timelock transaction (its txHash):
 * mechanism timelock; `pending` from QueueTransaction until its eta (effectiveAt = eta, noticeSeconds
 * = eta − the queueing block's time), `executed` at ExecuteTransaction's block time, `canceled` at
 * CancelTransaction or once eta + GRACE_PERIOD has passed at the head (`headTime`) unexecuted. The
 * call is decoded with the module's Configurator decoding (verified changes). Events are taken
 * oldest first; the latest decides the status. `delaySeconds`: the timelock's delay at the head
 * (its least notice), where read. Pure.
 */
export function normalizeMarketUpdates(logs: readonly RecentLog[], deployment: MarketUpdateDeployment, headTime: number, delaySeconds?: number): FeedProposal[] {
  const byHash = new Map<string, RecentLog[]>();
  for (const log of logs) {
    const hash = String(log.args.txHash).toLowerCase();
    byHash.set(hash, [...(byHash.get(hash) ?? []), log]);
  }
  return [...byHash.values()].flatMap((events) => {
    const queued = events.findLast((log) => log.eventName === 'QueueTransaction');
    const last = events.at(-1)!;
    const call = last.args as unknown as TimelockCall;
    const eta = Number(call.eta);
    const etaIso = isoFromUnixSeconds(eta);
    if (!etaIso) return [];
    const changes = decodeL2Actions([{ target: call.target, value: call.value, signature: call.signature, calldata: call.data }], deployment.upstream, `MarketUpdateTimelock ${call.txHash.slice(0, 10)} → `);
    const ended = last.eventName === 'ExecuteTransaction' ? 'executed' : last.eventName === 'CancelTransaction' ? 'canceled' : headTime > eta + MARKET_UPDATE_GRACE_SECONDS ? 'expired' : undefined;
    const effectiveAt = last.eventName === 'ExecuteTransaction' ? isoFromUnixSeconds(last.blockTime)! : etaIso;
    const created = isoFromUnixSeconds((queued ?? events[0]!).blockTime)!;
    const markets = [...new Set(changes.map((change) => (change.market && compoundMarketName(change.market)) ?? change.market).filter(Boolean))];
    const what = changes.length > 0 ? `${changes.length} parameter change${changes.length === 1 ? '' : 's'} to ${markets.join(', ')}` : `a call ${call.signature || call.data.slice(0, 10)} to ${call.target}`;
    const title = `Market admin ${ended === 'executed' ? 'applied' : 'queued'} ${what}`;
    const outcome =
      ended === 'executed' ? `executed at ${effectiveAt}` : ended === 'canceled' ? 'canceled before its eta' : ended === 'expired' ? `never executed: it expired 14 days after its eta ${etaIso}` : `executable from ${etaIso} unless the market admin cancels it`;
    const description = `${title}, through the market-admin timelock on ${chainName(deployment.upstream)} (${deployment.timelock}${delaySeconds ? `, delay ${delaySeconds / 3600} h` : ''}): no vote; the full call is public from queueing. It is ${outcome}. Call: ${call.signature || '(selector in data)'} on ${call.target}, data ${call.data}.`;
    const links = [...new Set(events.map((log) => log.transactionHash).filter((hash): hash is Hex => hash !== undefined))];
    return [
      {
        id: proposalId('compound', 'marketupdate', `${deployment.upstream}-${call.txHash.slice(2, 18)}`),
        protocol: 'compound',
        title,
        summary: `${title}; ${outcome}.`,
        description,
        proposer: deployment.timelock,
        status: ended === undefined ? 'pending' : ended === 'executed' ? 'executed' : 'canceled',
        votes: {},
        timeline: { created, effectiveAt },
        effectiveDate: effectiveAt,
        mechanism: 'timelock',
        ...(queued && { noticeSeconds: Math.max(0, eta - queued.blockTime) }),
        sourceLinks: [
          ...links.map((hash) => ({ url: `${deployment.explorer}/tx/${hash}`, label: 'Timelock transaction on the explorer' })),
          { url: `${deployment.explorer}/address/${deployment.timelock}`, label: 'The market-admin timelock on the explorer' },
        ],
        ...(changes.length > 0 && { changeType: 'parameter' as const }),
        changes,
        firstSeen: created,
      },
    ];
  });
}
