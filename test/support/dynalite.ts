import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TABLE } from '../../shared/stores/aws/table.js';

// dynalite is CommonJS and ships no types; this is the part of its API the tests use.
const dynalite = createRequire(import.meta.url)('dynalite') as (options: { createTableMs: number; deleteTableMs: number; updateTableMs: number }) => Server;

export interface LocalDynamo {
  endpoint: string;
  client: DynamoDBClient;
  tableName: string;
  close(): Promise<void>;
}

/**
 * dynalite in this process, in memory, on a free port, with the service's table created exactly as
 * table.ts defines it. TTL is not enabled: dynalite has no UpdateTimeToLive (toolchain.md §3), and
 * the stores never rely on deletion anyway.
 */
export async function startDynalite(): Promise<LocalDynamo> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const tableName = `govex-test-${randomUUID().slice(0, 8)}`;
  const { partitionKey, sortKey } = TABLE;
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: partitionKey.name, AttributeType: partitionKey.type },
        { AttributeName: sortKey.name, AttributeType: sortKey.type },
      ],
      KeySchema: [
        { AttributeName: partitionKey.name, KeyType: 'HASH' },
        { AttributeName: sortKey.name, KeyType: 'RANGE' },
      ],
    }),
  );
  // With createTableMs 0 the table turns ACTIVE on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
  return {
    endpoint,
    client,
    tableName,
    close: async () => {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
