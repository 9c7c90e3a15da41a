/**
 * Profile-image bucket access for functions/profile-photo: presigning uploads (to the quarantine
 * prefix uploads/) and reads, checking and deleting what was uploaded, writing the re-encoded photo
 * (issue 11 §7) — objects under uploads/ and images/all/ only, with the bucket's KMS key.
 */
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { suppress } from './nag.ts';

export const PROFILE_IMAGE_PREFIX = 'images/all/';
/** Browser uploads wait here until the Lambda has decoded them (functions/profile-photo UPLOAD_PREFIX). */
export const PROFILE_UPLOAD_PREFIX = 'uploads/';

export function grantProfileImages(fn: NodejsFunction, bucket: s3.IBucket): void {
  fn.addEnvironment('BUCKET', bucket.bucketName);
  for (const prefix of [PROFILE_IMAGE_PREFIX, PROFILE_UPLOAD_PREFIX]) {
    bucket.grantReadWrite(fn, `${prefix}*`);
    bucket.grantDelete(fn, `${prefix}*`);
  }
  suppress(fn.role!, [
    {
      id: 'AwsSolutions-IAM5',
      reason: 'Profile photos are uploaded under uploads/<generated key> and stored under images/all/<generated key>; the grant covers those two prefixes of the one bucket, and the KMS actions CDK grants for its key.',
      appliesTo: [{ regex: '/^Action::s3:.*\\*$/g' }, { regex: '/^Action::kms:.*\\*$/g' }, { regex: '/^Resource::.*images\\/all\\/\\*$/g' }, { regex: '/^Resource::.*uploads\\/\\*$/g' }],
    },
  ]);
}
