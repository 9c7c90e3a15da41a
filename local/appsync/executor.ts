/**
 * GraphQL execution with AppSync's behaviour, shared by the HTTP endpoint and the realtime
 * endpoint: the schema's root fields run their pipeline (resolvers/map.ts); errors come out in
 * AppSync's shape {path, data, errorType, errorInfo, locations, message}; a completed mutation
 * named in a subscription's @aws_subscribe is published to the subscription registry, and the
 * subscriptions a mutation invalidates (extensions.invalidateSubscriptions) are closed.
 */
import {
  execute, getDirectiveValues, Kind, OperationTypeNode, parse, type GraphQLError, validate, type DocumentNode, type ExecutionResult,
  type GraphQLFieldResolver, type GraphQLObjectType, type GraphQLResolveInfo, type GraphQLSchema, type OperationDefinitionNode,
} from 'graphql';
import { RESOLVERS, type ResolverDef } from '../../resolvers/map.ts';
import type { DataSource } from './datasources/types.ts';
import type { Identity } from './jwt.ts';
import { isIamIdentity, type IamIdentity } from './iam.ts';
import { checkDepth, screenDocument, screenText, takeResolver, type LimitError } from './limits.ts';
import type { LoadedResolvers } from './loader.ts';
import { runPipeline } from './pipeline.ts';
import { internalErrorEntry } from './internal-errors.ts';
import type { AppSyncErrorEntry, InvalidationRequest, SubscriptionFilter } from './runtime/state.ts';
import { selectedFieldNames, selectionSetGraphQL, selectionSetList } from './selection.ts';
import type { SubscriptionRegistry } from './subscriptions.ts';

export interface OperationRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  identity: Identity | IamIdentity;
  headers: Record<string, string>;
  domainName?: string | null;
}

export interface AppSyncErrorJson {
  path?: readonly (string | number)[] | null;
  data?: unknown;
  errorType?: string | null;
  errorInfo?: unknown;
  locations?: { line: number; column: number; sourceName: null }[] | null;
  message: string;
}

export interface GraphqlResponse {
  status: number;
  body: { data?: unknown; errors?: AppSyncErrorJson[] };
}

export interface PreparedSubscription {
  fieldName: string;
  args: Record<string, unknown>;
  filter: SubscriptionFilter | null;
  /** extensions.setSubscriptionInvalidationFilter: an invalidation whose payload matches closes the subscription. */
  invalidationFilter: SubscriptionFilter | null;
  /** The `data` message payload for one published event. */
  render(payload: unknown): Promise<{ data: unknown; errors?: AppSyncErrorJson[] }>;
}

export interface ExecutorOptions {
  schema: GraphQLSchema;
  resolvers: LoadedResolvers;
  dataSource(name: string): DataSource;
  registry: SubscriptionRegistry;
  env?: Record<string, string>;
  clock?: () => Date;
}

/** A field failed in its resolver (util.error, unauthorized, code error). */
export class FieldFailure extends Error {
  constructor(readonly entry: AppSyncErrorEntry) {
    super(entry.message);
  }
}

interface ExecContext {
  request: OperationRequest;
  mode: 'operation' | 'subscribe' | 'event';
  appended: AppSyncErrorJson[];
  toPublish: { field: string; payload: unknown }[];
  /** extensions.invalidateSubscriptions of the operation's mutations, applied once it completes. */
  toInvalidate?: InvalidationRequest[];
  subscription?: { fieldName: string; args: Record<string, unknown>; filter: SubscriptionFilter | null; invalidationFilter: SubscriptionFilter | null };
  event?: unknown;
}

const limitFailure = (error: LimitError) => new FieldFailure({ ...error, data: null, errorInfo: null });
const limitRefusal = (error: LimitError): GraphqlResponse => ({ status: 200, body: { data: null, errors: [{ path: null, data: null, errorInfo: null, locations: null, ...error }] } });

const loc = (l: { line: number; column: number }) => ({ line: l.line, column: l.column, sourceName: null });

export function formatError(error: GraphQLError): AppSyncErrorJson {
  const original = error.originalError;
  const locations = error.locations?.map(loc) ?? null;
  if (original instanceof FieldFailure && original.entry.errorType !== 'Code') {
    const e = original.entry;
    return { path: error.path ?? null, data: e.data ?? null, errorType: e.errorType ?? null, errorInfo: e.errorInfo ?? null, locations, message: e.message };
  }
  // Request errors (a variable that does not fit its type, a scalar that does not parse) come before
  // execution and have no path: the caller gets graphql-js's message, which quotes only the request.
  if (!error.path) return { path: null, locations, message: error.message };
  // A resolver code error or an exception while executing: generic, detail logged (local/appsync/internal-errors.ts).
  if (original) return { path: error.path ?? null, locations, ...internalErrorEntry(error.path, original instanceof FieldFailure ? original.entry : original, original instanceof FieldFailure ? 'Code' : 'Exception') };
  return { path: error.path ?? null, locations, message: error.message };
}

const AUTH_DIRECTIVES = ['aws_iam', 'aws_cognito_user_pools', 'aws_auth', 'aws_api_key', 'aws_oidc', 'aws_lambda'];

/**
 * Whether the caller's auth mode may call a root field, as AppSync decides with several modes: the
 * field's auth directives, else its type's, else the default mode (Cognito user pools). An IAM
 * caller reaches only @aws_iam; a Cognito caller anything without directives or with
 * @aws_cognito_user_pools / @aws_auth. (Nested types' directives are not checked here.)
 */
function modeAllowed(type: GraphQLObjectType, fieldName: string, identity: Identity | IamIdentity): boolean {
  const names = (node: { directives?: readonly { name: { value: string } }[] } | null | undefined) => (node?.directives ?? []).map((d) => d.name.value).filter((n) => AUTH_DIRECTIVES.includes(n));
  const onField = names(type.getFields()[fieldName].astNode);
  const modes = onField.length ? onField : names(type.astNode);
  if (isIamIdentity(identity)) return modes.includes('aws_iam');
  return modes.length === 0 || modes.includes('aws_cognito_user_pools') || modes.includes('aws_auth');
}

/** Whether the caller's groups pass @aws_auth / @aws_cognito_user_pools(cognito_groups) on a field. */
function groupsAllowed(schema: GraphQLSchema, type: GraphQLObjectType, fieldName: string, identity: Identity | IamIdentity): boolean {
  if (isIamIdentity(identity)) return true;
  const field = type.getFields()[fieldName];
  for (const name of ['aws_auth', 'aws_cognito_user_pools']) {
    const directive = schema.getDirective(name);
    if (!directive) continue;
    for (const node of [field.astNode, type.astNode]) {
      const values = node ? (getDirectiveValues(directive, node) as { cognito_groups?: string[] } | undefined) : undefined;
      if (values?.cognito_groups && values.cognito_groups.length > 0) {
        return (identity.groups ?? []).some((g) => values.cognito_groups!.includes(g));
      }
      if (values) break;
    }
  }
  return true;
}

export function createExecutor(options: ExecutorOptions) {
  const { schema, registry } = options;

  const pipelineResolver = (def: ResolverDef): GraphQLFieldResolver<unknown, ExecContext> => async (source, args, context, info: GraphQLResolveInfo) => {
    const overLimit = takeResolver(context); // resolverCountLimit (local/appsync/limits.ts)
    if (overLimit) throw limitFailure(overLimit);
    if (def.typeName === 'Subscription' && context.mode === 'event') return context.event;
    if (def.typeName === 'Subscription' && context.mode !== 'subscribe') {
      throw new FieldFailure({ message: 'Subscriptions are only available on the realtime endpoint', errorType: 'BadRequestException', data: null, errorInfo: null });
    }
    const identity = context.request.identity;
    if (!modeAllowed(info.parentType, info.fieldName, identity) || !groupsAllowed(schema, info.parentType, info.fieldName, identity)) {
      throw new FieldFailure({ message: `Not Authorized to access ${info.fieldName} on type ${info.parentType.name}`, errorType: 'Unauthorized', data: null, errorInfo: null });
    }
    const outcome = await runPipeline({
      resolvers: options.resolvers,
      def,
      dataSource: options.dataSource,
      arguments: { ...args },
      identity,
      source: source ?? null,
      info: { fieldName: info.fieldName, parentTypeName: info.parentType.name, variables: { ...(info.variableValues ?? {}) }, selectionSetList: selectionSetList(info), selectionSetGraphQL: selectionSetGraphQL(info) },
      request: { headers: context.request.headers, domainName: context.request.domainName ?? null },
      env: options.env,
      clock: options.clock,
    });
    const path = [...pathOf(info)];
    const locations = info.fieldNodes.map((n) => n.loc && { line: n.loc.startToken.line, column: n.loc.startToken.column }).filter(Boolean).map((l) => loc(l!));
    for (const e of outcome.appendedErrors) context.appended.push({ path, data: e.data, errorType: e.errorType, errorInfo: e.errorInfo, locations, message: e.message });
    if (outcome.error) throw new FieldFailure(outcome.error);
    if (def.typeName === 'Subscription') {
      context.subscription = { fieldName: info.fieldName, args: { ...args }, filter: outcome.subscriptionFilter, invalidationFilter: outcome.subscriptionInvalidationFilter };
    }
    if (def.typeName === 'Mutation' && outcome.invalidations.length) (context.toInvalidate ??= []).push(...outcome.invalidations);
    if (def.typeName === 'Mutation' && registry.isTrigger(info.fieldName) && outcome.value && typeof outcome.value === 'object') {
      // AppSync publishes the mutation's *selected* fields: unselected ones are not in the event.
      const selected = selectedFieldNames(info);
      const payload = Object.fromEntries(Object.entries(outcome.value as Record<string, unknown>).filter(([k]) => selected.includes(k)));
      context.toPublish.push({ field: info.fieldName, payload });
    }
    return outcome.value;
  };

  for (const def of RESOLVERS) {
    const type = schema.getType(def.typeName) as GraphQLObjectType | undefined;
    const field = type?.getFields()[def.fieldName];
    if (!field) throw new Error(`resolvers/map.ts names ${def.typeName}.${def.fieldName}, which schema.graphql does not define`);
    field.resolve = pipelineResolver(def) as GraphQLFieldResolver<unknown, unknown>;
  }

  type Parsed = { document: DocumentNode; operation: OperationDefinitionNode } | GraphqlResponse;
  const parseAndValidate = (query: unknown, operationName: string | null | undefined): Parsed => {
    if (typeof query !== 'string' || query.trim() === '') {
      return { status: 400, body: { errors: [{ errorType: 'MalformedHttpRequestException', message: 'Invalid request: query is required.' }] } };
    }
    const unparseable = screenText(query); // nesting graphql-js cannot parse without overflowing its stack
    if (unparseable) return limitRefusal(unparseable);
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: 10_000 });
    } catch (err) {
      return { status: 400, body: { errors: [{ errorType: 'MalformedHttpRequestException', message: `Unable to parse GraphQL query: ${(err as Error).message}` }] } };
    }
    const nested = screenDocument(document);
    if (nested) return limitRefusal(nested);
    const invalid = validate(schema, document);
    if (invalid.length > 0) {
      return { status: 200, body: { data: null, errors: invalid.map((e) => ({ path: null, locations: e.locations?.map(loc) ?? null, message: `Validation error: ${e.message}` })) } };
    }
    const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
    if (!operation) {
      return { status: 400, body: { errors: [{ errorType: 'BadRequestException', message: operationName ? `Unknown operation named "${operationName}".` : 'Must provide operation name if query contains multiple operations.' }] } };
    }
    const tooDeep = checkDepth(document, operation); // queryDepthLimit (local/appsync/limits.ts)
    if (tooDeep) return limitRefusal(tooDeep);
    return { document, operation };
  };

  const run = async (document: DocumentNode, request: OperationRequest, context: ExecContext): Promise<ExecutionResult> =>
    execute({ schema, document, contextValue: context, variableValues: request.variables ?? undefined, operationName: request.operationName ?? undefined });

  const toBody = (result: ExecutionResult, context: ExecContext) => {
    const errors = [...(result.errors ?? []).map(formatError), ...context.appended];
    return { data: result.data ?? null, ...(errors.length ? { errors } : {}) };
  };

  return {
    schema,

    async execute(request: OperationRequest): Promise<GraphqlResponse> {
      const parsed = parseAndValidate(request.query, request.operationName);
      if ('status' in parsed) return parsed;
      const context: ExecContext = { request, mode: 'operation', appended: [], toPublish: [] };
      const result = await run(parsed.document, request, context);
      for (const { field, payload } of context.toPublish) registry.publish(field, payload);
      for (const { subscriptionField, payload } of context.toInvalidate ?? []) registry.invalidate(subscriptionField, payload);
      return { status: 200, body: toBody(result, context) };
    },

    /** Runs a subscription's pipeline (authorize etc.) at subscribe time; errors mean "refused". */
    async prepareSubscription(request: OperationRequest): Promise<PreparedSubscription | { errors: AppSyncErrorJson[] }> {
      const parsed = parseAndValidate(request.query, request.operationName);
      if ('status' in parsed) return { errors: parsed.body.errors ?? [] };
      if (parsed.operation.operation !== OperationTypeNode.SUBSCRIPTION) return { errors: [{ errorType: 'UnsupportedOperation', message: 'Only subscription operations can be started on the realtime endpoint.' }] };
      const context: ExecContext = { request, mode: 'subscribe', appended: [], toPublish: [] };
      const result = await run(parsed.document, request, context);
      const errors = [...(result.errors ?? []).map(formatError), ...context.appended];
      if (errors.length || !context.subscription) return { errors: errors.length ? errors : [{ message: 'Subscription could not be started' }] };
      const { fieldName, args, filter, invalidationFilter } = context.subscription;
      const document = parsed.document;
      return {
        fieldName,
        args,
        filter,
        invalidationFilter,
        render: async (payload) => {
          const eventContext: ExecContext = { request, mode: 'event', appended: [], toPublish: [], event: payload };
          return toBody(await run(document, request, eventContext), eventContext);
        },
      };
    },
  };
}

export type Executor = ReturnType<typeof createExecutor>;

function pathOf(info: GraphQLResolveInfo): (string | number)[] {
  const out: (string | number)[] = [];
  for (let p: GraphQLResolveInfo['path'] | undefined = info.path; p; p = p.prev) out.unshift(p.key);
  return out;
}

