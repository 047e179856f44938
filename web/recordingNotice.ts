import type { FeedProposal } from '../shared/domain/proposal.js';
import { type Recording, recordedOn, recordingSentence } from '../shared/upstream/recording.js';
import { type Html, html } from './html.js';

/** The banner at the top of a page built from recordings; nothing when the data is live. */
export function recordingNotice(recording: Recording | undefined): Html {
  if (!recording) return html``;
  return html`<div class="banner banner-recorded" role="note"><strong>Recorded data, not live.</strong> ${recordingSentence(recording)}</div>`;
}

/** "when recorded on 2022-12-26": how a recorded status is to be read; nothing when live. */
export function recordedAsOf(protocol: string, recording: Recording | undefined): string {
  if (!recording) return '';
  const on = recordedOn(recording, protocol);
  return on ? `when recorded on ${on}` : 'in the recording (its date not stated)';
}

/**
 * Statuses as a holder reads them: "passed, not yet executed" is the moment to act, "voting" the
 * moment to vote. The contract's values stay in the JSON.
 */
export const STATUS_WORDS: Readonly<Record<FeedProposal['status'], string>> = {
  pending: 'voting not started',
  active: 'voting',
  passed: 'passed, not yet executed',
  executed: 'executed',
  closed: 'did not pass',
  canceled: 'canceled',
};

/** A status in words; an unknown one as written. */
export const statusWords = (status: string): string => STATUS_WORDS[status as FeedProposal['status']] ?? status;

/**
 * A proposal's status as a reader may take it: as it is when live; when recorded, as of the recording
 * ("pending when recorded on 2022-12-26"), so a vote of years ago never reads as open today.
 */
export function statusText(proposal: Pick<FeedProposal, 'status' | 'protocol'>, recording: Recording | undefined): string {
  const asOf = recordedAsOf(proposal.protocol, recording);
  return asOf ? `${statusWords(proposal.status)} ${asOf}` : statusWords(proposal.status);
}

/** statusText for a page, inside an element styled as a status: the status word styled, the date as written. */
export function statusHtml(proposal: Pick<FeedProposal, 'status' | 'protocol'>, recording: Recording | undefined): Html {
  const asOf = recordedAsOf(proposal.protocol, recording);
  return html`${statusWords(proposal.status)}${asOf ? html`<span class="as-of"> ${asOf}</span>` : ''}`;
}
