// Helpers for paged resolvers in unit tests: run a step's request and then its response with the
// stash the request left (as the pipeline does), and get the sealed token a page hands out.
import { evaluate, type EvaluationContext, type Evaluation } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';

/** request, then response with `result`/`error` and the request's stash. */
export function page(code: ResolverCode, context: EvaluationContext, result: unknown, error?: { message: string; type: string }): Evaluation {
  const req = evaluate(code, 'request', { ...context, stash: { ...(context.stash ?? {}) } });
  if (req.error) throw new Error(`request failed: ${req.error.message}`);
  return evaluate(code, 'response', { ...context, stash: req.ctx.stash, result, error });
}

/** The nextToken a page hands out when the data source's own token is `inner`. */
export function sealedToken(code: ResolverCode, context: EvaluationContext, inner = 'ds-token'): string {
  const out = page(code, context, { items: [], nextToken: inner });
  const token = (out.result as { nextToken?: unknown } | null)?.nextToken;
  if (typeof token !== 'string') throw new Error(`no token: ${JSON.stringify(out.error ?? out.result)}`);
  return token;
}
