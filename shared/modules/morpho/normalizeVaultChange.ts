import { formatUnits, getAddress } from 'viem';
import type { SourceLink } from '../../contract/common.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import type { FeedProposal } from '../../domain/proposal.js';
import { proposalId } from '../../governance/proposalId.js';
import { isoFromUnixSeconds } from '../../governance/time.js';
import { formatNumber } from '../../simulate/format.js';
import { formatDuration } from './calculators.js';
import { type MorphoChain, tokenOf, vaultMarket } from './deployment.js';
import { marketLabel } from './marketLabel.js';
import { VAULT_FEE, VAULT_GUARDIAN, VAULT_MARKET_REMOVAL, VAULT_SUPPLY_CAP, VAULT_TIMELOCK } from './parameters.js';
import type { VaultChainRead } from './readVaultGovernance.js';
import { timelockAtSubmission } from './timelockAtSubmission.js';
import type { VaultChange } from './vaultChanges.js';

/** What normalizing needs of the read beyond the change: the chain and the head, to date logs. */
export interface ChainClock {
  chain: MorphoChain;
  head: bigint;
  headTimestamp: bigint;
}

/**
 * A log's time from the head's: Base's blocks are exactly 2 s apart (exact); Ethereum's are dated
 * at 12 s a slot, a few hours late at most after two weeks of missed slots. Pure.
 */
export const blockTime = ({ chain, head, headTimestamp }: ChainClock, block: bigint): bigint => headTimestamp - (head - block) * BigInt(chain.secondsPerBlock);

/** Caps above 2^128 are "no cap" in practice (curators write type(uint184).max for idle markets). */
const UNLIMITED = 2n ** 128n;

/** The source of a vault change's id: one per chain, so a log's (block, index) is unique in it. */
export const vaultSourceName = (chain: MorphoChain): string => `${chain.name === 'ethereum' ? 'eth' : chain.name}vaults`;

/**
 * A feed proposal from one vault change, with mechanism `timelock` (a curator's or owner's change,
 * which no vote decides): `noticeSeconds` is the vault's timelock at submission for a timelocked
 * change (timelockAtSubmission) and 0 for one that took effect at once; `timeline.effectiveAt` is
 * `effectiveDate`. `effectiveDate` is the exact validAt of a pending
 * submission (when anyone may accept it: MetaMorpho's afterTimelock), the block time of the Set*
 * that applied an executed one, or of the event itself for a change that took effect at once.
 * `timeline.end` is the end of the guardian's veto window. Pure.
 */
export function normalizeVaultChange(change: VaultChange, clock: ChainClock & Pick<VaultChainRead, 'vaults' | 'logs'>): FeedProposal {
  const { chain } = clock;
  const { vault } = change;
  const asset = tokenOf(chain, vault.asset) ?? { symbol: 'assets', decimals: 18 };
  const created = isoFromUnixSeconds(blockTime(clock, change.opened.blockNumber))!;
  const label = marketLabel(chain, change.market, change.marketId);
  const amount = (value: unknown) => (typeof value === 'bigint' ? Number(formatUnits(value, asset.decimals)) : undefined);
  const words = describe(change, label, asset.symbol, amount);
  const validAt = change.validAt;
  const effectiveDate =
    change.status === 'passed' ? isoFromUnixSeconds(validAt) : change.status === 'executed' ? isoFromUnixSeconds(blockTime(clock, (change.closed ?? change.opened).blockNumber)) : undefined;
  const parameterChange = changeOf(change, chain, label, asset.symbol, amount);
  const caller = change.opened.args.caller as string | undefined;
  const notice = change.timelocked ? timelockAtSubmission(clock, change.opened) : 0n;
  const description = [words.body, timelockText(change), `Vault: ${vault.name} (${vault.address}) on ${chain.name === 'ethereum' ? 'Ethereum' : 'Base'}, curated by ${vault.curator}.`].join('\n\n');
  return {
    id: proposalId('morpho', vaultSourceName(chain), `${change.opened.blockNumber}-${change.opened.logIndex}`),
    protocol: 'morpho',
    title: `${vault.name}: ${words.title}`,
    summary: words.body,
    description,
    ...(caller && { proposer: getAddress(caller) }),
    status: change.status,
    votes: {},
    timeline: { created, ...(validAt && { end: isoFromUnixSeconds(validAt) }), ...(effectiveDate && { effectiveAt: effectiveDate }) },
    sourceLinks: linksOf(change, chain),
    changeType: change.kind === 'removal' ? 'shape' : 'parameter',
    ...(effectiveDate && { effectiveDate }),
    mechanism: 'timelock',
    ...(notice !== undefined && { noticeSeconds: Number(notice) }),
    changes: parameterChange ? [parameterChange] : [],
    firstSeen: created,
  };
}

type Amount = (value: unknown) => number | undefined;

function describe(change: VaultChange, label: string, symbol: string, amount: Amount): { title: string; body: string } {
  const tokens = (value: unknown) => (typeof value === 'bigint' && value >= UNLIMITED ? 'no limit' : `${formatNumber(amount(value) ?? 0)} ${symbol}`);
  switch (change.kind) {
    case 'cap': {
      const from = change.from === undefined ? '' : ` (now ${tokens(change.from)})`;
      const was = change.from === undefined ? '' : ` (was ${tokens(change.from)})`;
      if (change.timelocked) {
        return { title: `raise the ${label} cap to ${tokens(change.to)}`, body: `A supply cap of ${tokens(change.to)} was submitted for the ${label} market${from}: once accepted, the vault may supply that much there.` };
      }
      // A SetCap with no submission in the window: a cut (decreases are immediate), or the
      // acceptance of a raise submitted before the window; 0 or a known higher value tells which.
      const cut = change.to === 0n || (typeof change.from === 'bigint' && (change.to as bigint) < change.from);
      const raised = typeof change.from === 'bigint' && (change.to as bigint) > change.from;
      if (cut) return { title: `${label} cap cut to ${tokens(change.to)}`, body: `The ${label} market's supply cap was set to ${tokens(change.to)}${was}, at once: the vault supplies no more than that there.` };
      if (raised) return { title: `${label} cap raised to ${tokens(change.to)}`, body: `A raise of the ${label} market's supply cap to ${tokens(change.to)}${was}, submitted before the window read, was accepted.` };
      return { title: `${label} cap set to ${tokens(change.to)}`, body: `The ${label} market's supply cap was set to ${tokens(change.to)}: a cut at once, or a raise submitted before the window read and accepted now.` };
    }
    case 'removal':
      return { title: `remove the ${label} market`, body: `The curator or owner submitted the removal of the ${label} market (its cap is already 0): after the timelock an allocator may drop it from the withdraw queue, and whatever the vault still supplies there is then lost to depositors.` };
    case 'timelock': {
      const to = formatDuration(Number(change.to));
      const from = change.from === undefined ? '' : ` from ${formatDuration(Number(change.from))}`;
      return change.timelocked
        ? { title: `shorten the timelock to ${to}`, body: `The owner submitted a timelock of ${to}${from}: later changes would need only that much notice.` }
        : typeof change.from === 'bigint' && (change.to as bigint) < change.from
          ? { title: `timelock shortened to ${to}`, body: `A timelock cut to ${to}${from}, submitted before the window read, was accepted: later changes need only that much notice.` }
          : { title: `timelock raised to ${to}`, body: `The timelock was raised to ${to}${from}, at once: later changes need more notice.` };
    }
    case 'guardian':
      return change.timelocked
        ? { title: `set the guardian to ${String(change.to)}`, body: `The owner submitted ${String(change.to)} as guardian, who may revoke pending changes.` }
        : { title: `guardian set to ${String(change.to)}`, body: `${String(change.to)} became the vault's guardian: at once if the vault had none, else by accepting a change submitted before the window read.` };
    default: {
      const percent = (value: unknown) => `${Number(formatUnits(value as bigint, 16))} %`;
      return { title: `performance fee set to ${percent(change.to)}`, body: `The owner set the performance fee to ${percent(change.to)} of the vault's interest${change.from === undefined ? '' : ` (was ${percent(change.from)})`}, at once.` };
    }
  }
}

function timelockText(change: VaultChange): string {
  if (!change.timelocked) return 'This change took effect at once: MetaMorpho applies cap cuts, timelock raises, a first guardian and fee changes without a timelock.';
  const when = change.validAt === undefined ? 'after the timelock' : `from ${isoFromUnixSeconds(change.validAt)}`;
  switch (change.status) {
    case 'passed':
      return `Timelocked: anyone may accept it ${when}; until it is accepted the guardian${change.kind === 'cap' || change.kind === 'removal' ? ', the curator' : ''} or the owner may revoke it.`;
    case 'executed':
      return 'Accepted after its timelock.';
    case 'canceled':
      return 'Revoked during its timelock.';
    default:
      return 'No longer pending at the chain head, and no acceptance or revocation was found in the events read.';
  }
}

function changeOf(change: VaultChange, chain: MorphoChain, label: string, symbol: string, amount: Amount): ParameterChange | undefined {
  if (change.status === 'canceled' || change.status === 'closed') return undefined;
  const market = vaultMarket(chain.name, change.vault.address);
  const evidence = `${change.opened.eventName} at block ${change.opened.blockNumber}${change.fromReadAtHead ? '; value before read at the head' : ''}`;
  const common = { protocol: 'morpho', asset: symbol, evidence, verified: true };
  switch (change.kind) {
    case 'cap':
      return { ...common, market: `${market}:${label}`, parameter: VAULT_SUPPLY_CAP.name, to: amount(change.to)!, ...(change.from !== undefined && { from: amount(change.from)! }), unit: 'tokens' };
    case 'removal':
      return { ...common, market: `${market}:${label}`, parameter: VAULT_MARKET_REMOVAL.name, from: 'enabled', to: 'removed', unit: 'state' };
    case 'timelock':
      return { ...common, market, parameter: VAULT_TIMELOCK.name, to: Number(change.to), ...(change.from !== undefined && { from: Number(change.from) }), unit: 'state' };
    case 'guardian':
      return { ...common, market, parameter: VAULT_GUARDIAN.name, to: String(change.to), ...(change.from !== undefined && { from: String(change.from) }), unit: 'state' };
    default:
      return { ...common, market, parameter: VAULT_FEE.name, to: Number(formatUnits(change.to as bigint, 18)), ...(change.from !== undefined && { from: Number(formatUnits(change.from as bigint, 18)) }), unit: 'fraction' };
  }
}

function linksOf(change: VaultChange, chain: MorphoChain): SourceLink[] {
  const links: SourceLink[] = [{ url: `${chain.explorer}/address/${change.vault.address}#events`, label: `${change.vault.name} events` }];
  for (const log of [change.opened, change.closed]) {
    if (log?.transactionHash) links.push({ url: `${chain.explorer}/tx/${log.transactionHash}`, label: `${log.eventName} transaction` });
  }
  return links;
}
