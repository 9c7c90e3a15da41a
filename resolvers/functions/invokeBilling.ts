/**
 * Billing.invoke (data source: Lambda:billing; issue 15): client billing for a clinician-side
 * caller — the catalog, a client's billing and fees, invoices, payments, the billing list and the
 * invoice PDF. The caller (sub, practice, roles) comes from `authorize`, never from arguments; how
 * far their billing reaches (the practice, or their own clients) is the Lambda's
 * (functions/billing/request.ts billingScope). The Lambda's answer {data, audit, nextToken}: the
 * audit note goes to the `audit` step; the list's cursor is sealed to this caller and field.
 */
import { type LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import { memberInvoke, sealedPage } from '../shared/member-invoke.ts';
import type { AnyArgs, ResolverContext } from '../shared/context.ts';

function listFilter(ctx: ResolverContext<AnyArgs>): unknown[] {
  if (ctx.info.fieldName === 'listBillingDocuments') return [ctx.args.kind, ctx.args.from, ctx.args.to, ctx.args.clientId];
  return [ctx.args.filter, ctx.args.from, ctx.args.to, ctx.args.clientId, ctx.args.clinicianId];
}

/** The paged fields: their cursor is sealed to the caller, the field and the filter. */
function isPaged(ctx: ResolverContext<AnyArgs>): boolean {
  return ctx.info.fieldName === 'listBilling' || ctx.info.fieldName === 'listBillingDocuments';
}

export function request(ctx: ResolverContext<AnyArgs>): LambdaRequest {
  return memberInvoke(ctx, isPaged(ctx) ? listFilter(ctx) : null);
}

export function response(ctx: ResolverContext<AnyArgs>): unknown {
  const answer = lambdaResult(ctx) as { data: Record<string, unknown>; audit?: Record<string, unknown> | null; nextToken?: string | null };
  if (answer.audit) {
    ctx.stash.audit = answer.audit as never;
  }
  if (isPaged(ctx)) {
    return sealedPage(ctx, answer.data.items, answer.nextToken, listFilter(ctx));
  }
  return answer.data;
}
