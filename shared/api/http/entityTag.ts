import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { headerOf, methodOf } from './request.js';
import type { HttpEvent, Reply } from './types.js';

/**
 * A weak entity tag (RFC 9110 §8.8.3) of a serialized answer: the first 128 bits of its SHA-256
 * (@noble/hashes, already in every bundle for the limiter's keys), so two answers share a tag only if
 * their bytes are the same. Weak, as the bytes a client receives may be compressed at the edge: the
 * tag stands for the JSON, not for one encoding of it.
 *
 * @example weakTagOf('{"proposals":[]}') // 'W/"…32 hex digits…"'
 */
export function weakTagOf(body: string): string {
  return `W/"${bytesToHex(sha256(utf8ToBytes(body)).subarray(0, 16))}"`;
}

/** An entity tag of an If-None-Match list: an optional W/ and a quoted opaque tag (which may hold a comma, so the list is not split on them). */
const LISTED_TAG = /(?:W\/)?"([\x21\x23-\x7e\x80-\xff]*)"/g;

/**
 * Whether If-None-Match, as sent, holds `tag` (RFC 9110 §13.1.2): `*` holds any current answer;
 * a list holds the tag when one of its members is the same opaque tag, W/ or not (the weak
 * comparison this field asks for). Text that is no entity tag holds nothing, so an empty or
 * unreadable field gets the full answer.
 */
export function ifNoneMatchHolds(field: string | undefined, tag: string): boolean {
  if (field === undefined) return false;
  if (field.trim() === '*') return true;
  const wanted = tag.slice(tag.indexOf('"') + 1, -1);
  for (const [, opaque] of field.matchAll(LISTED_TAG)) if (opaque === wanted) return true;
  return false;
}

/**
 * The reply as sent for this request: 304 Not Modified when it is a GET or HEAD whose If-None-Match
 * already holds the answer's tag, else the reply itself. The 304 keeps the headers the 200 would carry
 * (ETag, Cache-Control, Vary) and no body; the stack leaves its Content-Type out. Only a 200 is
 * compared: an error is never "not modified".
 */
export function conditionalReply(event: HttpEvent, reply: Reply & { headers: { ETag: string } }): Reply {
  const method = methodOf(event);
  if ((reply.status ?? 200) !== 200 || (method !== 'GET' && method !== 'HEAD')) return reply;
  if (!ifNoneMatchHolds(headerOf(event, 'if-none-match'), reply.headers.ETag)) return reply;
  return { status: 304, body: '', headers: reply.headers };
}

/** The reply with the weak tag of the bytes it will be sent as (a JSON body as the stack serializes it). */
export function taggedReply(reply: Reply): Reply & { headers: { ETag: string } } {
  const bytes = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  return { ...reply, headers: { ...reply.headers, ETag: weakTagOf(bytes) } };
}
