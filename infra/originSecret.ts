import { RemovalPolicy } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/**
 * The secret CloudFront adds to every origin request (x-govex-origin) and the handlers require
 * (shared/api/middleware/originGuard.ts). Secrets Manager generates it at the first deploy: no value
 * passes through context, the shell or the template. CloudFront's origin header is a dynamic
 * reference CloudFormation resolves at deploy; the functions get only the secret's ARN and read the
 * value at run time through the Parameters and Secrets extension (shared/runtime/originSecret.ts).
 *
 * 64 letters and digits: header-safe (shared/runtime/originSecret.ts checks the shape it reads), and
 * far too long to guess. The limiter's HMAC key is derived from it at run time, so there is one
 * value to keep.
 */
export class OriginSecret extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description: 'Govex: the x-govex-origin header CloudFront sends to the API; the API answers nothing without it',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false, requireEachIncludedType: true },
      // Deleted with the stack: a new stack generates a new one, and nothing else uses it.
      removalPolicy: RemovalPolicy.DESTROY,
    });
  }

  /**
   * `{{resolve:secretsmanager:…}}`: CloudFormation writes the value into CloudFront's origin header
   * when it deploys; the synthesized template holds only this reference.
   */
  get deployTimeReference(): string {
    return this.secret.secretValue.unsafeUnwrap();
  }
}
