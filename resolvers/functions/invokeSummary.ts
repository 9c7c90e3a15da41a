/**
 * Summary.invoke (data source: Lambda:summary; issue 18): the clients summary. Sends the caller's
 * sub, practice, roles and groups (from the membership, as authorize stashed them); the Lambda
 * picks the scope (practice or own). Audited by the `audit` step: the action and the ids of the
 * clients the summary names (the inactive list) — never a name or a count.
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
  const result = lambdaResult(ctx) as Row;
  const inactive = (result.inactive as Row[]) || [];
  ctx.stash.audit = { action: 'clients.summary.read', entityType: 'Client', entityId: null, entityIds: inactive.map((r) => r.clientId as string) };
  return result;
}
