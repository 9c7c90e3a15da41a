/**
 * ClientAccess.invoke (data source: Lambda:client-access; issue 12): getClientPortalAccess,
 * inviteClientToPortal, revokeClientPortalAccess (after ClientAccess.client, which found the client
 * in the caller's reach), getClientPortalDetails and addClientPortal. The practice and the caller
 * come from the authorize step, never from arguments.
 */
import { type Context, type LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';

export function request(ctx: Context): LambdaRequest {
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

export function response(ctx: Context): unknown {
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
  return ctx.result;
}
