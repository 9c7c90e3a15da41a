/**
 * Media: the profile-image bucket (KMS, versioned, private, TLS only) that the browser reaches
 * only through presigned URLs handed out by the API, and the bucket holding its access logs.
 */
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { PortalConfig } from './config.ts';
import { suppress } from './nag.ts';
import { EXPORT_KEEP_DAYS } from '../domain/admin/export.ts';

export interface MediaStackProps extends StackProps {
  config: PortalConfig;
}

/**
 * Browser origins allowed to PUT/GET presigned objects. Without configured origins the console
 * lives on its default CloudFront domain, known only after the first deploy: allow that suffix
 * (S3 supports one wildcard) and narrow it with `consoleOrigins` once the URL is known.
 */
export function mediaCorsOrigins(config: PortalConfig): string[] {
  return config.consoleOrigins.length > 0 ? config.consoleOrigins : ['https://*.cloudfront.net'];
}

export class MediaStack extends Stack {
  readonly profileImages: s3.Bucket;
  readonly accessLogs: s3.Bucket;

  constructor(scope: Construct, id: string, props: MediaStackProps) {
    super(scope, id, props);
    const { config } = props;
    const removalPolicy = config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.accessLogs = new s3.Bucket(this, 'AccessLogs', {
      // S3 server access logging can deliver only to SSE-S3 buckets.
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      versioned: true,
      lifecycleRules: [{ expiration: Duration.days(config.accessLogRetentionDays), noncurrentVersionExpiration: Duration.days(30) }],
      removalPolicy,
    });
    suppress(this.accessLogs, [
      { id: 'AwsSolutions-S1', reason: 'This is the access-log target bucket; logging it into itself would loop.' },
      { id: 'HIPAA.Security-S3BucketLoggingEnabled', reason: 'This is the access-log target bucket; logging it into itself would loop.' },
      { id: 'HIPAA.Security-S3DefaultEncryptionKMS', reason: 'S3 server access logging delivers only to buckets encrypted with SSE-S3 (SSE-KMS targets are not supported).' },
      { id: 'HIPAA.Security-S3BucketReplicationEnabled', reason: 'Access logs are versioned and retained per environment; cross-region replication of logs is not required for this single-region deployment.' },
    ]);

    const key = new kms.Key(this, 'ProfileImagesKey', {
      description: `Practice Portal ${config.envName} profile images`,
      enableKeyRotation: true,
      removalPolicy,
    });
    this.profileImages = new s3.Bucket(this, 'ProfileImages', {
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: key,
      bucketKeyEnabled: true,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      versioned: true,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'profile-images/',
      cors: [
        {
          allowedOrigins: mediaCorsOrigins(config),
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['content-type', 'content-length', 'x-amz-*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(90), abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads never confirmed (profile-photo decodes and deletes the ones it sees): gone after a day.
        { prefix: 'uploads/', expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) },
        // Message attachments uploaded but never sent (functions/messaging/attachments.ts): gone after 2 days.
        { prefix: 'attachments/pending/', expiration: Duration.days(2), noncurrentVersionExpiration: Duration.days(1) },
        // Data exports (issue 18): the zip is kept as long as its job record (7 days), then gone.
        { prefix: 'exports/', expiration: Duration.days(EXPORT_KEEP_DAYS), noncurrentVersionExpiration: Duration.days(1) },
      ],
      removalPolicy,
    });
    suppress(this.profileImages, [
      {
        id: 'HIPAA.Security-S3BucketReplicationEnabled',
        reason: 'Profile images are versioned with KMS encryption in one region; they are re-uploadable, non-clinical images, so cross-region replication is not required.',
      },
    ]);
  }
}
