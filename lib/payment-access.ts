/**
 * The card processor for functions/plans, when the environment's config names it (config.payments):
 * PAYMENT_PROVIDER=stripe, the secret's name and the price ids in the environment, and read access
 * to that one secret (and its KMS key when it has its own). Without it nothing is granted and the
 * function keeps refusing plan changes (functions/shared/payment-provider.ts).
 */
import * as iam from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { PaymentsConfig } from './config.ts';

export function configurePayments(scope: Construct, fn: NodejsFunction, payments: PaymentsConfig): void {
  const secret = secretsmanager.Secret.fromSecretNameV2(scope, 'PaymentSecret', payments.secretName);
  // GetSecretValue only (grantRead would add DescribeSecret), on this secret: its ARN ends in the
  // six random characters Secrets Manager appends (`-??????`).
  // (A partial ARN from fromSecretNameV2 has no suffix: without it the grant would match nothing.)
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [`${secret.secretArn}-??????`] }));
  if (payments.secretKmsKeyArn) {
    fn.addToRolePolicy(new iam.PolicyStatement({
      actions: ['kms:Decrypt'],
      resources: [payments.secretKmsKeyArn],
      conditions: { StringEquals: { 'kms:ViaService': `secretsmanager.${fn.stack.region}.amazonaws.com` } },
    }));
  }
  fn.addEnvironment('PAYMENT_PROVIDER', 'stripe');
  fn.addEnvironment('STRIPE_SECRET_ID', payments.secretName);
  fn.addEnvironment('STRIPE_PRICES', JSON.stringify(payments.prices));
}
