/**
 * ClientBilling.invoke (data source: Lambda:billing; issue 15): the client principal's invoices and
 * balance at each linked practice (clientInvoices), an invoice's PDF (clientInvoicePdf) and paying
 * by card (clientPayInvoices: the checkout page), after CLIENT_AUTHORIZE. The Lambda gets only the usable links from the stash and checks every id
 * against them; it audits each practice it reads.
 */
import { type LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import type { ClientResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationClientPayInvoicesArgs, QueryClientInvoicePdfArgs } from '../../domain/graphql.generated.ts';

/** clientInvoices (no arguments), clientInvoicePdf and clientPayInvoices. */
type Ctx = ClientResolverContext<SharedArgs<QueryClientInvoicePdfArgs & MutationClientPayInvoicesArgs>>;

export function request(ctx: Ctx): LambdaRequest {
  const client = ctx.stash.client;
  return {
    operation: 'Invoke',
    payload: { field: ctx.info.fieldName, client: { sub: client.sub, links: client.links }, args: { practiceId: ctx.args.practiceId, id: ctx.args.id, invoiceIds: ctx.args.invoiceIds, requestId: ctx.args.requestId } },
  };
}

export function response(ctx: Ctx): unknown {
  const answer = lambdaResult(ctx) as { data: unknown };
  return answer.data;
}
