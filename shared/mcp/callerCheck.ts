import type { Config } from '../runtime/config.js';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A Host or an origin's host without its port: `localhost:8080` → `localhost`, `[::1]:3000` → `[::1]`. */
const hostName = (host: string): string => host.toLowerCase().replace(/:\d+$/, '');

/**
 * Why the MCP endpoint refuses a request's Host or Origin, or undefined when it takes it. A web page
 * on another site must not reach a Govex running on someone's machine through a DNS name pointed
 * at 127.0.0.1 (DNS rebinding): on one machine the Host must name loopback or PUBLIC_BASE_URL's
 * host; an Origin, when a browser sends one, must be the public address's or a loopback one. In
 * AWS the CDN is the only way in (the origin secret) and sets the Host itself, so only the Origin
 * is checked there. Pure.
 */
export function refusedCaller(host: string | undefined, origin: string | undefined, config: Pick<Config, 'publicBaseUrl' | 'originSecret'>): string | undefined {
  const publicHost = config.publicBaseUrl ? new URL(config.publicBaseUrl).host.toLowerCase() : undefined;
  const allowed = (candidate: string) => LOCAL_HOSTS.has(hostName(candidate)) || candidate.toLowerCase() === publicHost;
  if (!config.originSecret && (host === undefined || !allowed(host))) {
    return `Host ${JSON.stringify((host ?? '').slice(0, 80))} is not this server's: use localhost or the address PUBLIC_BASE_URL gives`;
  }
  if (origin !== undefined && origin !== 'null') {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return `Origin ${JSON.stringify(origin.slice(0, 80))} is not an origin`;
    }
    if (!allowed(originHost)) return `Origin ${JSON.stringify(origin.slice(0, 80))} may not call this endpoint from a browser`;
  }
  return undefined;
}
