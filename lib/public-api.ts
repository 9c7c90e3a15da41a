/**
 * The public REST gateway for pre-login calls (HTTP API): one route per entry of
 * functions/routes.ts, throttled, access-logged, CORS for the console.
 */
import { Duration } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { PUBLIC_ROUTES, type PublicRoute } from '../functions/routes.ts';
import type { PortalConfig } from './config.ts';
import type { PortalTables } from './data-stack.ts';
import type { LogKey } from './log-key.ts';
import { suppress } from './nag.ts';
import { grantChimeMeetings } from './chime-access.ts';
import { grantMessaging, messagingEnvironment } from './messaging-access.ts';
import { configurePayments } from './payment-access.ts';
import { PortalFunction } from './portal-function.ts';
import type * as appsync from 'aws-cdk-lib/aws-appsync';
import { grantAppsyncPublish } from './appsync-publish-access.ts';

export interface PublicApiProps {
  config: PortalConfig;
  tables: PortalTables;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  logKey: LogKey;
  routes?: PublicRoute[];
  /** The AppSync API the assessment link's submit publishes risk alerts to (issue 13). */
  graphqlApi?: appsync.GraphqlApi;
}

/**
 * The console's origins. Without configured origins (domain-free default) the CloudFront domain
 * is unknown until deployed and HTTP APIs accept no partial wildcard: allow any origin. The
 * routes are public, take no credentials and return no PHI, so CORS protects nothing there yet.
 */
export function restCorsOrigins(config: PortalConfig): string[] {
  return config.consoleOrigins.length > 0 ? config.consoleOrigins : ['*'];
}

type TableAccess = Partial<Record<keyof PortalTables, 'read' | 'readWrite'>>;

/**
 * Tables each public handler may use: least privilege per handler, none unless listed here
 * (verify-npi only calls the NPPES registry).
 */
const TABLE_ACCESS: Record<string, TableAccess> = {
  // The hand-off record (spent in one conditional write), the member's name and roles; the exchange is audited.
  'emdr-handoff': { Directory: 'readWrite', Audit: 'readWrite' },
  'check-therapist': { Directory: 'read' },
  // Its per-address call counter (functions/shared/address-limit.ts) lives in Directory.
  'does-user-exist': { Directory: 'readWrite' },
  // The pending code (hashed) and the per-address counter.
  'sms-mfa-setup': { Directory: 'readWrite' },
  // Claims the NPI and stages (Directory), then finalizes like post-confirmation (membership, profile).
  'reuse-account': { Directory: 'readWrite', Practice: 'readWrite' },
  // Claims the NPI and stages the provider (Directory).
  'stage-provider': { Directory: 'readWrite' },
  // Repairs a sign-up whose post-confirmation finalization failed (Directory claim, Practice profile).
  'confirm-provider': { Directory: 'readWrite', Practice: 'readWrite' },
  // The room record (Practice) of the therapist's practice (membership in Directory).
  'video-join': { Directory: 'read', Practice: 'read' },
  // The invitation (Directory), the client's access record (Practice), the link (Directory), the audit entry, the per-address counter.
  'client-invitation': { Directory: 'readWrite', Practice: 'readWrite', Audit: 'readWrite' },
  // The assessment link (Directory, spent on submit), the assignment, draft, response, counters and alert (Practice), the audit, the per-address counter (issue 13).
  'assessment-link': { Directory: 'readWrite', Practice: 'readWrite', Audit: 'readWrite' },
  // The card processor's webhook (issue 15): card payments, invoices, the client's ledger (Practice) and their audit entries.
  'payment-webhook': { Practice: 'readWrite', Audit: 'readWrite' },
};

/** Handlers that look a user up in the pool (AdminGetUser on this pool only). */
const USER_POOL_READERS = new Set(['stage-provider', 'does-user-exist', 'confirm-provider', 'sms-mfa-setup', 'reuse-account', 'client-invitation']);

/** Handlers that prove a password with the console's client (functions/shared/password-proof.ts). */
const PASSWORD_PROVERS = new Set(['sms-mfa-setup', 'reuse-account', 'client-invitation']);

export class PublicApi extends Construct {
  readonly httpApi: apigwv2.HttpApi;
  /** Base URL without a trailing slash (the $default stage is served at the root). */
  readonly url: string;

  constructor(scope: Construct, id: string, props: PublicApiProps) {
    super(scope, id);
    const { config } = props;
    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: `portal-${config.envName}-public`,
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: restCorsOrigins(config),
        allowMethods: [apigwv2.CorsHttpMethod.GET, apigwv2.CorsHttpMethod.POST, apigwv2.CorsHttpMethod.OPTIONS],
        allowHeaders: ['content-type'],
        allowCredentials: false,
        maxAge: Duration.hours(1),
      },
    });
    const accessLogs = props.logKey.logGroup(this, 'AccessLogs');
    new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: config.publicApiThrottle,
      // Ids, status and timing only: no bodies, no query strings, no headers.
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigw.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    this.url = this.httpApi.apiEndpoint;

    const handlers = new Map<string, PortalFunction>();
    for (const route of props.routes ?? PUBLIC_ROUTES) {
      let handler = handlers.get(route.handler);
      if (!handler) {
        handler = new PortalFunction(this, `Handler-${route.handler}`, { config, logKey: props.logKey, folder: route.handler, description: `Public REST ${route.method} ${route.path}` });
        for (const [id, access] of Object.entries(TABLE_ACCESS[route.handler] ?? {}) as [keyof PortalTables, 'read' | 'readWrite'][]) {
          if (access === 'readWrite') props.tables[id].grantReadWriteData(handler.fn);
          else props.tables[id].grantReadData(handler.fn);
        }
        if (USER_POOL_READERS.has(route.handler)) {
          handler.fn.addEnvironment('USER_POOL_ID', props.userPool.userPoolId);
          handler.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['cognito-idp:AdminGetUser'], resources: [props.userPool.userPoolArn] }));
        }
        if (route.handler === 'video-join') grantChimeMeetings(handler.fn, ['CreateAttendee']);
        if (PASSWORD_PROVERS.has(route.handler)) handler.fn.addEnvironment('USER_POOL_CLIENT_ID', props.userPoolClient.userPoolClientId);
        if (route.handler === 'sms-mfa-setup') grantSmsMfaSetup(handler, props);
        // Its signing secret is the card processor's secret (field webhookSecret); without payments configured it answers 503.
        if (route.handler === 'payment-webhook' && config.payments) configurePayments(handler, handler.fn, config.payments);
        // The EMDR hand-off exchange (issue 14): the app's secret from Secrets Manager by name; without config it answers 503.
        if (route.handler === 'emdr-handoff' && config.emdr) {
          const secret = secretsmanager.Secret.fromSecretNameV2(handler, 'EmdrSecret', config.emdr.secretName);
          handler.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [`${secret.secretArn}-??????`] }));
          handler.fn.addEnvironment('EMDR_SECRET_ID', config.emdr.secretName);
        }
        if (route.handler === 'reuse-account') {
          handler.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['cognito-idp:AdminAddUserToGroup'], resources: [props.userPool.userPoolArn] }));
        }
        if (route.handler === 'client-invitation') {
          // Accepting makes a new client's account or lets an existing one join Clients (functions/client-invitation).
          handler.fn.addToRolePolicy(new iam.PolicyStatement({
            actions: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminConfirmSignUp'],
            resources: [props.userPool.userPoolArn],
          }));
        }
        if (route.handler === 'assessment-link') {
          // A submit that raises a risk alert e-mails the clinician (no PHI: "A client response needs your review").
          for (const [name, value] of Object.entries(messagingEnvironment(config))) handler.fn.addEnvironment(name, value);
          grantMessaging(handler.fn, { sms: false });
          // ...and publishes the live event to the clinician's console (publishRiskAlert, IAM only).
          if (props.graphqlApi) grantAppsyncPublish(handler.fn, props.graphqlApi, ['publishRiskAlert']);
        }
        handlers.set(route.handler, handler);
      }
      this.httpApi.addRoutes({
        path: route.path,
        methods: [apigwv2.HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`Integration-${route.method}-${route.path}`, handler.fn),
      });
    }
    suppress(this.httpApi, [
      {
        id: 'AwsSolutions-APIG4',
        reason: 'These routes serve the sign-up wizard before anyone has signed in, so they cannot require a token; they return no PHI and the stage is throttled.',
      },
    ]);
  }
}

/**
 * First-time SMS MFA setup (functions/sms-mfa-setup): the phone enrollment on this pool, and SMS through SNS. SNS direct-to-phone publishing has no
 * resource ARN, so sns:Publish is allowed on '*' but denied for every topic.
 */
function grantSmsMfaSetup(handler: PortalFunction, props: PublicApiProps): void {
  handler.fn.addToRolePolicy(
    new iam.PolicyStatement({ actions: ['cognito-idp:AdminUpdateUserAttributes', 'cognito-idp:AdminSetUserMFAPreference'], resources: [props.userPool.userPoolArn] }),
  );
  handler.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
  handler.fn.addToRolePolicy(new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['sns:Publish'], resources: ['arn:aws:sns:*:*:*'] }));
  suppress(handler.fn, [
    { id: 'AwsSolutions-IAM5', reason: 'SMS to a phone number (SNS direct publish) has no resource ARN; publishing to any topic is denied.', appliesTo: ['Resource::*'] },
  ]);
}
