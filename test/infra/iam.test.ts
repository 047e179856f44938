import { describe, expect, it } from 'vitest';
import { FUNCTION_ENTRIES, NON_HTTP_ENTRIES, profileOf, WEBHOOK_DELIVERY_ENTRY } from '../../infra/functionProfiles.js';
import { govex, logicalIdOf, resourcesOf, synthesizeBeforeAll } from './synthGovex.js';

synthesizeBeforeAll();

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

/** Every statement of the inline policies attached to a function's role. */
function statementsOf(entry: string): Statement[] {
  const { stack, template } = govex();
  const roleId = logicalIdOf(stack.functions.get(entry).role!);
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
}

const actionsOf = (statements: Statement[]) => [...new Set(statements.flatMap((statement) => [statement.Action].flat()))].sort();

const bucketId = () => Object.keys(resourcesOf(govex().template, 'AWS::S3::Bucket'))[0]!;
const tableId = () => Object.keys(resourcesOf(govex().template, 'AWS::DynamoDB::GlobalTable'))[0]!;
const objectArn = (key: string) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId(), 'Arn'] }, `/${key}`]] });
const feedObject = () => objectArn('feed.json');
const secretId = () => Object.keys(resourcesOf(govex().template, 'AWS::SecretsManager::Secret'))[0]!;
const READS_SECRET = ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'];
/** The watch store's calls (issue #24), limited to the table's `watch` partition (test/webhooks/infra.test.ts). */
const USES_WATCHES = ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'];
/** What Lambda's SQS event source needs of the webhook queue, granted by CDK. */
const DRAINS_QUEUE = ['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:ReceiveMessage'];

describe('least-privilege IAM per function', () => {
  it.each(FUNCTION_ENTRIES)('%s may do exactly what its profile says', (entry) => {
    const profile = profileOf(entry);
    const expected = [...new Set([
      ...(profile.readsFeed ? ['s3:GetObject', 's3:ListBucket'] : []),
      ...(profile.writesFeed ? ['s3:PutObject'] : []),
      ...(profile.usesTable ? ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] : []),
      ...(profile.usesWatches ? USES_WATCHES : []),
      ...(profile.sendsWebhookJobs ? ['sqs:SendMessage'] : []),
      ...(entry === WEBHOOK_DELIVERY_ENTRY ? DRAINS_QUEUE : []),
      // Every function that answers HTTP reads the origin secret at run time.
      ...(NON_HTTP_ENTRIES.includes(entry) ? [] : READS_SECRET),
    ])].sort();
    const statements = statementsOf(entry);
    expect(actionsOf(statements)).toEqual(expected);
    for (const statement of statements) expect(statement.Effect).toBe('Allow');
  });

  it('limits object access to the feed key and its last good copy (and the builder\'s writes to the pages prebuilt beside it and the repair keys), and listing to the one bucket', () => {
    const prebuilt = [objectArn('index.html'), objectArn('feed.atom')];
    const repairs = [objectArn('feed.last-good.json'), objectArn('feed.repair.json'), objectArn('feed.corrupt-*.json')];
    for (const entry of FUNCTION_ENTRIES) {
      for (const statement of statementsOf(entry)) {
        const actions = [statement.Action].flat();
        const builderWrite = entry === 'buildFeed' && actions.join() === 's3:PutObject' && Array.isArray(statement.Resource);
        if (builderWrite) expect([prebuilt, repairs]).toContainEqual(statement.Resource);
        else if (actions.join() === 's3:GetObject') expect(statement.Resource, entry).toEqual([feedObject(), objectArn('feed.last-good.json')]);
        else if (actions.some((action) => action.endsWith('Object'))) expect(statement.Resource, entry).toEqual(feedObject());
        if (actions.includes('s3:ListBucket')) expect(statement.Resource, entry).toEqual({ 'Fn::GetAtt': [bucketId(), 'Arn'] });
        if (actions.some((action) => action.startsWith('dynamodb:'))) expect(statement.Resource, entry).toEqual({ 'Fn::GetAtt': [tableId(), 'Arn'] });
        if (actions.some((action) => action.startsWith('secretsmanager:'))) expect(statement.Resource, entry).toEqual({ Ref: secretId() });
      }
    }
    expect(statementsOf('buildFeed').map((statement) => statement.Resource)).toEqual(expect.arrayContaining([prebuilt, repairs]));
  });

  it('gives health no store at all (only the origin secret), and only the feed builder write access to the feed', () => {
    expect(actionsOf(statementsOf('health'))).toEqual(READS_SECRET);
    const writers = FUNCTION_ENTRIES.filter((entry) => actionsOf(statementsOf(entry)).includes('s3:PutObject'));
    expect(writers).toEqual(['buildFeed']);
  });

  it('gives each role only the basic execution policy (its own logs) as a managed policy', () => {
    const { stack, template } = govex();
    const roles = resourcesOf(template, 'AWS::IAM::Role');
    for (const entry of FUNCTION_ENTRIES) {
      const role = roles[logicalIdOf(stack.functions.get(entry).role!)]!;
      expect(role.Properties.ManagedPolicyArns, entry).toEqual([
        { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::aws:policy/service-role/AWSLambdaBasicExecutionRole']] },
      ]);
    }
  });
});
