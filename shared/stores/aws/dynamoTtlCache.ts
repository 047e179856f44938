import { createHash } from 'node:crypto';
import { type AttributeValue, type DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { TtlCache } from '../types.js';
import { CACHE_SORT_KEY, ITEM_ATTRIBUTE, KEY_PREFIX, MAX_ITEM_BYTES, TABLE, ttlSeconds } from './table.js';

type CachePrefix = (typeof KEY_PREFIX)['scanCache' | 'ensCache'];

// DynamoDB stores a number in at most 21 bytes; sizing with that bound never underestimates.
const NUMBER_BYTES = 21;
// A partition key may hold 2048 bytes; longer cache keys are hashed (a cache key only has to be unique).
const MAX_KEY_BYTES = 1024;

/**
 * A TTL cache in the shared table: one item per key, `pk = <prefix><key>`, the value as JSON text.
 * DynamoDB's TTL deletion is lazy (typically within two days), so a read checks the expiry itself.
 */
export class DynamoTtlCache<T> implements TtlCache<T> {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
    private readonly prefix: CachePrefix,
  ) {}

  /** An eventually consistent read: a cache may be a moment behind, and it costs half. */
  async get(key: string, nowMs: number): Promise<T | undefined> {
    const { Item } = await this.client.send(new GetItemCommand({ TableName: this.tableName, Key: this.key(key) }));
    const value = Item?.[ITEM_ATTRIBUTE.value]?.S;
    const expiresAtMs = Number(Item?.[ITEM_ATTRIBUTE.expiresAtMs]?.N ?? 0);
    if (value === undefined || expiresAtMs <= nowMs) return undefined;
    return JSON.parse(value) as T;
  }

  /** Values over DynamoDB's 400 KB item limit are not cached: the caller recomputes them next time. */
  async set(key: string, value: T, expiresAtMs: number): Promise<void> {
    const Key = this.key(key);
    const json = JSON.stringify(value);
    const bytes = itemBytes(Key, json);
    if (bytes > MAX_ITEM_BYTES) {
      console.warn(JSON.stringify({ level: 'warn', message: 'cache value over the DynamoDB item limit; not cached', prefix: this.prefix, bytes }));
      return;
    }
    await this.client.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: {
          ...Key,
          [ITEM_ATTRIBUTE.value]: { S: json },
          [ITEM_ATTRIBUTE.expiresAtMs]: { N: String(expiresAtMs) },
          [TABLE.timeToLiveAttribute]: { N: String(ttlSeconds(expiresAtMs)) },
        },
      }),
    );
  }

  private key(key: string): Record<string, AttributeValue> {
    const id = Buffer.byteLength(key) > MAX_KEY_BYTES ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key;
    return {
      [TABLE.partitionKey.name]: { S: `${this.prefix}${id}` },
      [TABLE.sortKey.name]: { S: CACHE_SORT_KEY },
    };
  }
}

/** An item's size as DynamoDB counts it: every attribute's name plus its value, in UTF-8 bytes. */
function itemBytes(key: Record<string, AttributeValue>, json: string): number {
  const text = (value: string) => Buffer.byteLength(value);
  const keyBytes = Object.entries(key).reduce((sum, [name, value]) => sum + text(name) + text(value.S ?? ''), 0);
  return (
    keyBytes +
    text(ITEM_ATTRIBUTE.value) + text(json) +
    text(ITEM_ATTRIBUTE.expiresAtMs) + NUMBER_BYTES +
    text(TABLE.timeToLiveAttribute) + NUMBER_BYTES
  );
}
