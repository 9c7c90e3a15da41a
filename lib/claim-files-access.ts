/**
 * Media-bucket access for functions/claims (issue 16): every claim file the practice sends or
 * receives — the 837P, the 277CA and the 835 — is kept under claims/<practice>/…, encrypted with
 * the bucket's KMS key (AWS) as the other files are; the S3 stand-in keeps them locally. Read and
 * write only: claim files are records, never deleted by the API.
 */
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { suppress } from './nag.ts';

/** functions/claims/store.ts CLAIM_FILE_PREFIX. */
export const CLAIM_FILE_PREFIX = 'claims/';

export function grantClaimFiles(fn: NodejsFunction, bucket: s3.IBucket): void {
  fn.addEnvironment('BUCKET', bucket.bucketName);
  bucket.grantReadWrite(fn, `${CLAIM_FILE_PREFIX}*`);
  suppress(fn.role!, [
    {
      id: 'AwsSolutions-IAM5',
      reason: 'Claim files are stored under claims/<practice>/<claim or eras>/<file>; the grant covers that one prefix of the one bucket, and the KMS actions CDK grants for its key.',
      appliesTo: [{ regex: '/^Action::s3:.*\\*$/g' }, { regex: '/^Action::kms:.*\\*$/g' }, { regex: '/^Resource::.*claims\\/\\*$/g' }],
    },
  ]);
}
