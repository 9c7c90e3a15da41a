/**
 * Evaluate one handler of one resolver bundle locally, like AppSync's EvaluateCode API: for
 * resolver unit tests (frozen clock, no data source) and for debugging.
 *
 *   const authorize = await loadResolverEntry('resolvers/functions/authorize.ts');
 *   const out = evaluate(authorize, 'response', { identity, result: membership, info: { parentTypeName: 'Query', fieldName: 'me' } }, { now: new Date('2025-01-01T00:00:00Z') });
 *   out.error?.errorType === 'Unauthorized'
 */
import { bundleResolverSync } from '../../resolvers/bundle.ts';
import { loadBundle, type ResolverCode } from './loader.ts';
import {
  isEarlyReturnSignal, isErrorSignal, newInvocation, withInvocation,
  type AppSyncErrorEntry, type InvalidationRequest, type SubscriptionFilter,
} from './runtime/state.ts';

export interface EvaluationContext {
  arguments?: Record<string, unknown>;
  identity?: unknown;
  source?: unknown;
  stash?: Record<string, unknown>;
  prev?: { result: unknown };
  result?: unknown;
  error?: { message: string; type: string };
  info?: Partial<{ fieldName: string; parentTypeName: string; variables: Record<string, unknown>; selectionSetList: string[]; selectionSetGraphQL: string }>;
  request?: { headers: Record<string, string>; domainName: string | null };
  env?: Record<string, string>;
}

export interface Evaluation {
  /** The handler's return value (or the earlyReturn value). */
  result: unknown;
  /** util.error / util.unauthorized / a code error. */
  error: AppSyncErrorEntry | null;
  earlyReturn: { skipTo: 'END' | 'NEXT' | null } | null;
  /** The context after the call (stash and all). */
  ctx: Record<string, unknown> & { stash: Record<string, unknown> };
  appendedErrors: AppSyncErrorEntry[];
  subscriptionFilter: SubscriptionFilter | null;
  subscriptionInvalidationFilter: SubscriptionFilter | null;
  invalidations: InvalidationRequest[];
}

/** Bundles a resolver source file (as deployed) and loads it against the local runtime. */
export function loadResolverEntry(entry: string): Promise<ResolverCode> {
  return loadBundle(bundleResolverSync(entry), entry.replace(/[/\\]/g, '_'));
}

export function evaluate(code: ResolverCode, handler: 'request' | 'response', context: EvaluationContext = {}, options: { now?: Date | (() => Date) } = {}): Evaluation {
  const info = { fieldName: 'field', parentTypeName: 'Query', variables: {}, selectionSetList: [], selectionSetGraphQL: '', ...context.info };
  const args = context.arguments ?? {};
  const ctx = {
    arguments: args,
    args,
    identity: context.identity ?? null,
    source: context.source ?? null,
    stash: context.stash ?? {},
    prev: context.prev ?? { result: null },
    info,
    request: context.request ?? { headers: {}, domainName: null },
    env: context.env ?? {},
    result: context.result,
    error: context.error,
  };
  const fixed = options.now;
  const invocation = newInvocation({
    now: typeof fixed === 'function' ? fixed : fixed ? () => new Date(fixed.getTime()) : undefined,
    typeName: info.parentTypeName,
    fieldName: info.fieldName,
  });
  const base = () => ({
    ctx,
    appendedErrors: invocation.appendedErrors,
    subscriptionFilter: invocation.subscriptionFilter,
    subscriptionInvalidationFilter: invocation.subscriptionInvalidationFilter,
    invalidations: invocation.invalidations,
  });
  try {
    const result = withInvocation(invocation, () => code[handler](ctx));
    return { result, error: null, earlyReturn: null, ...base() };
  } catch (err) {
    if (isErrorSignal(err)) return { result: null, error: { message: err.message, errorType: err.errorType, data: err.data, errorInfo: err.errorInfo }, earlyReturn: null, ...base() };
    if (isEarlyReturnSignal(err)) return { result: err.value, error: null, earlyReturn: { skipTo: err.skipTo }, ...base() };
    const e = err as Error;
    return { result: null, error: { message: `${e?.name}: ${e?.message}`, errorType: 'Code', data: null, errorInfo: null }, earlyReturn: null, ...base() };
  }
}
