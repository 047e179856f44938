import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { GovexStack } from './govexStack.js';
import { originSecretFrom } from './originSecret.js';

/** `npx cdk synth|deploy -c originSecret=...`: the Govex stack, checked by cdk-nag's AwsSolutions pack. */
const app = new App();
// Synth fails on any finding not acknowledged with its reason (infra/nagAcknowledgements.ts).
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
new GovexStack(app, 'Govex', {
  originSecret: originSecretFrom(app.node),
  // The account and region of the CLI's credentials (or AWS_REGION): deploy where you point.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
