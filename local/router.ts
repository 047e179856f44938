import type { Handler } from '../shared/api/middleware/stack.js';
import type { Services } from '../shared/runtime/services.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { ROUTES } from '../shared/api/routes.js';
import { FUNCTION_LOADERS } from './functionLoaders.js';

export interface Route {
  routeKey: string;
  pattern: RegExp;
  names: string[];
  /** The largest body its operation takes (POST /api/simulate's); a route without one reads none. */
  maxBodyBytes?: number;
  load: () => Promise<Handler>;
  /** The handler once loaded: a request then reaches it without waiting a turn on a settled promise. */
  loaded?: Handler;
}

/** `/api/scan/{address}` → a regular expression over the raw path; `{proxy+}` spans segments. */
function compile(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template.replace(/[.*?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)(\+?)\}/g, (_, name: string, greedy: string) => {
    names.push(name);
    return greedy ? '(.+)' : '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

/** The routes, in the order API Gateway would prefer them: exact paths before greedy ones. */
export function buildRoutes(overrides: Partial<Record<string, Handler>> = {}, getServices?: () => Promise<Services>): Route[] {
  return ROUTES.map(({ operation, entry }) => {
    const { path } = OPERATIONS[operation];
    const { maxBodyBytes } = OPERATIONS[operation] as { maxBodyBytes?: number };
    // Loaded once per server, as a warm Lambda keeps its handler; a failed load is tried again.
    let loading: Promise<Handler> | undefined;
    const load = async (): Promise<Handler> => {
      const override = overrides[entry];
      if (override) return override;
      const loader = FUNCTION_LOADERS[entry];
      if (!loader) throw new Error(`no function ${entry} for ${operation}`);
      const { handler } = await loader();
      return getServices ? handler.withServices(getServices) : handler;
    };
    const route: Route = {
      routeKey: `ANY ${path}`,
      ...compile(path),
      ...(maxBodyBytes !== undefined && { maxBodyBytes }),
      load: () =>
        (loading ??= load().then(
          (handler) => (route.loaded = handler),
          (error: unknown) => {
            loading = undefined;
            throw error;
          },
        )),
    };
    return route;
  });
}

/**
 * The routes as a request is matched against them: the leading exact paths by lookup (a cached
 * answer's path then costs one map read, not a regular expression per route before it), the rest in
 * order from the first with a parameter. The same first match as trying every route in order.
 */
export interface RouteTable {
  exact: Map<string, Route>;
  patterned: Route[];
}

export function routeTable(routes: Route[]): RouteTable {
  const firstPatterned = routes.findIndex((route) => route.names.length > 0);
  const leading = firstPatterned === -1 ? routes : routes.slice(0, firstPatterned);
  return { exact: new Map(leading.map((route) => [route.routeKey.slice(route.routeKey.indexOf(' ') + 1), route])), patterned: routes.slice(leading.length) };
}

/** The first route whose template matches, with its path parameters (none: undefined, as API Gateway sends). */
export function matchRoute({ exact, patterned }: RouteTable, rawPath: string): { route: Route; pathParameters: Record<string, string> | undefined } | undefined {
  const found = exact.get(rawPath);
  if (found) return { route: found, pathParameters: undefined };
  for (const route of patterned) {
    const match = route.pattern.exec(rawPath);
    if (!match) continue;
    if (route.names.length === 0) return { route, pathParameters: undefined };
    const pathParameters: Record<string, string> = {};
    route.names.forEach((name, index) => (pathParameters[name] = match[index + 1]!));
    return { route, pathParameters };
  }
  return undefined;
}
