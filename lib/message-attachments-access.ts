/**
 * Media-bucket access for functions/messaging (issue 12): presigned PUTs of message attachments,
 * reading them back to check their type on the stored bytes, removing a refused one, and presigned
 * GETs — objects under attachments/ only, with the bucket's KMS key.
 */
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { suppress } from './nag.ts';

/** functions/messaging/attachments.ts ATTACHMENT_PREFIX. */
export const MESSAGE_ATTACHMENT_PREFIX = 'attachments/';

export function grantMessageAttachments(fn: NodejsFunction, bucket: s3.IBucket): void {
  fn.addEnvironment('BUCKET', bucket.bucketName);
  bucket.grantReadWrite(fn, `${MESSAGE_ATTACHMENT_PREFIX}*`);
  bucket.grantDelete(fn, `${MESSAGE_ATTACHMENT_PREFIX}*`);
  suppress(fn.role!, [
    {
      id: 'AwsSolutions-IAM5',
      reason: 'Message attachments are stored under attachments/<practice>/<client>/<generated id>; the grant covers that one prefix of the one bucket, and the KMS actions CDK grants for its key.',
      appliesTo: [{ regex: '/^Action::s3:.*\\*$/g' }, { regex: '/^Action::kms:.*\\*$/g' }, { regex: '/^Resource::.*attachments\\/\\*$/g' }],
    },
  ]);
}
