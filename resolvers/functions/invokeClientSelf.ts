/**
 * ClientSelf.invoke (data source: Lambda:client-self; issue 12): clientMe, clientAppointments and
 * editClientProfile for the client principal, after CLIENT_AUTHORIZE (resolvers/map.ts). The Lambda
 * gets only the caller's usable links from the stash — never ids from arguments it has not checked
 * against them — and audits each practice it reads or writes. Page tokens are sealed here to the
 * caller and the field (resolvers/shared/page-token.ts); the Lambda sees only its own cursor.
 */
import { type LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import { filterHash, openPageToken, sealPageToken, type PageBinding } from '../shared/page-token.ts';
import type { ClientResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationEditClientProfileArgs, QueryClientAppointmentsArgs } from '../../domain/graphql.generated.ts';

/** clientMe (no arguments), clientAppointments, editClientProfile. */
type Ctx = ClientResolverContext<SharedArgs<QueryClientAppointmentsArgs | MutationEditClientProfileArgs>>;

/** Client principals have no practice of their own: their page tokens are bound to this marker and their sub. */
const CLIENT_SCOPE = 'CLIENT';

function binding(ctx: Ctx): PageBinding {
  return { practiceId: CLIENT_SCOPE, sub: ctx.stash.client.sub, query: ctx.info.parentTypeName + '.' + ctx.info.fieldName, filter: filterHash([]) };
}

export function request(ctx: Ctx): LambdaRequest {
  const client = ctx.stash.client;
  const cursor = ctx.info.fieldName === 'clientAppointments' ? openPageToken(ctx.args.nextToken, binding(ctx)) : undefined;
  return {
    operation: 'Invoke',
    payload: {
      field: ctx.info.fieldName,
      client: { sub: client.sub, email: client.email, links: client.links, practices: client.practices },
      cursor: cursor || null,
      args: { practiceId: ctx.args.practiceId, phone: ctx.args.phone, preferredChannel: ctx.args.preferredChannel },
    },
  };
}

export function response(ctx: Ctx): unknown {
  lambdaResult(ctx);
  const result = ctx.result as Record<string, unknown>;
  if (ctx.info.fieldName === 'clientAppointments') {
    return { items: result.items, nextToken: sealPageToken(result.nextToken, binding(ctx)) };
  }
  return result;
}
