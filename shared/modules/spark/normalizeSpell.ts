import { getAddress } from 'viem';
import type { ChangeType } from '../../contract/enums.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import type { FeedProposal } from '../../domain/proposal.js';
import { proposalId } from '../../governance/proposalId.js';
import { isoFromUnixSeconds } from '../../governance/time.js';
import { SHARED_PARAMETER_KINDS } from '../../domain/sharedParameters.js';
import { configEngineChanges } from '../../readers/configEngine/configEngineChanges.js';
import { SPARKLEND_ETHEREUM, SPARKLEND_SYMBOLS } from './exposure/deployment.js';
import { PUBLISHED_SPELLS, type PublishedSpell, SPARK_SPELLS_COMMIT } from './publishedSpells.js';
import type { SpellRead } from './readSpells.js';
import { SPARK_STAR_GUARD } from './starGuard.js';
import { spellStatus } from './spellStatus.js';

const short = (address: string): string => `${address.slice(0, 6)}…${address.slice(-4)}`;

/**
 * The verified changes a payload's config-engine views state for SparkLend Ethereum (Spark's engine
 * is BGD's listing engine, era A layouts, read by shared/readers/configEngine/). A payload that names
 * no engine, or whose views were not read, states none here: what its _postExecute does (most of a
 * Spark spell: IRM swaps, freezes, Liquidity Layer rate limits, grants) no view shows. Pure.
 */
export function changesOfSpell(spell: SpellRead): ParameterChange[] {
  if (spell.payload?.kind !== 'engine') return [];
  return configEngineChanges({
    protocol: 'spark',
    payload: 'Spark spell',
    target: getAddress(spell.address),
    market: SPARKLEND_ETHEREUM.market,
    views: spell.payload.views,
    symbols: { ...SPARKLEND_SYMBOLS, ...spell.payload.symbols },
  });
}

/** "rETH loan-to-value": a change named as the shared vocabulary labels its kind. */
const named = (change: ParameterChange): string =>
  [change.asset, (SHARED_PARAMETER_KINDS.find((kind) => kind.name === change.parameter)?.label ?? change.parameter).replace(/^the /, '')].filter(Boolean).join(' ');

/**
 * A spell's title and changeType: its own words where its source is in PUBLISHED_SPELLS ("Spark spell
 * 2026-04-23: …"), else what its engine views decode ("Spark proxy spell 0x1601…F0F0: rETH
 * loan-to-value"), else its address alone, left to the feed's words rule. Pure.
 */
export function titleOfSpell(address: string, changes: readonly ParameterChange[]): { title: string; changeType?: ChangeType; published?: PublishedSpell } {
  const published = PUBLISHED_SPELLS[address.toLowerCase()];
  if (published) return { title: `Spark spell ${published.date}: ${published.does}`, changeType: published.changeType, published };
  const changeType: ChangeType | undefined = changes.some((change) => change.parameter === 'listing') ? 'shape' : changes.length > 0 ? 'parameter' : undefined;
  const what = [...new Set(changes.map(named))];
  const title = `Spark proxy spell ${short(getAddress(address))}${what.length > 0 ? `: ${what.slice(0, 3).join(', ')}${what.length > 3 ? ` and ${what.length - 3} more` : ''}` : ''}`;
  return { title, ...(changeType && { changeType }) };
}

/** One change as a line of the description. */
const line = (change: ParameterChange): string =>
  `- ${[change.asset, change.eModeCategory !== undefined ? `eMode ${change.eModeCategory}` : undefined].filter(Boolean).join(' ')} ${change.parameter} → ${change.to} ${change.unit}`.replace(/\s+/g, ' ');

/**
 * A payload the Spark StarGuard plotted, as a FeedProposal: id `spark-starguard-<payload address>`,
 * status by spellStatus, created at its Plot, effective at its Exec, with the verified changes of its
 * engine views. The payload carries no text on chain: its description says how
 * it is executed and what its views state; the vote that authorised it is the Sky executive's (and
 * the sparkfi.eth Snapshot proposal the spell's source links), not read here, so it has no votes; its
 * title and changeType are the spell source's words where we have read them (titleOfSpell). Pure.
 */
export function normalizeSpell(spell: SpellRead, { now }: { now: Date }): FeedProposal {
  const address = getAddress(spell.address);
  const changes = changesOfSpell(spell);
  const status = spellStatus(spell, now);
  const created = isoFromUnixSeconds(spell.plottedAt);
  const executed = isoFromUnixSeconds(spell.executedAt);
  const deadline = isoFromUnixSeconds(spell.deadline);
  const read = spell.payload?.kind === 'engine' ? 'its config-engine views' : spell.payload ? 'no config-engine views (a custom payload)' : 'views that could not be read';
  const summary =
    `Spark proxy spell ${short(address)}, whitelisted in the Spark StarGuard by a Sky executive vote` +
    (executed ? ` and executed through the Spark SubProxy on ${executed.slice(0, 10)}.` : status === 'passed' ? '; anyone may execute it until ' + (deadline?.slice(0, 10) ?? 'it expires') + '.' : '.') +
    (changes.length > 0 ? ` Its engine views change ${[...new Set(changes.map((change) => change.asset).filter(Boolean))].join(', ')} on SparkLend.` : '');
  const { title, changeType, published } = titleOfSpell(address, changes);
  const description = [
    summary,
    ...(published
      ? [`What the spell's source says it does (sparkdotfi/spark-spells ${published.file} @${SPARK_SPELLS_COMMIT.slice(0, 7)}): ${published.does}. A ${published.changeType} change: it ${published.because}.`]
      : []),
    `Payload ${address}, codehash ${spell.tag}. The StarGuard (${SPARK_STAR_GUARD}) runs it by delegatecall from the Spark SubProxy; the payload has ${read}.`,
    changes.length > 0 ? `Changes its views state (verified):\n${changes.map(line).join('\n')}` : 'No change is stated by its views.',
    // Worded so that the feed's words rule reads nothing into it: it describes every payload alike, not this one.
    'What the payload does after the engine (its _postExecute: configurator calls, Liquidity Layer settings, transfers) no view shows: see the spell’s source in sparkdotfi/spark-spells and its diff report.',
  ].join('\n\n');
  return {
    id: proposalId('spark', 'starguard', address.toLowerCase()),
    protocol: 'spark',
    title,
    summary,
    description,
    status,
    votes: {},
    timeline: { ...(created && { created }), ...(created && { start: created }), ...(deadline && { end: deadline }) },
    sourceLinks: [
      ...(published ? [{ url: published.forum, label: 'Proposed changes on the Sky forum' }] : []),
      { url: `https://etherscan.io/address/${address}#code`, label: 'Payload on Etherscan' },
      { url: `https://etherscan.io/address/${SPARK_STAR_GUARD}#events`, label: 'Spark StarGuard' },
    ],
    ...(changeType && { changeType }),
    ...(executed && { effectiveDate: executed }),
    changes,
    firstSeen: created ?? now.toISOString(),
  };
}
