import { ApiError, invalidInput } from '../../contract/errors.js';
import { shownHeader } from '../middleware/methodAndVersion.js';
import { headerOf } from './request.js';
import type { HttpEvent } from './types.js';

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * A request's JSON body, parsed, or the error envelope's reason it cannot be: 415 when its
 * Content-Type is not application/json (a charset, if named, must be UTF-8), 413 past `maxBytes`,
 * 400 for an empty body, bytes that are not UTF-8 or text that is not JSON; the 413 and 415 carry
 * code invalid_input, as a 405 does. API Gateway hands a body over as text or, for a type it does
 * not take for text, in base64 (as the local server always does); both are read here.
 *
 * @throws ApiError (payload_too_large, unsupported_media_type, invalid_input)
 */
export function jsonBodyOf(event: HttpEvent, maxBytes: number): unknown {
  const type = headerOf(event, 'content-type');
  if (!isJsonType(type)) {
    throw new ApiError('unsupported_media_type', `Content-Type ${type === undefined ? 'is missing' : `${shownHeader(type)} is not served`}; send the body as application/json`);
  }
  const bytes = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  if (bytes.byteLength > maxBytes) throw new ApiError('payload_too_large', `the body is over ${maxBytes} bytes; send at most ${maxBytes / 1024} kB`);
  if (bytes.byteLength === 0) throw invalidInput('the body is empty; send the input as JSON');
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    throw invalidInput('the body is not UTF-8 text');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw invalidInput(`the body is not JSON: ${(error as Error).message.slice(0, 200)}`);
  }
}

/** `application/json`, in any case, with parameters; a charset other than UTF-8 is refused (RFC 8259 §8.1: JSON is UTF-8). */
function isJsonType(field: string | undefined): boolean {
  if (field === undefined) return false;
  const [mediaType, ...parameters] = field.split(';');
  if (mediaType!.trim().toLowerCase() !== 'application/json') return false;
  return parameters.every((parameter) => {
    const [name, value = ''] = parameter.split('=');
    return name!.trim().toLowerCase() !== 'charset' || /^"?utf-8"?$/i.test(value.trim());
  });
}
