import type { Context } from 'aws-lambda';
import { headerOf, pathParameter } from '../shared/api/http/request.js';
import type { HttpEvent } from '../shared/api/http/types.js';
import { jsonBodyOf } from '../shared/api/http/jsonBody.js';
import { createHandler, type ServedHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { invalidInput } from '../shared/contract/errors.js';
import { CreateWatchRequest, CreateWatchResponse, DeleteWatchResponse, TestWatchResponse } from '../shared/contract/watch.js';
import type { Services } from '../shared/runtime/services.js';
import { createWatch } from '../shared/webhooks/createWatch.js';
import { pingWatch } from '../shared/webhooks/pingWatch.js';
import { watchOfCaller } from '../shared/webhooks/watchOfCaller.js';
import { webhooksOf } from '../shared/webhooks/webhooks.js';

/** POST /api/watches: a watch, once its receiver echoed the webhook.verify challenge (issue #24 item 3). */
const create = createHandler(OPERATIONS.createWatch, async (event, services) => {
  const parsed = CreateWatchRequest.safeParse(jsonBodyOf(event, OPERATIONS.createWatch.maxBodyBytes));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidInput(`invalid input: ${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  const watch = await createWatch(parsed.data, services, webhooksOf(services));
  return { status: 201, body: CreateWatchResponse.parse(watch), headers: { Location: `/api/watches/${watch.id}` } };
});

/** DELETE /api/watches/{id}, with the watch's secret: nothing is sent to its receiver any more. */
const remove = createHandler(OPERATIONS.deleteWatch, async (event, services) => {
  const { store } = webhooksOf(services);
  const watch = await watchOfCaller(pathParameter(event, 'id'), headerOf(event, 'authorization'), store);
  await store.delete(watch.id);
  return { body: DeleteWatchResponse.parse({ id: watch.id, deleted: true }) };
});

/** POST /api/watches/{id}/test, with the watch's secret: one signed ping, and how the receiver answered. */
const test = createHandler(OPERATIONS.testWatch, async (event, services) => {
  const webhooks = webhooksOf(services);
  const watch = await watchOfCaller(pathParameter(event, 'id'), headerOf(event, 'authorization'), webhooks.store);
  return { body: TestWatchResponse.parse(await pingWatch(watch, services.now(), webhooks)) };
});

/** The three watch operations in one function; each keeps its own operation (method, headers, OpenAPI), chosen by the route. */
const BY_PATH: Record<string, ServedHandler> = {
  [OPERATIONS.createWatch.path]: create,
  [OPERATIONS.deleteWatch.path]: remove,
  [OPERATIONS.testWatch.path]: test,
};
const pick = (event: HttpEvent) => event.routeKey.slice(event.routeKey.indexOf(' ') + 1);

export const handler: ServedHandler = Object.assign((event: HttpEvent, context?: Context) => (BY_PATH[pick(event)] ?? create)(event, context), {
  withServices: (getServices: () => Promise<Services>) => {
    const bound = Object.fromEntries(Object.entries(BY_PATH).map(([path, served]) => [path, served.withServices(getServices)]));
    return (event: HttpEvent, context?: Context) => (bound[pick(event)] ?? bound[OPERATIONS.createWatch.path]!)(event, context);
  },
});
