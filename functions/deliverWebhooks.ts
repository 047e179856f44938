import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { backgroundServices } from '../shared/runtime/backgroundServices.js';
import { deliveryBatch } from '../shared/webhooks/deliveryBatch.js';
import { webhooksOf } from '../shared/webhooks/webhooks.js';

/**
 * The delivery function (issue #24 item 3): drains the webhook queue the feed builder fills. A
 * feed-built job checks the watched wallets and queues their messages; a message job makes one
 * signed attempt and queues its retry. It answers nobody over HTTP.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const current = await backgroundServices();
  return deliveryBatch(event, current, webhooksOf(current));
};
