/**
 * Auth: the Cognito user pool (e-mail sign-in, MFA optional in the pool and required of clinicians
 * by the API, the portal's groups and custom
 * attributes) with its web client and the post-confirmation / pre-token-generation triggers.
 */
import { ArnFormat, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { CUSTOM_ATTRIBUTES, PASSWORD_POLICY, POOL_GROUPS } from '../domain/identity.ts';

/**
 * Sign-in calls (InitiateAuth, RespondToAuthChallenge, ForgotPassword, SignUp...) one address may
 * make in five minutes before the pool's web ACL blocks it: a person signing in makes a handful;
 * password guessing or account enumeration makes hundreds. The local runtime's
 * local/cognito-throttle.ts plays this rule.
 */
export const SIGN_IN_CALLS_PER_ADDRESS_PER_5_MIN = 100;
import type { PortalConfig } from './config.ts';
import type { PortalTables } from './data-stack.ts';
import { LogKey } from './log-key.ts';
import { DYNAMODB_GRANT_SUPPRESSION, INLINE_POLICY_REASON, suppress } from './nag.ts';
import { PortalFunction } from './portal-function.ts';

export interface AuthStackProps extends StackProps {
  config: PortalConfig;
  tables: PortalTables;
}

export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config, tables } = props;
    const logKey = new LogKey(this, 'LogKey', config);

    const postConfirmation = new PortalFunction(this, 'PostConfirmation', {
      config, logKey, folder: 'post-confirmation', description: 'Cognito post-confirmation: create the practice, membership and group',
    }).fn;
    const preTokenGeneration = new PortalFunction(this, 'PreTokenGeneration', {
      config, logKey, folder: 'pre-token-generation', description: 'Cognito pre-token-generation: practice, roles and plan claims',
    }).fn;
    for (const table of [tables.Directory, tables.Practice, tables.Audit]) table.grantReadWriteData(postConfirmation);
    tables.Practice.grantReadData(preTokenGeneration);
    // It writes the membership's MFA mark (domain/mfa.ts) that the authorize step requires of clinicians.
    tables.Directory.grantReadWriteData(preTokenGeneration);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `portal-${config.envName}`,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
        fullname: { required: false, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      customAttributes: Object.fromEntries(CUSTOM_ATTRIBUTES.map((name) => [name, new cognito.StringAttribute({ mutable: true })])),
      // Optional in the pool: clients may sign in with a password only (issue 12). Clinicians may
      // not: the API refuses a member until the pre-token trigger has marked a factor (domain/mfa.ts).
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: true },
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: PASSWORD_POLICY.requireSymbols,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Threat protection (adaptive auth, compromised credentials) needs the billed Plus plan.
      featurePlan: config.threatProtection ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      standardThreatProtectionMode: config.threatProtection ? cognito.StandardThreatProtectionMode.FULL_FUNCTION : undefined,
      deletionProtection: config.deletionProtection,
      lambdaTriggers: { postConfirmation, preTokenGeneration },
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    // A separate policy (not the function's default policy, which the function depends on)
    // names the exact pool ARN without a pool -> trigger -> policy -> pool cycle.
    new iam.Policy(this, 'PostConfirmationGroups', {
      roles: [postConfirmation.role!],
      statements: [new iam.PolicyStatement({ actions: ['cognito-idp:AdminAddUserToGroup'], resources: [this.userPool.userPoolArn] })],
    });
    // The pre-token trigger reads the user's factors (AdminGetUser) for the membership's MFA mark.
    new iam.Policy(this, 'PreTokenGenerationMfaRead', {
      roles: [preTokenGeneration.role!],
      statements: [new iam.PolicyStatement({ actions: ['cognito-idp:AdminGetUser'], resources: [this.userPool.userPoolArn] })],
    });

    // The console's groups and Clients (issue 12: clients of practices, refused by the console).
    for (const group of POOL_GROUPS) {
      new cognito.CfnUserPoolGroup(this, `Group${group}`, { userPoolId: this.userPool.userPoolId, groupName: group });
    }

    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: 'web',
      generateSecret: false,
      authFlows: { userSrp: true, userPassword: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // Tokens live as long as the idle logoff (15 min; Amplify refreshes them quietly): a raw
      // GlobalSignOut, which AppSync cannot see, leaves old tokens usable for at most that long
      // (docs/decisions.md, sign-out ends the session on the server).
      accessTokenValidity: Duration.minutes(15),
      idTokenValidity: Duration.minutes(15),
      refreshTokenValidity: Duration.hours(12),
      // Custom attributes carry rights and billing state: only the back end may write them.
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes({
        email: true, givenName: true, familyName: true, fullname: true, phoneNumber: true,
      }),
    });

    this.addSignInRateLimit(config.envName, logKey);

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.client.userPoolClientId });

    suppress(this.userPool, [
      {
        id: 'AwsSolutions-COG1',
        reason: 'The password policy is the product requirement (8+ characters, upper, lower, digit; spec part 1 §5); MFA is required of every clinician (the pool is OPTIONAL for clients, the API refuses a clinician without a factor), which outweighs a symbol rule (NIST SP 800-63B discourages composition rules).',
      },
      {
        id: 'AwsSolutions-COG2',
        reason: 'MFA is per pool in Cognito and clients may choose not to add a factor (issue 12), so the pool is OPTIONAL; every clinician still needs one: the pre-token trigger marks the membership from the user\'s factors and the API refuses every clinician field until the mark is set (docs/decisions.md "MFA optional for clients (session 6)").',
      },
      ...(config.threatProtection
        ? []
        : [{ id: 'AwsSolutions-COG3', reason: `Threat protection needs the billed Plus plan; it is ENFORCED in prod and off in ${config.envName}, which holds no real users.` }]),
      {
        id: 'AwsSolutions-IAM5',
        reason: 'The SMS role Cognito uses for MFA codes must publish to arbitrary phone numbers, which have no ARN.',
        appliesTo: ['Resource::*'],
      },
    ]);
    NagSuppressions.addStackSuppressions(this, [{ id: 'HIPAA.Security-IAMNoInlinePolicy', reason: INLINE_POLICY_REASON }, DYNAMODB_GRANT_SUPPRESSION]);
  }

  /**
   * Per-address throttling of sign-in in AWS: a regional WAF web ACL on the user pool with a
   * rate-based rule (Cognito's own quotas are per pool, not per address). Logged to an encrypted
   * group; the logs carry addresses and request metadata, never bodies (WAF does not log them).
   */
  private addSignInRateLimit(envName: string, logKey: LogKey): void {
    const metric = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `portal-${envName}-${name}`,
      // Sampled requests would keep request headers in the console: not needed to operate it.
      sampledRequestsEnabled: false,
    });
    const acl = new wafv2.CfnWebACL(this, 'SignInWebAcl', {
      name: `portal-${envName}-sign-in`,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: metric('sign-in'),
      rules: [
        {
          name: 'sign-in-calls-per-address',
          priority: 0,
          action: { block: { customResponse: { responseCode: 429 } } },
          statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit: SIGN_IN_CALLS_PER_ADDRESS_PER_5_MIN, evaluationWindowSec: 300 } },
          visibilityConfig: metric('sign-in-per-address'),
        },
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'SignInWebAclAssociation', { resourceArn: this.userPool.userPoolArn, webAclArn: acl.attrArn });
    // WAF requires the destination's name to start with aws-waf-logs-.
    const logGroupName = `aws-waf-logs-portal-${envName}-sign-in`;
    const logs = logKey.logGroup(this, 'SignInWebAclLogs', logGroupName);
    const logging = new wafv2.CfnLoggingConfiguration(this, 'SignInWebAclLogging', {
      resourceArn: acl.attrArn,
      // The group's ARN without the trailing ':*' that LogGroup.logGroupArn carries.
      logDestinationConfigs: [this.formatArn({ service: 'logs', resource: 'log-group', resourceName: logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }],
    });
    logging.node.addDependency(logs);
  }
}
