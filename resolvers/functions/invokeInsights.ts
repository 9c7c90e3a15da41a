/**
 * Insights.invoke (data source: Lambda:insights; issue 13): one chart's series for /app/insights.
 * Sends the caller as `authorize` stashed it from the membership (sub, practice, roles, groups and
 * the plan — never from arguments): the Lambda decides which charts and parts of a chart the rights
 * and plan reach, and the scope (practice or own clients). Not paged. The Lambda's audit note goes
 * to the `audit` step (insights.read, the client's id for a client's chart).
 */
import { type LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import { memberInvoke } from '../shared/member-invoke.ts';
import type { AnyArgs, AuditNote, ResolverContext } from '../shared/context.ts';

type Ctx = ResolverContext<AnyArgs>;

export function request(ctx: Ctx): LambdaRequest {
  return memberInvoke(ctx, null);
}

export function response(ctx: Ctx): unknown {
  const result = lambdaResult(ctx) as { data?: unknown; audit?: AuditNote | null } | null;
  if (result && result.audit) {
    ctx.stash.audit = result.audit;
  }
  return result ? result.data : null;
}
