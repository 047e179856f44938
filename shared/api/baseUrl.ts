import type { Config } from '../runtime/config.js';
import { headerOf } from './http/request.js';
import type { HttpEvent } from './http/types.js';

/** A DNS name (RFC 1123 labels), an IPv4 address or a bracketed IPv6 address, with an optional port 1–65535. */
const HOST = /^(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;

/** The Host header when it is a well-formed host, else undefined: a malformed one must never reach a URL. */
export function validHost(host: string | undefined): string | undefined {
  if (!host || host.length > 255) return undefined;
  const match = HOST.exec(host);
  if (!match) return undefined;
  const port = match[1] === undefined ? undefined : Number(match[1]);
  return port === undefined || (port >= 1 && port <= 65_535) ? host.toLowerCase() : undefined;
}

/**
 * The public base address: the configured domain (PUBLIC_BASE_URL; the AWS stack sets it to the
 * distribution's), else the request's Host when it is well formed, else localhost. Answers built
 * from the Host (and X-Forwarded-Proto) must say so with `Vary` (varyOnHost), or a shared cache
 * could serve one host's links to another.
 */
export function baseUrl(event: HttpEvent, config: Pick<Config, 'publicBaseUrl'>): string {
  if (config.publicBaseUrl) return config.publicBaseUrl;
  const host = validHost(headerOf(event, 'host')) ?? validHost(event.requestContext?.domainName) ?? 'localhost';
  const proto = headerOf(event, 'x-forwarded-proto') === 'https' ? 'https' : 'http';
  return `${proto}://${host}`;
}

/**
 * `Vary` on both request headers baseUrl reads (Host and X-Forwarded-Proto) when the base address
 * comes from the request rather than from configuration: a shared cache must not serve one
 * scheme's links to another (issue #19).
 */
export const varyOnHost = (config: Pick<Config, 'publicBaseUrl'>): Record<string, string> => (config.publicBaseUrl ? {} : { Vary: 'Host, X-Forwarded-Proto' });

export const webUrlFor = (base: string, address: string): string => `${base}/w/${encodeURIComponent(address)}`;
