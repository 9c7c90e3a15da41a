/**
 * Lambda data source (`Lambda:<name>`): calls the injected `invokeLambda(name, event)`, where
 * the handlers of functions/ run in-process. `{operation: 'Invoke', payload}` sends `payload`;
 * a request without `payload` sends AppSync's direct-resolver event
 * {arguments, identity, source, request, info, prev, stash}. A thrown error becomes ctx.error
 * {message: its message, type: 'Lambda:Unhandled'} whatever errorType/errorInfo it carries, as
 * AppSync reports every function error ("Only the error message returned from Lambda is set in
 * the response", AppSync Lambda resolver tutorial, "Returning errors"): refusals must therefore be
 * returned as data (functions/shared/refusal.ts), and local tests see what AWS does.
 */
import type { DataSource } from './types.ts';

export type InvokeLambda = (name: string, event: unknown) => Promise<unknown>;

export function lambdaDataSource(name: string, invokeLambda: InvokeLambda | undefined): DataSource {
  return async (request, ctx) => {
    if (!invokeLambda) return { result: null, error: { message: `No local Lambda runtime configured for ${name}`, type: 'Lambda:ServiceException' } };
    const req = (request ?? {}) as { operation?: string; payload?: unknown };
    if (req.operation === 'BatchInvoke') return { result: null, error: { message: 'BatchInvoke is not supported locally', type: 'Lambda:ServiceException' } };
    const event = 'payload' in req ? req.payload : { arguments: ctx.arguments, identity: ctx.identity, source: ctx.source, request: ctx.request, info: ctx.info, prev: ctx.prev, stash: ctx.stash };
    try {
      return { result: (await invokeLambda(name, event)) ?? null };
    } catch (err) {
      const e = err as { message?: unknown } | null;
      return { result: null, error: { message: typeof e?.message === 'string' ? e.message : 'Lambda function failed', type: 'Lambda:Unhandled' } };
    }
  };
}
