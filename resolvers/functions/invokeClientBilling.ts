/**
 * ClientBilling.invoke (data source: Lambda:billing; issue 15): the client principal's invoices and
 * balance at each linked practice (clientInvoices) and an invoice's PDF (clientInvoicePdf), after
 * CLIENT_AUTHORIZE. The Lambda gets only the usable links from the stash and checks every id
 * against them; it audits each practice it reads.
 */
import { type LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import type { ClientResolverContext, SharedArgs } from '../shared/context.ts';
import type { QueryClientInvoicePdfArgs } from '../../domain/graphql.generated.ts';

/** clientInvoices (no arguments) and clientInvoicePdf. */
type Ctx = ClientResolverContext<SharedArgs<QueryClientInvoicePdfArgs>>;

export function request(ctx: Ctx): LambdaRequest {
  const client = ctx.stash.client;
  return {
    operation: 'Invoke',
    payload: { field: ctx.info.fieldName, client: { sub: client.sub, links: client.links }, args: { practiceId: ctx.args.practiceId, id: ctx.args.id } },
  };
}

export function response(ctx: Ctx): unknown {
  const answer = lambdaResult(ctx) as { data: unknown };
  return answer.data;
}
