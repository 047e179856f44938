import type { Node } from 'constructs';

/**
 * A deployer's mistake in the app's input (context, region): `infra/app.ts` prints its message as one
 * line and exits non-zero, where any other error keeps its stack trace (that one is a bug).
 */
export class InfraConfigError extends Error {
  override readonly name = 'InfraConfigError';
}

/** `-c edgeRequestsPerMinute=…`: the web ACL's per-address rate rule (infra/webAcl.ts). */
export const EDGE_RATE_CONTEXT = 'edgeRequestsPerMinute';
/** Read until issue #19; a value given now would be silently unused, so it is refused. */
export const RETIRED_ORIGIN_SECRET_CONTEXT = 'originSecret';

/**
 * 300 a minute per client address: ten times the API's quota of 30, so a client within its quota
 * never meets it (a page view is one page and, at most, the stylesheet), while a flood from one
 * address stops at CloudFront before it reaches API Gateway's shared throttles.
 */
export const DEFAULT_EDGE_REQUESTS_PER_MINUTE = 300;
// AWS WAF's bounds on a rate-based rule's limit.
const EDGE_RATE_BOUNDS = { min: 10, max: 2_000_000_000 };

/** What the Govex app reads from CDK context, checked. */
export interface GovexContext {
  edgeRequestsPerMinute: number;
}

/** The app's context, or an InfraConfigError saying in one sentence what to pass instead. */
export function govexContextFrom(node: Node): GovexContext {
  if (node.tryGetContext(RETIRED_ORIGIN_SECRET_CONTEXT) !== undefined) {
    throw new InfraConfigError(
      `context ${RETIRED_ORIGIN_SECRET_CONTEXT} is no longer read: the origin secret is generated in Secrets Manager at deploy and never passes through context; drop -c ${RETIRED_ORIGIN_SECRET_CONTEXT}=…`,
    );
  }
  return { edgeRequestsPerMinute: integerContext(node, EDGE_RATE_CONTEXT, DEFAULT_EDGE_REQUESTS_PER_MINUTE, EDGE_RATE_BOUNDS) };
}

/** A whole number from context: `-c key=300` arrives as text, cdk.json gives a number. */
function integerContext(node: Node, key: string, fallback: number, { min, max }: { min: number; max: number }): number {
  const raw: unknown = node.tryGetContext(key);
  if (raw === undefined) return fallback;
  const value = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InfraConfigError(`context ${key} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw).slice(0, 40)}`);
  }
  return value;
}

/**
 * The region to deploy the service to. It must be known at synth: the web ACL lives in us-east-1 and
 * is referenced across regions, which CDK can only do between stacks with concrete regions.
 */
export function deployRegionFrom(env: NodeJS.ProcessEnv): string {
  const region = env.CDK_DEFAULT_REGION ?? env.AWS_REGION;
  if (!region) throw new InfraConfigError('no region: set AWS_REGION (or a default region in your AWS profile), e.g. AWS_REGION=eu-west-1 npx cdk synth');
  if (!/^[a-z]{2}(-gov)?-[a-z]+-\d$/.test(region)) throw new InfraConfigError(`region ${JSON.stringify(region).slice(0, 40)} is not an AWS region name such as eu-west-1`);
  return region;
}
