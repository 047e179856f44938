import type { IncomingMessage } from 'node:http';

/**
 * A request's body, at most `maxBytes` of it: past that the rest is drained unread, so a caller
 * streaming megabytes costs this server `maxBytes` of memory, not the whole body (the handler
 * refuses one that reached the cap with 413). Ends with what arrived if the client goes away.
 */
export function bodyOf(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks, Math.min(size, maxBytes)));
    request.on('data', (chunk: Buffer) => {
      if (size >= maxBytes) return;
      chunks.push(chunk.length > maxBytes - size ? chunk.subarray(0, maxBytes - size) : chunk);
      size += chunk.length;
      // Over the cap: answer now; send() closes the connection on the body still coming.
      if (size >= maxBytes) done();
    });
    request.once('end', done);
    request.once('close', done);
  });
}
