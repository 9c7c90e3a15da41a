/**
 * Api: the AppSync GraphQL API (signed-in calls) and the public REST gateway (pre-login calls).
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import { NagSuppressions } from 'cdk-nag';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { PortalConfig } from './config.ts';
import type { PortalTables } from './data-stack.ts';
import { GraphqlApi, type GraphqlApiProps } from './graphql-api.ts';
import { LogKey } from './log-key.ts';
import { DYNAMODB_GRANT_SUPPRESSION, INLINE_POLICY_REASON } from './nag.ts';
import { PublicApi } from './public-api.ts';
import { Reminders } from './reminders.ts';

export interface ApiStackProps extends StackProps {
  config: PortalConfig;
  userPool: cognito.IUserPool;
  /** The console's client: the SMS MFA setup proves passwords with its USER_PASSWORD_AUTH. */
  userPoolClient: cognito.IUserPoolClient;
  tables: PortalTables;
  /** The profile-image bucket (Media stack). */
  profileImages?: s3.IBucket;
  /** Overrides of the resolver map (tests only). */
  resolverMap?: Pick<GraphqlApiProps, 'functions' | 'resolvers'>;
}

export class ApiStack extends Stack {
  readonly graphql: GraphqlApi;
  readonly publicApi: PublicApi;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, tables } = props;
    const logKey = new LogKey(this, 'LogKey', config);
    this.graphql = new GraphqlApi(this, 'Graphql', { config, userPool: props.userPool, tables, logKey, profileImages: props.profileImages, ...props.resolverMap });
    this.publicApi = new PublicApi(this, 'Public', { config, tables, logKey, userPool: props.userPool, userPoolClient: props.userPoolClient, graphqlApi: this.graphql.api });

    new Reminders(this, 'Reminders', { config, tables, logKey, fromAddress: config.emailFromAddress });

    new CfnOutput(this, 'GraphqlUrl', { value: this.graphql.api.graphqlUrl });
    new CfnOutput(this, 'RestUrl', { value: this.publicApi.url });

    NagSuppressions.addStackSuppressions(this, [
      { id: 'HIPAA.Security-IAMNoInlinePolicy', reason: INLINE_POLICY_REASON },
      {
        id: 'AwsSolutions-ASC3',
        reason: 'Request-level logging is on at ERROR level with verbose content excluded on purpose: full request/response logs would copy PHI from resolver arguments and results into CloudWatch.',
      },
      DYNAMODB_GRANT_SUPPRESSION,
    ]);
  }
}
