import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ClientConnection } from './clientConnection.js';

export type { DynamoDBClient };

/**
 * The table's client. The limiter and the caches sit in front of every request: two attempts and
 * short timeouts, so a hung table costs each call about a second before the limiter fails open or
 * the cache misses (DynamoDB answers in milliseconds when it answers at all).
 */
export function dynamoClientFor(connection: ClientConnection): DynamoDBClient {
  return new DynamoDBClient({
    ...connection,
    maxAttempts: 2,
    // Without throwOnRequestTimeout this SDK only logs a warning when requestTimeout passes.
    requestHandler: { connectionTimeout: 500, requestTimeout: 500, throwOnRequestTimeout: true, socketTimeout: 500 },
  });
}
