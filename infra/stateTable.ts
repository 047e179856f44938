import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
// The adapters' own names: the table and the code that reads it cannot disagree.
import { TABLE } from '../shared/stores/aws/table.js';

/**
 * The one table: sliding-window rate-limit counters, the 60 s scan cache and the ens cache, whose
 * items expire through TTL, and the watches of signed webhooks (issue #24, partition `watch`,
 * shared/stores/aws/watchTable.ts), which do not: they last until deleted, or until a 410 disables
 * them, and go with the table on teardown (a watch is re-made by POST /api/watches).
 */
export class StateTable extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey.name, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey.name, type: AttributeType.STRING },
      // On demand: traffic is spiky and mostly idle; provisioned capacity would bill the idle hours.
      billing: Billing.onDemand(),
      timeToLiveAttribute: TABLE.timeToLiveAttribute,
      // Counters and caches only: rebuilt by the next requests, so teardown may delete them.
      removalPolicy: RemovalPolicy.DESTROY,
    });
  }
}
