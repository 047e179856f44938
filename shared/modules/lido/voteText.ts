/** A vote's text as shown in the feed, from its StartVote metadata. */
export interface VoteText {
  title: string;
  description: string;
  /** The CIDv1 of the fuller description Lido publishes on IPFS, when the metadata names one. */
  ipfsCid?: string;
}

/** lidofinance/scripts `utils/ipfs.py` REG_VOTE_CID_WITH_PREFIX_LAST: the CID comes last, after `lidovoteipfs://`. */
const VOTE_CID = /\s*lidovoteipfs:\/\/(b[a-z2-7]{58,128})\s*$/i;
const TITLE_LIMIT = 160;

/**
 * Title and description from StartVote metadata ("Omnibus vote: 1) …;\n 2) ….\nlidovoteipfs://<cid>").
 * The CID line is stripped (it is a pointer, not text); the title is the text on one line, cut at a
 * word near 160 characters, since omnibus votes list every item; the description keeps it all.
 * A vote without metadata is titled by its number. Pure.
 */
export function voteText(voteId: number, metadata: string): VoteText {
  const cid = VOTE_CID.exec(metadata)?.[1];
  const text = metadata.replace(VOTE_CID, '').trim();
  const oneLine = text.replace(/\s+/g, ' ');
  const title = oneLine === '' ? `Lido DAO vote #${voteId}` : cut(oneLine);
  return { title, description: text, ...(cid && { ipfsCid: cid }) };
}

function cut(text: string): string {
  if (text.length <= TITLE_LIMIT) return text;
  const head = text.slice(0, TITLE_LIMIT - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > TITLE_LIMIT * 0.6 ? head.slice(0, space) : head).replace(/[;,:]$/, '')}…`;
}
