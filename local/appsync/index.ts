/**
 * The local AppSync stand-in: graphql-js over node:http running the same resolver bundles as the
 * deployed API, with the local `@aws-appsync/utils` runtime, DynamoDB / Lambda / NONE data
 * sources, Cognito-token auth and AppSync's realtime protocol.
 *
 *   const appsync = createLocalAppSync({ dynamoEndpoint, env: 'local', verifyToken });
 *   await appsync.ready;                              // optional: bundles loaded
 *   router.mount('/graphql', appsync.handleGraphql);  // POST {query, variables, operationName}
 *   upgrades.mount('/graphql/realtime', appsync.handleRealtime);
 *   await appsync.close();
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { observeDynamoRequests, type DynamoRequest } from '../dynamodb.ts';
import { FUNCTIONS } from '../../resolvers/map.ts';
import { TABLES, tableName, type TableDefinition } from '../../domain/tables.ts';
import type { RequestHandler, UpgradeHandler } from '../http.ts';
import { dynamoDbDataSource } from './datasources/dynamodb.ts';
import { lambdaDataSource, type InvokeLambda } from './datasources/lambda.ts';
import { noneDataSource } from './datasources/none.ts';
import type { DataSource } from './datasources/types.ts';
import { createExecutor, type Executor } from './executor.ts';
import { createGraphqlHandler, type Logger, type VerifyToken } from './graphql-http.ts';
import { loadResolvers, type LoadOptions } from './loader.ts';
import { createRealtime } from './realtime.ts';
import { verifyIamRequest } from './iam.ts';
import type { LocalAdminCredentials } from '../cognito/admin-auth.ts';
import { buildAppSyncSchema } from './schema.ts';
import { SubscriptionRegistry, subscriptionTriggers } from './subscriptions.ts';

export { createJwtVerifier } from './jwt.ts';
export type { InvokeLambda } from './datasources/lambda.ts';

export interface LocalAppSyncOptions {
  dynamoEndpoint: string;
  /** The access key that names the database in DynamoDB Local (default 'local'; see local/dynamodb.ts). */
  dynamoAccessKeyId?: string;
  /** Environment name: table names are tableName(env, id), e.g. 'local' → portal-local-Practice. */
  env: string;
  /** Verifies a Cognito JWT; null → Unauthorized. See createJwtVerifier. */
  verifyToken: VerifyToken;
  invokeLambda?: InvokeLambda;
  clock?: () => Date;
  /** Where bundles come from (default: bundle resolvers/ at start-up). */
  bundles?: LoadOptions;
  /** Error log (request ids and error names only). Default: stderr. */
  log?: Logger;
  /** Realtime keep-alive interval (default 60 s). */
  keepAliveMs?: number;
  region?: string;
  /** The key the in-process Lambdas sign @aws_iam calls with (AWS_IAM auth; none: every signed call is refused). */
  iamCredentials?: LocalAdminCredentials;
  /** Sees every DynamoDB request the data sources send (e.g. a DynamoRequestCounter's record). */
  onDynamoRequest?: (request: DynamoRequest) => void;
}

export interface LocalAppSync {
  handleGraphql: RequestHandler;
  handleRealtime: UpgradeHandler;
  /** Resolves when the schema and the resolver bundles are loaded (rejects if they cannot be). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Variables given to resolvers as `ctx.env` (AppSync environment variables): the physical table
 * name per data-source name, e.g. { PracticeTable: 'portal-local-Practice', ... }, for batch and
 * transaction requests, which name their tables.
 */
export function resolverEnvironment(env: string): Record<string, string> {
  return Object.fromEntries(TABLES.map((t) => [`${t.id}Table`, tableName(env, t.id)]));
}

export function createLocalAppSync(options: LocalAppSyncOptions): LocalAppSync {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const client = new DynamoDBClient({ endpoint: options.dynamoEndpoint, region: options.region ?? 'us-east-1', credentials: { accessKeyId: options.dynamoAccessKeyId ?? 'local', secretAccessKey: 'local' } });
  if (options.onDynamoRequest) observeDynamoRequests(client, options.onDynamoRequest);
  const env = resolverEnvironment(options.env);
  // Batch/transact requests may name a table by physical name or by data-source name.
  const tableOf = (name: string) => env[name] ?? name;

  const dataSources = new Map<string, DataSource>();
  for (const fn of FUNCTIONS) {
    const name = fn.dataSource;
    if (dataSources.has(name)) continue;
    if (name === 'NONE') dataSources.set(name, noneDataSource);
    else if (name.startsWith('Lambda:')) dataSources.set(name, lambdaDataSource(name.slice('Lambda:'.length), options.invokeLambda));
    else if (name.endsWith('Table')) {
      const id = name.slice(0, -'Table'.length) as TableDefinition['id'];
      if (!TABLES.some((t) => t.id === id)) throw new Error(`Unknown table data source ${name}`);
      dataSources.set(name, dynamoDbDataSource(client, tableName(options.env, id), tableOf));
    } else throw new Error(`Unknown data source ${name}`);
  }

  const schema = buildAppSyncSchema();
  const registry = new SubscriptionRegistry(subscriptionTriggers(schema));
  const executorPromise: Promise<Executor> = loadResolvers(options.bundles).then((resolvers) =>
    createExecutor({
      schema,
      resolvers,
      registry,
      env,
      clock: options.clock,
      dataSource: (name) => {
        const ds = dataSources.get(name);
        if (!ds) throw new Error(`No data source ${name}`);
        return ds;
      },
    }),
  );
  executorPromise.catch(() => undefined); // surfaced through `ready` and per request
  const executor = () => executorPromise;

  const realtime = createRealtime({ executor, registry, verifyToken: options.verifyToken, log, keepAliveMs: options.keepAliveMs });
  const iamCredentials = options.iamCredentials;
  return {
    handleGraphql: createGraphqlHandler({ executor, verifyToken: options.verifyToken, verifyIam: iamCredentials ? (req, body) => verifyIamRequest(req, body, iamCredentials) : undefined, log }),
    handleRealtime: realtime.handleRealtime,
    ready: executorPromise.then(() => undefined),
    async close() {
      await realtime.close();
      client.destroy();
    },
  };
}
