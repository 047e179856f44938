import { afterAll, beforeAll } from 'vitest';
import { type LocalServer, type StartOptions, startServer } from '../../local/server.js';
import type { Services } from '../../shared/runtime/services.js';
import { testServices } from './services.js';

export interface TestServer {
  url: string;
  services: Services;
  get(path: string, init?: RequestInit): Promise<Response>;
}

/** Starts the local server on a free port for the file's tests, and stops it after them. */
export function useServer(makeServices: () => Services = () => testServices(), handlers?: StartOptions['handlers']): TestServer {
  let local: LocalServer | undefined;
  const handle: TestServer = {
    url: '',
    services: undefined as unknown as Services,
    get: (path, init) => fetch(`${handle.url}${path}`, init),
  };
  beforeAll(async () => {
    handle.services = makeServices();
    local = await startServer({ port: 0, services: handle.services, handlers });
    handle.url = local.url;
  });
  afterAll(async () => {
    await local?.close();
  });
  return handle;
}

/** GETs a path, parses the JSON body and checks both against the OpenAPI document. */
export async function getChecked<T = Record<string, unknown>>(
  server: TestServer,
  path: string,
  template: string,
  init?: RequestInit,
): Promise<{ response: Response; body: T }> {
  const { expectContract } = await import('./contract.js');
  const response = await server.get(path, init);
  const text = await response.text();
  const body = (response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text) as T;
  await expectContract(template, response, body);
  return { response, body };
}
