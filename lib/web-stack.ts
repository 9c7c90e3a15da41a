/**
 * Web: the console's private bucket behind CloudFront (OAC), strict response headers, and the
 * built console deployed with a generated config.json (one build serves every environment).
 */
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RuntimeConfig } from '../domain/runtime-config.ts';
import type { PortalConfig } from './config.ts';
import { LogKey } from './log-key.ts';
import { INLINE_POLICY_REASON, LAMBDA_SUPPRESSIONS, suppress } from './nag.ts';
import { ROOT } from './portal-function.ts';
import { contentSecurityPolicy } from './content-security-policy.ts';

export interface WebStackProps extends StackProps {
  config: PortalConfig;
  userPoolId: string;
  userPoolClientId: string;
  graphqlUrl: string;
  restUrl: string;
  mediaBucketDomain: string;
}

export const WEB_DIST = resolve(ROOT, 'web', 'dist');

export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly runtimeConfig: RuntimeConfig;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    const removalPolicy = config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    const logs = new s3.Bucket(this, 'Logs', {
      // CloudFront standard logging writes with ACLs into an SSE-S3 bucket.
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      lifecycleRules: [{ expiration: Duration.days(config.accessLogRetentionDays), noncurrentVersionExpiration: Duration.days(30) }],
      removalPolicy,
    });
    suppress(logs, [
      { id: 'AwsSolutions-S1', reason: 'This is the log target bucket; logging it into itself would loop.' },
      { id: 'HIPAA.Security-S3BucketLoggingEnabled', reason: 'This is the log target bucket; logging it into itself would loop.' },
      { id: 'HIPAA.Security-S3DefaultEncryptionKMS', reason: 'CloudFront standard logs and S3 server access logs can only be delivered to SSE-S3 buckets.' },
      { id: 'HIPAA.Security-S3BucketReplicationEnabled', reason: 'Access logs are versioned and retained per environment; cross-region replication is not required for this single-region deployment.' },
    ]);

    const site = new s3.Bucket(this, 'Site', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      // Rebuilt by every deploy, but kept like the other buckets: CloudFormation cannot delete a non-empty one.
      removalPolicy,
    });
    suppress(site, [
      { id: 'HIPAA.Security-S3DefaultEncryptionKMS', reason: 'Holds only the public console bundle and its non-secret config.json (no PHI); SSE-S3 avoids granting CloudFront decrypt on a KMS key.' },
      { id: 'HIPAA.Security-S3BucketReplicationEnabled', reason: 'The bucket is rebuilt from source by every deploy; replication would add nothing.' },
    ]);

    const region = Stack.of(this).region;
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'Headers', {
      responseHeadersPolicyName: `portal-${config.envName}-console`,
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({ region, graphqlUrl: props.graphqlUrl, restUrl: props.restUrl, mediaBucketDomain: props.mediaBucketDomain }),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, preload: true, override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          // Video visits need the camera, microphone and screen share of this origin only.
          { header: 'Permissions-Policy', value: 'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=()', override: true },
          { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
        ],
      },
    });

    const origin = S3BucketOrigin.withOriginAccessControl(site);
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Practice Portal ${config.envName} console`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
      },
      additionalBehaviors: {
        // Read at every start of the console: never cached, so a redeploy takes effect at once.
        '/config.json': {
          origin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          responseHeadersPolicy: headers,
        },
      },
      // Client-side routes: the SPA answers every unknown path with app.html, the shell without the
      // landing markup that index.html (the root object, `/`) carries prerendered.
      errorResponses: [403, 404].map((httpStatus) => ({ httpStatus, responseHttpStatus: 200, responsePagePath: '/app.html', ttl: Duration.seconds(0) })),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      webAclId: config.webAclArn,
    });
    const nagDistribution = [
      { id: 'AwsSolutions-CFR4', reason: 'Without a custom domain the distribution uses the default *.cloudfront.net certificate, for which CloudFront fixes the security policy at TLSv1; viewers negotiate TLS 1.2+ in practice and a custom domain with TLSv1.2_2021 is the remedy.' },
      { id: 'AwsSolutions-CFR1', reason: 'Clinicians and their clients connect from wherever they are (travel, telehealth); access is gated by Cognito sign-in with MFA, not by geography.' },
    ];
    if (!config.webAclArn) {
      nagDistribution.push({ id: 'AwsSolutions-CFR2', reason: 'Serves only the static console bundle; the APIs are authenticated (AppSync) or throttled (HTTP API). A CLOUDFRONT-scope web ACL is attached when `webAclArn` is configured.' });
    }
    suppress(this.distribution, nagDistribution);

    const consoleUrl = `https://${this.distribution.distributionDomainName}`;
    this.runtimeConfig = {
      siteName: config.siteName,
      backend: 'aws',
      region,
      userPoolId: props.userPoolId,
      userPoolClientId: props.userPoolClientId,
      authFlowType: 'USER_SRP_AUTH',
      graphqlEndpoint: props.graphqlUrl,
      restEndpoint: props.restUrl,
      idleTimeoutMinutes: config.idleTimeoutMinutes,
      defaultLanguage: config.defaultLanguage,
    };
    // Synth must work before the console is built: then only config.json is deployed.
    const sources = [s3deploy.Source.jsonData('config.json', this.runtimeConfig)];
    if (existsSync(resolve(WEB_DIST, 'index.html'))) sources.unshift(s3deploy.Source.asset(WEB_DIST));
    const logKey = new LogKey(this, 'LogKey', config);
    new s3deploy.BucketDeployment(this, 'Deploy', {
      destinationBucket: site,
      sources,
      distribution: this.distribution,
      distributionPaths: ['/', '/index.html', '/app.html', '/config.json'],
      memoryLimit: 512,
      logGroup: logKey.logGroup(this, 'DeployLogs'),
    });
    this.suppressDeploymentHandler();

    new CfnOutput(this, 'ConsoleUrl', { value: consoleUrl });
    NagSuppressions.addStackSuppressions(this, [{ id: 'HIPAA.Security-IAMNoInlinePolicy', reason: INLINE_POLICY_REASON }]);
  }

  /** BucketDeployment's handler is a CDK-owned singleton at the stack root. */
  private suppressDeploymentHandler(): void {
    for (const child of this.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      suppress(child, [
        ...LAMBDA_SUPPRESSIONS,
        { id: 'AwsSolutions-L1', reason: 'The BucketDeployment handler is provided by aws-cdk-lib, which pins its runtime; it runs only during deployments.' },
        { id: 'AwsSolutions-IAM4', reason: 'AWSLambdaBasicExecutionRole only allows writing the deployment handler\'s own logs.', appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'] },
        {
          id: 'AwsSolutions-IAM5',
          reason: 'Written by aws-cdk-lib for its deployment handler: it syncs every object of the asset into the site bucket (s3 object wildcards on those two buckets) and invalidates this distribution (CDK grants cloudfront:CreateInvalidation/GetInvalidation on *). The role is assumable only by that handler, which runs only during deployments.',
          appliesTo: [{ regex: '/^Action::s3:.*\\*$/g' }, { regex: '/^Resource::.*\\/\\*$/g' }, 'Resource::*'],
        },
      ]);
    }
  }
}
