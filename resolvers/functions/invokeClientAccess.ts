/**
 * ClientAccess.invoke (data source: Lambda:client-access; issue 12): getClientPortalAccess,
 * inviteClientToPortal, revokeClientPortalAccess (after ClientAccess.client, which found the client
 * in the caller's reach), getClientPortalDetails and addClientPortal. The practice and the caller
 * come from the authorize step, never from arguments.
 */
import { extensions, type LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationAddClientPortalArgs, MutationInviteClientToPortalArgs, MutationRevokeClientPortalAccessArgs, QueryGetClientPortalAccessArgs } from '../../domain/graphql.generated.ts';

/** getClientPortalAccess, inviteClientToPortal, revokeClientPortalAccess, getClientPortalDetails (no arguments), addClientPortal. */
type Ctx = ResolverContext<SharedArgs<QueryGetClientPortalAccessArgs | MutationInviteClientToPortalArgs | MutationRevokeClientPortalAccessArgs | MutationAddClientPortalArgs>>;

/** Client subscription fields, closed for a client whose access is revoked. */
const CLIENT_SUBSCRIPTION_FIELDS = ['onClientMessage'];

export function request(ctx: Ctx): LambdaRequest {
  const caller = ctx.stash.caller;
  return {
    operation: 'Invoke',
    payload: {
      field: ctx.info.fieldName,
      caller: { sub: caller.sub, practiceId: caller.practiceId },
      client: ctx.stash.portalClient || null,
      args: { name: ctx.args.name, providerId: ctx.args.providerId, greeting: ctx.args.greeting, enabled: ctx.args.enabled },
    },
  };
}

export function response(ctx: Ctx): unknown {
  lambdaResult(ctx);
  const actions: Record<string, string> = {
    getClientPortalAccess: 'clientPortal.read',
    inviteClientToPortal: 'clientPortal.invite',
    revokeClientPortalAccess: 'clientPortal.revoke',
    addClientPortal: 'clientPortal.settings',
  };
  const action = actions[ctx.info.fieldName];
  if (action) {
    const client = ctx.stash.portalClient;
    ctx.stash.audit = { action: action, entityType: client ? 'Client' : 'ClientPortal', entityId: client ? client.id : ctx.stash.caller.practiceId };
  }
  const result = ctx.result as Record<string, unknown>;
  // A revoked client's open subscriptions close now (they re-subscribe through authorizeClient, without this link).
  const revokedSub = result.closeSubscriptionsOf;
  if (typeof revokedSub === 'string' && revokedSub.length > 0) {
    CLIENT_SUBSCRIPTION_FIELDS.forEach((subscriptionField) => extensions.invalidateSubscriptions({ subscriptionField, payload: { userId: revokedSub } }));
  }
  const out: Record<string, unknown> = {};
  Object.keys(result).forEach((key) => {
    if (key !== 'closeSubscriptionsOf') {
      out[key] = result[key];
    }
  });
  return out;
}
