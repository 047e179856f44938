import type { Config } from '../runtime/config.js';
import { headerOf } from './http/request.js';
import type { HttpEvent } from './http/types.js';

/** The public base address: the configured domain, else the host the request came to. */
export function baseUrl(event: HttpEvent, config: Pick<Config, 'publicBaseUrl'>): string {
  if (config.publicBaseUrl) return config.publicBaseUrl;
  const host = (headerOf(event, 'host') ?? event.requestContext?.domainName ?? 'localhost').replace(/[^A-Za-z0-9.:\[\]-]/g, '');
  const proto = headerOf(event, 'x-forwarded-proto') === 'https' ? 'https' : 'http';
  return `${proto}://${host || 'localhost'}`;
}

export const webUrlFor = (base: string, address: string): string => `${base}/w/${encodeURIComponent(address)}`;
