/**
 * What the chain holds now for the value a proposal's change would replace, read by the change's
 * module when the feed is built (shared/feed/currentValues/): the value in the change's unit, or
 * why it was not read. Kept beside the proposal's changes in the stored feed
 * (FeedProposal.chainReadings), never on the wire: a proposal page sets it beside the value the
 * proposal states. Free of times and block numbers: the feed's build time says when.
 */
export type ChainReading = { value: number | string } | { notRead: string };

/** Whether the reading holds a value. */
export const wasRead = (reading: ChainReading): reading is { value: number | string } => 'value' in reading;
