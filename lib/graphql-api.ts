/**
 * The AppSync GraphQL API: schema.graphql, Cognito user-pool auth only, and one pipeline
 * resolver per entry of resolvers/map.ts whose functions are esbuild bundles of resolvers/.
 */
import { Duration } from 'aws-cdk-lib';
import * as appsync from 'aws-cdk-lib/aws-appsync';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { API_LIMITS } from '../domain/api-limits.ts';
import { FUNCTIONS, PIPELINE_ENTRY, RESOLVERS, type FunctionDef, type ResolverDef } from '../resolvers/map.ts';
import type { PortalConfig } from './config.ts';
import type { PortalTables } from './data-stack.ts';
import type { LogKey } from './log-key.ts';
import { suppress } from './nag.ts';
import { grantChimeMeetings } from './chime-access.ts';
import { grantProfileImages } from './profile-images-access.ts';
import { grantMessageAttachments } from './message-attachments-access.ts';
import { configurePayments } from './payment-access.ts';
import { configureClearinghouse, grantRecheckHandOver } from './clearinghouse-access.ts';
import { grantClaimFiles } from './claim-files-access.ts';
import { grantMessaging, messagingEnvironment } from './messaging-access.ts';
import { grantAppsyncPublish } from './appsync-publish-access.ts';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { PortalFunction, ROOT } from './portal-function.ts';
import { DataExport } from './data-export.ts';
import { ResolverStack } from './resolver-stack.ts';
import { appsyncName, checkResolverMap, lambdaFolder } from './resolver-map-check.ts';

export interface GraphqlApiProps {
  config: PortalConfig;
  userPool: cognito.IUserPool;
  tables: PortalTables;
  logKey: LogKey;
  /** Profile-image bucket (Media stack) for the profile-photo Lambda. */
  profileImages?: s3.IBucket;
  /** Defaults to resolvers/map.ts; tests pass broken maps to see the synth fail. */
  functions?: FunctionDef[];
  resolvers?: ResolverDef[];
}

export class GraphqlApi extends Construct {
  readonly api: appsync.GraphqlApi;
  readonly lambdas: PortalFunction[] = [];
  /** The nested stack holding the pipeline functions and resolvers. */
  readonly resolvers: ResolverStack;

  constructor(scope: Construct, id: string, props: GraphqlApiProps) {
    super(scope, id);
    const { config, tables } = props;
    const functions = props.functions ?? FUNCTIONS;
    const resolvers = props.resolvers ?? RESOLVERS;
    const schemaPath = resolve(ROOT, 'schema.graphql');

    const folders = [...new Set(functions.map((fn) => lambdaFolder(fn.dataSource)).filter((f): f is string => f !== undefined))];
    const existingFolders = folders.filter((folder) => existsSync(resolve(ROOT, 'functions', folder, 'index.ts')));
    checkResolverMap({
      schemaText: readFileSync(schemaPath, 'utf8'),
      functions,
      resolvers,
      dataSources: ['NONE', 'PracticeTable', 'DirectoryTable', 'AuditTable', ...existingFolders.map((f) => `Lambda:${f}`)],
      root: ROOT,
      pipelineEntry: PIPELINE_ENTRY,
    });

    // Our own logging role, scoped to this API's log group (instead of the broad managed policy).
    const logRole = new iam.Role(this, 'LogRole', { assumedBy: new iam.ServicePrincipal('appsync.amazonaws.com') });
    this.api = new appsync.GraphqlApi(this, 'Api', {
      name: `portal-${config.envName}`,
      definition: appsync.Definition.fromFile(schemaPath),
      authorizationConfig: {
        defaultAuthorization: { authorizationType: appsync.AuthorizationType.USER_POOL, userPoolConfig: { userPool: props.userPool } },
        // IAM for the @aws_iam fields alone (the Lambdas' event publishes, e.g. publishRiskAlert); every other field stays user-pool only.
        additionalAuthorizationModes: [{ authorizationType: appsync.AuthorizationType.IAM }],
      },
      xrayEnabled: true,
      introspectionConfig: config.envName === 'prod' ? appsync.IntrospectionConfig.DISABLED : appsync.IntrospectionConfig.ENABLED,
      // One constant with the local executor (domain/api-limits.ts, local/appsync/limits.ts).
      queryDepthLimit: API_LIMITS.queryDepthLimit,
      resolverCountLimit: API_LIMITS.resolverCountLimit,
      // Physical table names by data-source name (ctx.env.PracticeTable, ...): transactions name their tables.
      environmentVariables: Object.fromEntries(Object.entries(tables).map(([id, table]) => [`${id}Table`, table.tableName])),
    });
    // ERROR only and no request/response bodies: resolver arguments and results can hold PHI.
    // Set on the L1: the L2's logConfig adds a LogRetention custom resource that would compete
    // with our encrypted log group for the same name.
    (this.api.node.defaultChild as appsync.CfnGraphQLApi).logConfig = {
      cloudWatchLogsRoleArn: logRole.roleArn,
      fieldLogLevel: appsync.FieldLogLevel.ERROR,
      excludeVerboseContent: true,
    };
    const logGroup = props.logKey.logGroup(this, 'Logs', `/aws/appsync/apis/${this.api.apiId}`);
    const logPolicy = new iam.Policy(this, 'LogPolicy', {
      roles: [logRole],
      statements: [new iam.PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn, `${logGroup.logGroupArn}:*`] })],
    });
    suppress(logPolicy, [
      { id: 'AwsSolutions-IAM5', reason: 'Log streams of this API\'s own log group (<log group ARN>:*); stream names are chosen by AppSync.', appliesTo: [{ regex: '/^Resource::<.*Logs.*\\.Arn>:\\*$/g' }] },
    ]);

    const dataSources = new Map<string, appsync.BaseDataSource>();
    dataSources.set('NONE', this.api.addNoneDataSource('NONE'));
    for (const [id, table] of Object.entries(tables)) {
      dataSources.set(`${id}Table`, this.api.addDynamoDbDataSource(`${id}Table`, table));
    }
    for (const folder of existingFolders) {
      // plans may call the card processor (a few requests, each retried): more than the default 10 s.
      // profile-photo decodes and re-encodes a JPEG of up to 40 MP in JavaScript (issue 11 §7): one
      // full vCPU (1769 MB) and AppSync's time.
      const photo = folder === 'profile-photo';
      const timeout = folder === 'plans' || folder === 'billing' || folder === 'eligibility' || photo ? Duration.seconds(25) : undefined;
      const memorySize = photo ? 1769 : undefined;
      // appointments (booking confirmation) and team-members (invitation) send messages (issue 19).
      // client-access e-mails the client portal invitation (issue 12); client-self only needs the console's origin (video links).
      // client-documents e-mails a client that documents were shared to their portal (the practice and the link only).
      // assessments (issue 13) sends the single-use link (e-mail, else SMS) and the clinician's risk-alert notice (no PHI).
      // companion (issue 14) sends a client's invitation to share app entries (the code and a link; e-mail or text, no PHI).
      // billing (issue 15) e-mails a client a link to a new statement or superbill in their portal (no PHI), and needs the console's origin for the card checkout's return pages.
      const sends = folder === 'appointments' || folder === 'team-members' || folder === 'client-access' || folder === 'messaging' || folder === 'client-documents' || folder === 'assessments' || folder === 'companion' || folder === 'billing';
      const environment = sends || folder === 'client-self' ? messagingEnvironment(config) : undefined;
      const fn = new PortalFunction(this, `Lambda-${folder}`, { config, logKey: props.logKey, folder, description: `AppSync data source ${folder}`, timeout: folder === 'claims' ? Duration.seconds(25) : timeout, memorySize, environment });
      // The confirmation may be a text; the invitation is always an e-mail.
      if (sends) grantMessaging(fn.fn, { sms: folder === 'appointments' || folder === 'messaging' || folder === 'assessments' || folder === 'companion' });
      for (const table of Object.values(tables)) table.grantReadWriteData(fn.fn);
      if (folder === 'video-join') grantChimeMeetings(fn.fn, ['CreateMeeting', 'GetMeeting', 'CreateAttendee']);
      // assessments (issue 13): a portal submit that raises a risk alert publishes the live event (IAM-only mutation).
      if (folder === 'assessments') grantAppsyncPublish(fn.fn, this.api, ['publishRiskAlert']);
      if (folder === 'profile-photo' && props.profileImages) grantProfileImages(fn.fn, props.profileImages);
      // export (issue 18): starts the export-worker Lambda and presigns the zip under exports/ of the media bucket.
      if (folder === 'export' && props.profileImages) new DataExport(this, 'DataExport', { config, tables, logKey: props.logKey, bucket: props.profileImages, starter: fn.fn });
      // messaging: the client's new-message notification (SMS or e-mail) and the attachments (issue 12).
      if (folder === 'messaging' && props.profileImages) grantMessageAttachments(fn.fn, props.profileImages);
      // plans (plan changes) and billing (client card payments, refunds) share the card processor's secret.
      if ((folder === 'plans' || folder === 'billing') && config.payments) configurePayments(fn, fn.fn, config.payments);
      // eligibility (issue 16): the clearinghouse (Stedi) when the environment names its key's secret; else it refuses every check.
      // "Recheck now" hands over from leg to leg: the eligibility Lambda invokes itself.
      if (folder === 'eligibility') {
        configureClearinghouse(fn, fn.fn, config.clearinghouse);
        grantRecheckHandOver(fn, fn.fn);
      }
      // homework (issue 14) also issues the EMDR hand-off code: the external app's address per environment.
      if (folder === 'homework' && config.emdr) fn.fn.addEnvironment('EMDR_APP_URL', config.emdr.appUrl);
      // claims (issue 16, 25 s like eligibility): the same clearinghouse for 837P, 277CA and 835; the claim files in the media bucket (claims/, KMS).
      if (folder === 'claims') {
        configureClearinghouse(fn, fn.fn, config.clearinghouse);
        if (props.profileImages) grantClaimFiles(fn.fn, props.profileImages);
      }
      if (folder === 'team-members') {
        // Invites, edits and removes team members: these admin calls on this one pool, nothing else. The pool
        // id comes with each call, from the caller's verified token (resolvers/functions/invokeTeamMembers.ts).
        fn.fn.addToRolePolicy(new iam.PolicyStatement({
          actions: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminUpdateUserAttributes', 'cognito-idp:AdminDisableUser', 'cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:ListUsers'],
          resources: [props.userPool.userPoolArn],
        }));
      }
      this.lambdas.push(fn);
      const lambdaSource = this.api.addLambdaDataSource(appsyncName(`Lambda_${folder}`), fn.fn);
      dataSources.set(`Lambda:${folder}`, lambdaSource);
      suppress(lambdaSource, [
        { id: 'AwsSolutions-IAM5', reason: 'AppSync may invoke this one function and its versions (<function ARN>:*), the grant CDK makes for a Lambda data source.', appliesTo: [{ regex: '/^Resource::<.*Lambda.*Function.*\\.Arn>:\\*$/g' }] },
      ]);
    }

    this.resolvers = new ResolverStack(this, 'Resolvers', { api: this.api, dataSources, functions, resolvers });
  }
}
