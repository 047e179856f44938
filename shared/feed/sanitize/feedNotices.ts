import type { SourceState } from '../../stores/types.js';

/** What the feed builder dropped from, or held back of, one governance system's proposals. */
export interface FeedNotice {
  /** The governance system (`<slug>/<system>`) the proposal came from. */
  source: string;
  /** `<proposal id>: …`, in our words: names fields, never repeats an upstream's value. */
  text: string;
  /** The proposal that lost a value and is still in the feed; absent for one held back. */
  keptId?: string;
}

/** Notices named one by one in a source's message; the rest are counted, so a message stays short whatever a source sends. */
const NAMED = 3;

/** One message for a source's notices, bounded. Pure. */
export function noticeMessage(texts: readonly string[]): string {
  const named = texts.slice(0, NAMED).join('; ');
  return texts.length > NAMED ? `${named}; and ${texts.length - NAMED} more` : named;
}

/**
 * The feed's source states with each source's notices in its message. A source that answered
 * stays ok (it was read; its message says what was left out of it, and the feed reports it as
 * degraded: coverage of that system has a gap); a failed source's message keeps its failure first.
 * Pure.
 */
export function withNotices(sources: Record<string, SourceState>, notices: readonly FeedNotice[]): Record<string, SourceState> {
  const bySource = new Map<string, string[]>();
  for (const notice of notices) {
    const texts = bySource.get(notice.source) ?? [];
    // A failed source's kept proposals and its own answer can name the same proposal alike.
    if (!texts.includes(notice.text)) bySource.set(notice.source, [...texts, notice.text]);
  }
  const result = { ...sources };
  for (const [source, texts] of bySource) {
    const state = result[source];
    // A notice of a source no state names (a proposal kept under a key a later build renamed) goes nowhere else honest.
    if (!state) continue;
    const notice = noticeMessage(texts);
    result[source] = { ...state, message: state.message ? `${state.message}; ${notice}` : notice };
  }
  return result;
}
