/**
 * Runs one field's pipeline resolver with AppSync's semantics:
 *   pipeline request → for each function: request → data source → response → pipeline response.
 * ctx = {arguments, args, identity, source, stash, prev: {result}, info, request: {headers,
 * domainName}, env, result, error}; `stash` is shared by every step; `prev.result` is the
 * previous step's output. util.error/unauthorized stop the whole field (→ field error, data null);
 * util.appendError adds an error and carries on; runtime.earlyReturn in a function's request
 * skips its data source and response (skipTo END: straight to the pipeline response), and in the
 * pipeline request skips every function. A data-source failure reaches the function's response
 * handler as ctx.error {message, type}.
 */
import type { ResolverDef } from '../../resolvers/map.ts';
import type { LoadedResolvers, ResolverCode } from './loader.ts';
import type { DataSource } from './datasources/types.ts';
import { isIamIdentity } from './iam.ts';
import {
  errorSignal, isEarlyReturnSignal, isErrorSignal, newInvocation, withInvocation,
  type AppSyncErrorEntry, type InvalidationRequest, type SubscriptionFilter,
} from './runtime/state.ts';

export interface FieldInfo {
  fieldName: string;
  parentTypeName: string;
  variables: Record<string, unknown>;
  selectionSetList: string[];
  selectionSetGraphQL: string;
}

export interface PipelineInput {
  resolvers: LoadedResolvers;
  def: ResolverDef;
  dataSource(name: string): DataSource;
  arguments: Record<string, unknown>;
  identity: unknown;
  source: unknown;
  info: FieldInfo;
  request: { headers: Record<string, string>; domainName: string | null };
  env?: Record<string, string>;
  clock?: () => Date;
}

export interface PipelineOutcome {
  /** Set when the field failed (util.error, unauthorized, runtime error): its value is null. */
  error: AppSyncErrorEntry | null;
  value: unknown;
  appendedErrors: AppSyncErrorEntry[];
  subscriptionFilter: SubscriptionFilter | null;
  subscriptionInvalidationFilter: SubscriptionFilter | null;
  invalidations: InvalidationRequest[];
}

type Step = { kind: 'value'; value: unknown } | { kind: 'early'; value: unknown; skipTo: 'END' | 'NEXT' | null } | { kind: 'error'; error: AppSyncErrorEntry };

/** Exceptions that are not AppSync signals: a bug in resolver code (APPSYNC_JS reports a code error). */
function codeError(err: unknown): AppSyncErrorEntry {
  const e = err as { name?: string; message?: string };
  return { message: `${e?.name ?? 'Error'}: ${e?.message ?? String(err)}`, errorType: 'Code', data: null, errorInfo: null };
}

export async function runPipeline(input: PipelineInput): Promise<PipelineOutcome> {
  const invocation = newInvocation({ now: input.clock, typeName: input.info.parentTypeName, fieldName: input.info.fieldName, authType: isIamIdentity(input.identity) ? 'IAM Authorization' : 'User Pool Authorization' });
  const ctx: Record<string, unknown> = {
    arguments: input.arguments,
    args: input.arguments,
    identity: input.identity,
    source: input.source ?? null,
    stash: {},
    prev: { result: null },
    info: input.info,
    request: input.request,
    env: input.env ?? {},
    result: undefined,
    error: undefined,
  };
  const call = (code: ResolverCode, handler: 'request' | 'response'): Step => {
    try {
      return { kind: 'value', value: withInvocation(invocation, () => code[handler](ctx)) };
    } catch (err) {
      if (isErrorSignal(err)) return { kind: 'error', error: { message: err.message, errorType: err.errorType, data: err.data, errorInfo: err.errorInfo } };
      if (isEarlyReturnSignal(err)) return { kind: 'early', value: err.value, skipTo: err.skipTo };
      return { kind: 'error', error: codeError(err) };
    }
  };
  const done = (error: AppSyncErrorEntry | null, value: unknown): PipelineOutcome => ({
    error,
    value: error ? null : value ?? null,
    appendedErrors: invocation.appendedErrors,
    subscriptionFilter: invocation.subscriptionFilter,
    subscriptionInvalidationFilter: invocation.subscriptionInvalidationFilter,
    invalidations: invocation.invalidations,
  });

  const before = call(input.resolvers.pipeline, 'request');
  if (before.kind === 'error') return done(before.error, null);
  let prev = before.value;
  if (before.kind !== 'early') {
    for (const name of input.def.pipeline) {
      const fn = input.resolvers.functions.get(name);
      if (!fn) return done(errorSignal(`Pipeline function ${name} is not in the resolver map`, 'Code'), null);
      ctx.prev = { result: prev };
      ctx.result = undefined;
      ctx.error = undefined;
      const req = call(fn.code, 'request');
      if (req.kind === 'error') return done(req.error, null);
      if (req.kind === 'early') {
        prev = req.value;
        if (req.skipTo === 'END') break;
        continue;
      }
      const outcome = await input.dataSource(fn.def.dataSource)(req.value, {
        arguments: ctx.arguments, identity: ctx.identity, source: ctx.source, request: ctx.request, info: ctx.info, prev: ctx.prev, stash: ctx.stash,
      });
      ctx.result = outcome.result;
      if (outcome.error) ctx.error = outcome.error;
      const res = call(fn.code, 'response');
      if (res.kind === 'error') return done(res.error, null);
      prev = res.value;
      if (res.kind === 'early' && res.skipTo === 'END') break;
    }
  }
  ctx.prev = { result: prev };
  ctx.result = prev;
  ctx.error = undefined;
  const after = call(input.resolvers.pipeline, 'response');
  if (after.kind === 'error') return done(after.error, null);
  return done(null, after.value);
}
