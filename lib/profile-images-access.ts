/**
 * Profile-image bucket access for functions/profile-photo: presigning uploads and reads, checking
 * and deleting what was uploaded — objects under images/all/ only, with the bucket's KMS key.
 */
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { suppress } from './nag.ts';

export const PROFILE_IMAGE_PREFIX = 'images/all/';

export function grantProfileImages(fn: NodejsFunction, bucket: s3.IBucket): void {
  fn.addEnvironment('BUCKET', bucket.bucketName);
  bucket.grantReadWrite(fn, `${PROFILE_IMAGE_PREFIX}*`);
  bucket.grantDelete(fn, `${PROFILE_IMAGE_PREFIX}*`);
  suppress(fn.role!, [
    {
      id: 'AwsSolutions-IAM5',
      reason: 'Profile photos are stored under images/all/<generated key>; the grant covers that prefix of the one bucket, and the KMS actions CDK grants for its key.',
      appliesTo: [{ regex: '/^Action::s3:.*\\*$/g' }, { regex: '/^Action::kms:.*\\*$/g' }, { regex: '/^Resource::.*images\\/all\\/\\*$/g' }],
    },
  ]);
}
