import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { deployRegionFrom, InfraConfigError } from './appContext.js';
import { addGovexStacks } from './govexApp.js';

/**
 * `npx cdk synth|deploy --all`: the Govex stacks, checked by cdk-nag's AwsSolutions pack. A mistake in
 * the deployer's input (context, region) is one line on stderr and exit code 1, not a stack trace.
 */
try {
  const app = new App();
  // Synth fails on any finding not acknowledged with its reason (infra/nagAcknowledgements.ts).
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  // The account and region of the CLI's credentials (or AWS_REGION): deploy where you point.
  addGovexStacks(app, { account: process.env.CDK_DEFAULT_ACCOUNT, region: deployRegionFrom(process.env) });
} catch (error) {
  if (!(error instanceof InfraConfigError)) throw error;
  process.stderr.write(`govex: ${error.message}\n`);
  process.exitCode = 1;
}
