/**
 * The clearinghouse for functions/eligibility (issue 16), when the environment's config names it
 * (config.clearinghouse): CLEARINGHOUSE=stedi, the secret's name (and the API base when set) in the
 * environment, and GetSecretValue on that one secret (and Decrypt on its KMS key when it has its
 * own). Without it the function is told nothing and refuses every check (ClearinghouseUnavailable).
 */
import * as iam from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { ClearinghouseConfig } from './config.ts';

export function configureClearinghouse(scope: Construct, fn: NodejsFunction, clearinghouse: ClearinghouseConfig | undefined): void {
  if (!clearinghouse) return;
  const secret = secretsmanager.Secret.fromSecretNameV2(scope, 'ClearinghouseSecret', clearinghouse.secretName);
  // A partial ARN from fromSecretNameV2 has no suffix: the grant names the six random characters Secrets Manager appends.
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [`${secret.secretArn}-??????`] }));
  if (clearinghouse.secretKmsKeyArn) {
    fn.addToRolePolicy(new iam.PolicyStatement({
      actions: ['kms:Decrypt'],
      resources: [clearinghouse.secretKmsKeyArn],
      conditions: { StringEquals: { 'kms:ViaService': `secretsmanager.${fn.stack.region}.amazonaws.com` } },
    }));
  }
  fn.addEnvironment('CLEARINGHOUSE', 'stedi');
  fn.addEnvironment('CLEARINGHOUSE_SECRET_ID', clearinghouse.secretName);
  if (clearinghouse.apiBase) fn.addEnvironment('CLEARINGHOUSE_API_BASE', clearinghouse.apiBase);
}

/**
 * "Recheck now" (issue 16, functions/eligibility/recheck-now.ts) runs in legs of the eligibility Lambda,
 * each invoking the function itself asynchronously for the next: InvokeFunction on its own ARN. In a
 * Policy of its own, not the role's default one — the function waits for that, and a statement naming
 * the function's ARN there is a cycle. A failed leg is retried by Lambda (twice) and resumes from the
 * job's cursor.
 */
export function grantRecheckHandOver(scope: Construct, fn: lambda.Function): void {
  new iam.Policy(scope, 'RecheckHandOver', {
    roles: [fn.role!],
    statements: [new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] })],
  });
}
