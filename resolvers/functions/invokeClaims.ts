/**
 * Claims.invoke (data source: Lambda:claims; issue 16): insurance claims and ERA posting for a
 * clinician-side caller. The caller (sub, practice, roles) comes from `authorize`, never from
 * arguments; how far it reaches (the practice, or the caller's own claims) is the Lambda's
 * (functions/claims/request.ts claimScope). The Lambda's answer {data, audit, nextToken}: the audit
 * note goes to the `audit` step; listClaims' cursor is sealed to this caller, field and stage.
 */
import type { LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import { openPageToken, pageBinding, sealPageToken } from '../shared/page-token.ts';
import type { AnyArgs, ResolverContext } from '../shared/context.ts';

export function request(ctx: ResolverContext<AnyArgs>): LambdaRequest {
  const caller = ctx.stash.caller;
  const isList = ctx.info.fieldName === 'listClaims';
  const cursor = isList ? openPageToken(ctx.args.nextToken, pageBinding(ctx, [ctx.args.stage])) : undefined;
  return {
    operation: 'Invoke',
    payload: {
      field: ctx.info.fieldName,
      caller: { sub: caller.sub, practiceId: caller.practiceId, roles: caller.roles },
      cursor: cursor || null,
      args: ctx.args,
    },
  };
}

export function response(ctx: ResolverContext<AnyArgs>): unknown {
  const answer = lambdaResult(ctx) as { data: Record<string, unknown>; audit?: Record<string, unknown> | null; nextToken?: string | null };
  if (answer.audit) {
    ctx.stash.audit = answer.audit as never;
  }
  if (ctx.info.fieldName === 'listClaims') {
    return { items: answer.data.items, nextToken: sealPageToken(answer.nextToken, pageBinding(ctx, [ctx.args.stage])) };
  }
  return answer.data;
}
