import {
  type AttributeValue,
  ConditionalCheckFailedException,
  type DynamoDBClient,
  GetItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { RateLimitCounterStore } from '../types.js';
import { ITEM_ATTRIBUTE, KEY_PREFIX, TABLE, ttlSeconds } from './table.js';

// clientKey() is a hex HMAC; anything else (an IP, say) is a caller's bug, and must not be stored.
const KEYED_HASH = /^[0-9a-f]{16,128}$/;

/**
 * Rate-limit counters in DynamoDB: one item per client and fixed window, `pk = rl#<hash>`,
 * `sk = <window index>`. The increment is one conditional UpdateItem, so concurrent requests in
 * any number of Lambda containers never lose a count and never pass the ceiling together.
 */
export class DynamoCounterStore implements RateLimitCounterStore {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  /** A strongly consistent read: an eventually consistent one could miss the last increments. */
  async count(clientKey: string, windowIndex: number): Promise<number> {
    const { Item } = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: this.key(clientKey, windowIndex),
        ConsistentRead: true,
        ProjectionExpression: '#n',
        ExpressionAttributeNames: { '#n': ITEM_ATTRIBUTE.count },
      }),
    );
    return countOf(Item);
  }

  async incrementIfBelow(clientKey: string, windowIndex: number, ceiling: number, expiresAtMs: number) {
    const Key = this.key(clientKey, windowIndex);
    // attribute_not_exists would let a first request through a ceiling of 0; the memory store would not.
    if (ceiling <= 0) return { counted: false, count: await this.count(clientKey, windowIndex) };
    try {
      const { Attributes } = await this.client.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key,
          // The TTL is set by the window's first request only; refreshing it would keep nothing longer.
          UpdateExpression: 'ADD #n :one SET #ttl = if_not_exists(#ttl, :ttl)',
          ConditionExpression: 'attribute_not_exists(#n) OR #n < :ceiling',
          ExpressionAttributeNames: { '#n': ITEM_ATTRIBUTE.count, '#ttl': TABLE.timeToLiveAttribute },
          ExpressionAttributeValues: {
            ':one': { N: '1' },
            ':ceiling': { N: String(ceiling) },
            ':ttl': { N: String(ttlSeconds(expiresAtMs)) },
          },
          ReturnValues: 'UPDATED_NEW',
          // DynamoDB returns the item that failed the condition, which saves a read; dynalite
          // accepts the parameter but returns nothing, hence the read below when Item is absent.
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { counted: true, count: countOf(Attributes) };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const count = error.Item ? countOf(error.Item) : await this.count(clientKey, windowIndex);
      return { counted: false, count };
    }
  }

  private key(clientKey: string, windowIndex: number): Record<string, AttributeValue> {
    if (!KEYED_HASH.test(clientKey)) throw new Error('rate-limit counters are keyed by a keyed client hash only');
    return {
      [TABLE.partitionKey.name]: { S: `${KEY_PREFIX.rateLimit}${clientKey}` },
      [TABLE.sortKey.name]: { S: String(windowIndex) },
    };
  }
}

const countOf = (item: Record<string, AttributeValue> | undefined): number => Number(item?.[ITEM_ATTRIBUTE.count]?.N ?? 0);
