import { headerOf } from '../api/http/request.js';
import type { HttpEvent } from '../api/http/types.js';

/**
 * The caller's IP as the edge saw it. Behind our own CloudFront (and only then: the origin guard
 * has checked the secret header) it is CloudFront-Viewer-Address, `ip:port` with IPv6 unbracketed,
 * so the port is cut at the last colon (a key with the port would change per connection).
 * Anywhere else it is the TCP peer; X-Forwarded-For is never read, a caller can write it.
 */
export function clientAddress(event: HttpEvent, trustViewerAddress: boolean): string {
  const viewer = trustViewerAddress ? headerOf(event, 'cloudfront-viewer-address') : undefined;
  if (viewer) {
    const cut = viewer.lastIndexOf(':');
    return cut > 0 ? viewer.slice(0, cut) : viewer;
  }
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}
