/**
 * The synthesized stacks of dev and prod (one synth per environment, shared by every test):
 * security properties a reviewer checks, and zero unsuppressed cdk-nag findings.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_LIMITS } from '../../domain/api-limits.ts';
import { ALLOWED_GROUPS, CUSTOM_ATTRIBUTES, PASSWORD_POLICY } from '../../domain/identity.ts';
import { SITE_NAME } from '../../domain/runtime-config.ts';
import { TABLES, tableName } from '../../domain/tables.ts';
import { PUBLIC_ROUTES } from '../../functions/routes.ts';
import { UNICODE_FONT_FILE } from '../../functions/shared/pdf/fonts.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FUNCTIONS, RESOLVERS } from '../../resolvers/map.ts';
import { resourcesOf, statementsOf, synthPortal, type Synthesized } from './synth.ts';
import { apiGrantTests } from './api-grants.ts';

const ENVS = ['dev', 'prod'] as const;
const synthesized = {} as Record<(typeof ENVS)[number], Synthesized>;

beforeAll(() => {
  for (const env of ENVS) synthesized[env] = synthPortal(env);
});
afterAll(() => {
  for (const env of ENVS) synthesized[env]?.cleanup();
});

describe('stack layout', () => {
  it.each(ENVS)('%s has the five Portal-<env>-<Part> stacks and no Stage', (env) => {
    const names = synthesized[env].assembly.stacks.map((s) => s.stackName).sort();
    expect(names).toEqual(['Api', 'Auth', 'Data', 'Media', 'Web'].map((p) => `Portal-${env}-${p}`));
  });
});

describe('Auth', () => {
  const auth = (env: (typeof ENVS)[number]) => synthesized[env].template(synthesized[env].stacks.auth);

  it('offers MFA with TOTP and SMS (OPTIONAL: clients may go without), e-mail sign-in, case-insensitive usernames, self sign-up', () => {
    auth('dev').hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: Match.arrayWith(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']),
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      SmsConfiguration: Match.objectLike({ SnsCallerArn: Match.anyValue() }),
      LambdaConfig: { PostConfirmation: Match.anyValue(), PreTokenGeneration: Match.anyValue() },
    });
  });

  it('applies the password policy from domain/identity.ts', () => {
    auth('dev').hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireUppercase: PASSWORD_POLICY.requireUppercase,
          RequireLowercase: PASSWORD_POLICY.requireLowercase,
          RequireNumbers: PASSWORD_POLICY.requireDigits,
          RequireSymbols: PASSWORD_POLICY.requireSymbols,
        }),
      },
    });
  });

  it('has the six console groups and Clients', () => {
    const groups = Object.values(auth('dev').findResources('AWS::Cognito::UserPoolGroup')).map((g) => g.Properties.GroupName);
    expect(groups.sort()).toEqual([...ALLOWED_GROUPS, 'Clients'].sort());
  });

  it('declares the custom attributes as mutable strings', () => {
    for (const name of CUSTOM_ATTRIBUTES) {
      auth('dev').hasResourceProperties('AWS::Cognito::UserPool', {
        Schema: Match.arrayWith([Match.objectLike({ Name: name, AttributeDataType: 'String', Mutable: true })]),
      });
    }
  });

  it('gives the web client no secret, SRP + password + refresh flows, and no custom attribute writes', () => {
    const clients = Object.values(auth('dev').findResources('AWS::Cognito::UserPoolClient'));
    expect(clients).toHaveLength(1);
    const client = clients[0].Properties;
    expect(client.GenerateSecret).toBe(false);
    expect(client.ExplicitAuthFlows.sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']);
    expect(client.PreventUserExistenceErrors).toBe('ENABLED');
    expect(client.WriteAttributes.length).toBeGreaterThan(0);
    expect(client.WriteAttributes.filter((a: string) => a.startsWith('custom:'))).toEqual([]);
    // Revocation on, and access/ID tokens that lapse within the idle-logoff time (issue 11 §2).
    expect(client.EnableTokenRevocation).toBe(true);
    expect({ access: client.AccessTokenValidity, id: client.IdTokenValidity, units: client.TokenValidityUnits }).toMatchObject({ access: 15, id: 15, units: { AccessToken: 'minutes', IdToken: 'minutes' } });
  });

  it('lets post-confirmation add users to groups of this pool only (no wildcard)', () => {
    auth('dev').hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: [Match.objectLike({ Action: 'cognito-idp:AdminAddUserToGroup', Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^UserPool'), 'Arn'] } })] },
    });
  });

  it("lets pre-token-generation read users of this pool only (the clinicians' MFA mark) and write the Directory", () => {
    const template = auth('dev');
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: [Match.objectLike({ Action: 'cognito-idp:AdminGetUser', Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^UserPool'), 'Arn'] } })] },
      Roles: [{ Ref: Match.stringLikeRegexp('^PreTokenGeneration') }],
    });
    const policies = Object.values(template.findResources('AWS::IAM::Policy')) as { Properties: { PolicyDocument: { Statement: { Action: string | string[] }[] }; Roles: { Ref: string }[] } }[];
    const trigger = policies.filter((p) => p.Properties.Roles.some((r) => r.Ref.startsWith('PreTokenGeneration')));
    const actions = trigger.flatMap((p) => p.Properties.PolicyDocument.Statement.flatMap((st) => [st.Action].flat()));
    expect(actions).toEqual(expect.arrayContaining(['cognito-idp:AdminGetUser', 'dynamodb:UpdateItem']));
  });

  it('enforces threat protection and deletion protection in prod only', () => {
    auth('prod').hasResourceProperties('AWS::Cognito::UserPool', { UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' }, DeletionProtection: 'ACTIVE', UserPoolTier: 'PLUS' });
    auth('dev').hasResourceProperties('AWS::Cognito::UserPool', { UserPoolAddOns: Match.absent(), DeletionProtection: 'INACTIVE' });
  });

  it.each(ENVS)('%s: throttles sign-in per client address with a WAF rate rule on the pool, logged', (env) => {
    const template = auth(env);
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'REGIONAL',
      Rules: [Match.objectLike({ Action: { Block: Match.anyValue() }, Statement: { RateBasedStatement: { AggregateKeyType: 'IP', Limit: 100, EvaluationWindowSec: 300 } } })],
    });
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', { ResourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^UserPool'), 'Arn'] } });
    template.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', { LogDestinationConfigs: [Match.anyValue()] });
    template.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: `aws-waf-logs-portal-${env}-sign-in`, KmsKeyId: Match.anyValue() });
  });
});

describe('Data', () => {
  const data = (env: (typeof ENVS)[number]) => synthesized[env].template(synthesized[env].stacks.data);

  it.each(TABLES.map((t) => t.id))('%s table: on-demand, PITR, customer-managed KMS, TTL, GSIs', (id) => {
    const def = TABLES.find((t) => t.id === id)!;
    data('dev').hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: tableName('dev', id),
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: Match.anyValue() },
      TimeToLiveSpecification: def.timeToLiveAttribute ? { AttributeName: def.timeToLiveAttribute, Enabled: true } : Match.absent(),
      GlobalSecondaryIndexes: def.globalSecondaryIndexes.map((g) => Match.objectLike({ IndexName: g.indexName })),
    });
  });

  it('rotates the table key and backs every table up', () => {
    data('dev').hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    data('dev').resourceCountIs('AWS::Backup::BackupPlan', 1);
    const selection = Object.values(data('dev').findResources('AWS::Backup::BackupSelection'))[0];
    expect(selection.Properties.BackupSelection.Resources).toHaveLength(TABLES.length);
  });

  it('protects and retains tables in prod, not in dev', () => {
    data('prod').hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', Properties: Match.objectLike({ DeletionProtectionEnabled: true }) });
    data('dev').hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete', Properties: Match.objectLike({ DeletionProtectionEnabled: false }) });
  });
});

describe('Media', () => {
  it('keeps profile images private, KMS-encrypted, versioned, logged, with CORS for presigned PUT/GET', () => {
    const media = synthesized.dev.template(synthesized.dev.stacks.media);
    media.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: { ServerSideEncryptionConfiguration: [Match.objectLike({ ServerSideEncryptionByDefault: Match.objectLike({ SSEAlgorithm: 'aws:kms' }) })] },
      VersioningConfiguration: { Status: 'Enabled' },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      LoggingConfiguration: Match.objectLike({ DestinationBucketName: Match.anyValue() }),
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: Match.arrayWith(['PUT', 'GET']), AllowedOrigins: ['https://*.cloudfront.net'] })] },
    });
    // Unconfirmed photo uploads (the quarantine prefix, issue 11 §7) expire after a day.
    media.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' })]) },
    });
    // Message attachments uploaded and never sent (their quarantine prefix, issue 12) expire after 2 days.
    media.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: 'attachments/pending/', ExpirationInDays: 2, Status: 'Enabled' })]) },
    });
    media.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('keeps a data export\'s zip as long as its job (7 days) and lets the export worker only read the files it copies (issue 18)', () => {
    const media = synthesized.dev.template(synthesized.dev.stacks.media);
    media.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: 'exports/', ExpirationInDays: 7, Status: 'Enabled' })]) },
    });
    const statements = statementsOf(resourcesOf(synthesized.dev.template(synthesized.dev.stacks.api)), /DataExportWorker/i)
      .filter((st) => [st.Action].flat().some((a) => a.startsWith('s3:')));
    const writes = statements.filter((st) => [st.Action].flat().some((a) => /Put|Delete/.test(a))).map((st) => JSON.stringify(st.Resource));
    const reads = statements.filter((st) => [st.Action].flat().some((a) => a === 's3:GetObject*')).map((st) => JSON.stringify(st.Resource)).join(' ');
    expect(writes.length).toBeGreaterThan(0);
    for (const w of writes) expect(w).toMatch(/\/exports\/\*/);
    for (const prefix of ['claims', 'attachments', 'images/all', 'exports']) expect(reads).toContain(`/${prefix}/*`);
  });
});

describe('Api', () => {
  const api = () => synthesized.dev.template(synthesized.dev.stacks.api);
  const resolverStack = () => synthesized.dev.nestedTemplate(synthesized.dev.stacks.api.graphql.resolvers);
  // Which Lambda may do what (IAM): test/infra/api-grants.ts.
  apiGrantTests(api);

  it('authorizes with the Cognito user pool, plus IAM for the @aws_iam fields alone: no API key', () => {
    api().hasResourceProperties('AWS::AppSync::GraphQLApi', {
      AuthenticationType: 'AMAZON_COGNITO_USER_POOLS',
      AdditionalAuthenticationProviders: [{ AuthenticationType: 'AWS_IAM' }],
      XrayEnabled: true,
      LogConfig: { FieldLogLevel: 'ERROR', ExcludeVerboseContent: true, CloudWatchLogsRoleArn: Match.anyValue() },
    });
    api().resourceCountIs('AWS::AppSync::ApiKey', 0);
  });

  it('limits query depth and resolvers per request, with the numbers the local executor enforces (issue 11 §5)', () => {
    for (const env of ENVS) {
      synthesized[env].template(synthesized[env].stacks.api).hasResourceProperties('AWS::AppSync::GraphQLApi', { QueryDepthLimit: 10, ResolverCountLimit: 25 });
    }
    expect(API_LIMITS).toEqual({ queryDepthLimit: 10, resolverCountLimit: 25 });
  });

  it('has one pipeline resolver per map entry and one APPSYNC_JS function per map function, in their nested stack', () => {
    api().resourceCountIs('AWS::AppSync::Resolver', 0);
    resolverStack().resourceCountIs('AWS::AppSync::Resolver', RESOLVERS.length);
    for (const r of RESOLVERS) {
      resolverStack().hasResourceProperties('AWS::AppSync::Resolver', {
        TypeName: r.typeName,
        FieldName: r.fieldName,
        Kind: 'PIPELINE',
        Runtime: { Name: 'APPSYNC_JS', RuntimeVersion: '1.0.0' },
        PipelineConfig: { Functions: r.pipeline.map(() => Match.objectLike({ 'Fn::GetAtt': Match.anyValue() })) },
      });
    }
    resolverStack().resourceCountIs('AWS::AppSync::FunctionConfiguration', FUNCTIONS.length);
    resolverStack().allResourcesProperties('AWS::AppSync::FunctionConfiguration', { Runtime: { Name: 'APPSYNC_JS', RuntimeVersion: '1.0.0' }, Code: Match.stringLikeRegexp('export') });
  });

  it('has data sources NONE, one per table and one per Lambda of the map', () => {
    const lambdas = new Set(FUNCTIONS.filter((f) => f.dataSource.startsWith('Lambda:')).map((f) => f.dataSource));
    api().resourceCountIs('AWS::AppSync::DataSource', 1 + TABLES.length + lambdas.size);
    api().hasResourceProperties('AWS::AppSync::DataSource', { Name: 'NONE', Type: 'NONE' });
    for (const t of TABLES) api().hasResourceProperties('AWS::AppSync::DataSource', { Name: `${t.id}Table`, Type: 'AMAZON_DYNAMODB' });
  });

  it('routes every public REST route to its Lambda on a throttled, access-logged $default stage', () => {
    for (const route of PUBLIC_ROUTES) api().hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `${route.method} ${route.path}` });
    api().resourceCountIs('AWS::ApiGatewayV2::Route', PUBLIC_ROUTES.length);
    api().hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
    api().hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP', CorsConfiguration: Match.objectLike({ AllowOrigins: ['*'], AllowCredentials: false }) });
  });

  it('ships the Unicode PDF font with every Lambda that renders PDFs, and with no other', () => {
    const { outdir } = synthesized.dev;
    const bundles = new Map<string, boolean>();
    for (const asset of readdirSync(outdir).filter((name) => name.startsWith('asset.') && existsSync(join(outdir, name, 'index.mjs')))) {
      const source = readFileSync(join(outdir, asset, 'index.mjs'), 'utf8');
      bundles.set(asset, existsSync(join(outdir, asset, 'fonts', UNICODE_FONT_FILE)));
      // The bundle holds the PDF code (functions/shared/pdf/fonts.ts names the file) exactly when it has the font.
      expect(bundles.get(asset), asset).toBe(source.includes(UNICODE_FONT_FILE));
    }
    const withFont = [...bundles.values()].filter(Boolean).length;
    expect(withFont).toBeGreaterThanOrEqual(3);
    expect(bundles.size - withFont).toBeGreaterThan(10);
  });

  it('runs Lambdas on Node.js 24 with encrypted logs', () => {
    api().allResourcesProperties('AWS::Lambda::Function', { Runtime: 'nodejs24.x', TracingConfig: { Mode: 'Active' } });
    api().allResourcesProperties('AWS::Logs::LogGroup', { KmsKeyId: Match.anyValue(), RetentionInDays: Match.anyValue() });
  });
});

describe('Web', () => {
  const web = () => synthesized.dev.template(synthesized.dev.stacks.web);

  it('sends HSTS, frame-ancestors none / DENY, nosniff, referrer policy and a CSP', () => {
    web().hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: Match.anyValue(), IncludeSubdomains: true, Override: true }),
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          ContentSecurityPolicy: { ContentSecurityPolicy: Match.anyValue(), Override: true },
        },
      }),
    });
    const policy = Object.values(web().findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0];
    const csp = JSON.stringify(policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('cognito-idp.');
  });

  it('serves a private bucket through CloudFront OAC with SPA fallback and logging', () => {
    web().resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    web().hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Logging: Match.objectLike({ Bucket: Match.anyValue() }),
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
        // Unknown paths get the shell without the prerendered landing page (web/prerender/plugin.ts).
        CustomErrorResponses: [403, 404].map((code) => Match.objectLike({ ErrorCode: code, ResponseCode: 200, ResponsePagePath: '/app.html' })),
      }),
    });
    web().allResourcesProperties('AWS::S3::Bucket', { PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicAcls: true, RestrictPublicBuckets: true }) });
  });

  it('deploys a config.json with the runtime configuration', () => {
    web().resourceCountIs('Custom::CDKBucketDeployment', 1);
    const config = synthesized.dev.stacks.web.runtimeConfig;
    expect(config).toMatchObject({ backend: 'aws', authFlowType: 'USER_SRP_AUTH', siteName: SITE_NAME, idleTimeoutMinutes: 15, defaultLanguage: 'en' });
    for (const key of ['userPoolId', 'userPoolClientId', 'graphqlEndpoint', 'restEndpoint', 'region'] as const) expect(config[key]).toBeTruthy();
  });
});

describe('stack size', () => {
  // CloudFormation refuses a stack of more than 500 resources at deploy time (CDK at synth). The
  // resolvers have a nested stack of their own (lib/resolver-stack.ts); 450 leaves room to notice
  // the next split before a deploy fails.
  it('keeps every template, nested stacks included, under 450 resources', () => {
    const sizes = [...synthesized.dev.allTemplates()].map(([file, t]) => [file, Object.keys(t.Resources ?? {}).length] as const);
    expect(sizes.length).toBeGreaterThan(5);
    expect(sizes.filter(([, n]) => n > 450)).toEqual([]);
  });
});

describe('cdk-nag (AwsSolutions + HIPAA.Security)', () => {
  for (const env of ENVS) {
    it.each(['auth', 'data', 'media', 'api', 'web'] as const)(`${env}: %s stack has no unsuppressed findings`, (part) => {
      expect(synthesized[env].findings(synthesized[env].stacks[part])).toEqual([]);
    });
  }
});
