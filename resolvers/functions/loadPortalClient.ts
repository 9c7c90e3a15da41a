/**
 * ClientAccess.client (data source: PracticeTable): the client named by `ctx.args.clientId`, in the
 * caller's practice (keys from the membership, never from arguments), before reading, inviting or
 * revoking their portal access (issue 12). Missing, another practice's, or outside an 'own' scope:
 * all the same NotFound, nothing written. Stashes what the invitation needs: id, e-mail, status.
 */
import { util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { clientKey, MAX_LENGTH } from '../../domain/client.ts';
import { clientScope } from '../../domain/permissions.ts';
import type { PortalClient, ResolverContext } from '../shared/context.ts';
import type { QueryGetClientPortalAccessArgs } from '../../domain/graphql.generated.ts';

/** Every field after it names the client by `clientId` (portal access, documents, companion, assessments, insurance…). */
type Ctx = ResolverContext<Pick<QueryGetClientPortalAccessArgs, 'clientId'>>;

export function request(ctx: Ctx): DynamoDBGetItemRequest {
  const id = ctx.args.clientId;
  if (!id || typeof id !== 'string' || id.length > MAX_LENGTH.id) {
    util.error('Client not found', 'NotFound');
  }
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(clientKey(ctx.stash.caller.practiceId, id)), consistentRead: true };
}

export function response(ctx: Ctx): Record<string, unknown> {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const caller = ctx.stash.caller;
  const item = ctx.result as Record<string, unknown> | null;
  if (!item || (clientScope(caller.roles) === 'own' && item.therapistId !== caller.sub)) {
    util.error('Client not found', 'NotFound');
  }
  const found = item;
  const contact = (found.contact || {}) as { email?: string };
  const portalClient: PortalClient = { id: found.id as string, email: contact.email || null, status: found.status as string };
  ctx.stash.portalClient = portalClient;
  return portalClient;
}
