import type { Duplex } from 'node:stream';
import { envelopeResult } from '../shared/api/middleware/stack.js';

/** A whole HTTP/1.1 answer written on a raw socket, closing the connection. */
export function rawResponse({ statusCode, headers, body }: ReturnType<typeof envelopeResult>, reason: string): string {
  const lines = Object.entries({ ...headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' }).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${statusCode} ${reason}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * The answer to a request Node's parser or its timers gave up on, in the contract's envelope: 408 for
 * a timeout, as Node itself answers (a 400 would tell the client its request was wrong, not late),
 * else 400 (oversized headers included: the contract documents 400 for a request it cannot read,
 * where Node would say 431). The contract has no code of its own for a timeout; like a 405
 * (decisions.md), it carries `invalid_input`: the request has to be sent again, whole and in time.
 */
export function clientErrorResponse(code: string | undefined): string {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return rawResponse(envelopeResult(408, 'invalid_input', 'the request was not received in time'), 'Request Timeout');
  const message = code === 'HPE_HEADER_OVERFLOW' ? 'the request line and headers are too large' : 'malformed HTTP request';
  return rawResponse(envelopeResult(400, 'invalid_input', message), 'Bad Request');
}

/**
 * Node's 'clientError' for our server: the envelope when nothing of an answer has been written on the
 * socket yet (Node's own rule: a second status line would corrupt what the client reads), then the
 * socket is ended. `answerStarted` says whether an answer is being written on it.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, answerStarted: boolean): void {
  if (!socket.writable || answerStarted) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(error.code));
  // end() waits for the client to read; a client that never does must not keep the socket.
  setTimeout(() => socket.destroy(), 1_000).unref();
}
