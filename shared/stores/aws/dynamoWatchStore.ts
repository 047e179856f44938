import { type AttributeValue, DeleteItemCommand, type DynamoDBClient, GetItemCommand, PutItemCommand, QueryCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import type { Wallet } from '../../address/types.js';
import type { Watch, WatchState, WatchStore } from '../../webhooks/watch.js';
import { TABLE } from './table.js';
import { WATCH_ATTRIBUTE, WATCH_PARTITION } from './watchTable.js';

const walletKey = (wallet: Wallet): string => `${wallet.kind}:${wallet.address}`;

/**
 * Watches in DynamoDB: one item per watch, all in one partition (`pk = watch`, `sk = <id>`), so
 * listing them is a Query. The state a check writes is its own attribute, updated only while the
 * item exists: a watch deleted during a check is not brought back by it.
 */
export class DynamoWatchStore implements WatchStore {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  async create(watch: Watch): Promise<void> {
    const { state, disabled, ...rest } = watch;
    await this.client.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: {
          ...this.key(watch.id),
          [WATCH_ATTRIBUTE.watch]: { S: JSON.stringify(rest) },
          [WATCH_ATTRIBUTE.wallet]: { S: walletKey(watch.wallet) },
          ...(state && { [WATCH_ATTRIBUTE.state]: { S: JSON.stringify(state) } }),
          ...(disabled && { [WATCH_ATTRIBUTE.disabled]: { S: JSON.stringify(disabled) } }),
        },
        // An id is random; a second watch under one would replace a user's secret.
        ConditionExpression: 'attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey.name },
      }),
    );
  }

  /** Strongly consistent: a delete or a test right after the create must find the watch. */
  async get(id: string): Promise<Watch | undefined> {
    const { Item } = await this.client.send(new GetItemCommand({ TableName: this.tableName, Key: this.key(id), ConsistentRead: true }));
    return Item ? watchOf(Item) : undefined;
  }

  async list(): Promise<Watch[]> {
    const watches: Watch[] = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey.name },
          ExpressionAttributeValues: { ':pk': { S: WATCH_PARTITION } },
          ...(start && { ExclusiveStartKey: start }),
        }),
      );
      watches.push(...(page.Items ?? []).map(watchOf));
      start = page.LastEvaluatedKey;
    } while (start);
    return watches;
  }

  async countFor(wallet: Wallet): Promise<number> {
    let count = 0;
    let start: Record<string, AttributeValue> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: '#pk = :pk',
          FilterExpression: '#w = :w',
          ExpressionAttributeNames: { '#pk': TABLE.partitionKey.name, '#w': WATCH_ATTRIBUTE.wallet },
          ExpressionAttributeValues: { ':pk': { S: WATCH_PARTITION }, ':w': { S: walletKey(wallet) } },
          Select: 'COUNT',
          ...(start && { ExclusiveStartKey: start }),
        }),
      );
      count += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
    return count;
  }

  async saveState(id: string, state: WatchState): Promise<void> {
    await this.setIfPresent(id, WATCH_ATTRIBUTE.state, JSON.stringify(state));
  }

  async disable(id: string, disabled: NonNullable<Watch['disabled']>): Promise<void> {
    await this.setIfPresent(id, WATCH_ATTRIBUTE.disabled, JSON.stringify(disabled));
  }

  async delete(id: string): Promise<boolean> {
    const { Attributes } = await this.client.send(new DeleteItemCommand({ TableName: this.tableName, Key: this.key(id), ReturnValues: 'ALL_OLD' }));
    return Attributes !== undefined;
  }

  private async setIfPresent(id: string, attribute: string, value: string): Promise<void> {
    try {
      await this.client.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: this.key(id),
          UpdateExpression: 'SET #a = :v',
          ConditionExpression: 'attribute_exists(#pk)',
          ExpressionAttributeNames: { '#a': attribute, '#pk': TABLE.partitionKey.name },
          ExpressionAttributeValues: { ':v': { S: value } },
        }),
      );
    } catch (error) {
      // Deleted meanwhile: it stays deleted.
      if ((error as Error).name === 'ConditionalCheckFailedException') return;
      throw error;
    }
  }

  private key(id: string): Record<string, AttributeValue> {
    return { [TABLE.partitionKey.name]: { S: WATCH_PARTITION }, [TABLE.sortKey.name]: { S: id } };
  }
}

function watchOf(item: Record<string, AttributeValue>): Watch {
  const watch = JSON.parse(item[WATCH_ATTRIBUTE.watch]!.S!) as Watch;
  const state = item[WATCH_ATTRIBUTE.state]?.S;
  const disabled = item[WATCH_ATTRIBUTE.disabled]?.S;
  return { ...watch, ...(state && { state: JSON.parse(state) as WatchState }), ...(disabled && { disabled: JSON.parse(disabled) as Watch['disabled'] }) };
}
