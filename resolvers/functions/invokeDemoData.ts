/**
 * DemoData.invoke (data source: Lambda:demo-data; issue 18): the demo data set — load, remove, its
 * state. Sends the caller's sub, practice, roles and groups (from the membership, as authorize
 * stashed them). Loading and removing are audited by the `audit` step (the practice, no values).
 */
import { type LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import { memberInvoke } from '../shared/member-invoke.ts';
import type { ResolverContext } from '../shared/context.ts';

type Row = Record<string, unknown>;
type Ctx = ResolverContext<Row>;

export function request(ctx: Ctx): LambdaRequest {
  return memberInvoke(ctx, null);
}

export function response(ctx: Ctx): unknown {
  const result = lambdaResult(ctx);
  const field = ctx.info.fieldName;
  if (field !== 'getDemoData') {
    ctx.stash.audit = { action: field === 'loadDemoData' ? 'demo.load' : 'demo.remove', entityType: 'Practice', entityId: ctx.stash.caller.practiceId };
  }
  return result;
}
