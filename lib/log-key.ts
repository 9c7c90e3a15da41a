/**
 * A customer-managed KMS key for a stack's CloudWatch log groups, and a factory for log groups
 * encrypted with it. Logs must not hold PHI, but they hold ids and IPs: encrypt them anyway.
 */
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { PortalConfig } from './config.ts';

export class LogKey extends Construct {
  readonly key: kms.Key;
  private readonly config: PortalConfig;

  constructor(scope: Construct, id: string, config: PortalConfig) {
    super(scope, id);
    this.config = config;
    const stack = Stack.of(this);
    this.key = new kms.Key(this, 'Key', {
      description: `${stack.stackName} CloudWatch Logs`,
      enableKeyRotation: true,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // CloudWatch Logs encrypts with the key only for log groups of this account and region.
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal(`logs.${stack.region}.amazonaws.com`)],
        actions: ['kms:Encrypt*', 'kms:Decrypt*', 'kms:ReEncrypt*', 'kms:GenerateDataKey*', 'kms:Describe*'],
        resources: ['*'],
        conditions: { ArnLike: { 'kms:EncryptionContext:aws:logs:arn': `arn:${stack.partition}:logs:${stack.region}:${stack.account}:log-group:*` } },
      }),
    );
  }

  /** A log group encrypted with this key, kept for the environment's retention period. */
  logGroup(scope: Construct, id: string, logGroupName?: string): logs.LogGroup {
    return new logs.LogGroup(scope, id, {
      logGroupName,
      encryptionKey: this.key,
      retention: this.config.logRetentionDays as logs.RetentionDays,
      removalPolicy: this.config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }
}
