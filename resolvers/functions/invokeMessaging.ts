/**
 * Messaging.invoke (data source: Lambda:messaging): the writes of secure messaging and the
 * attachments' presigned URLs (functions/messaging). The caller comes from `authorize` (a member)
 * or CLIENT_AUTHORIZE (a client); the conversation from Messaging.access. Sets the audit note for
 * the `audit` step; clientConversations (no single practice) is audited by the Lambda itself.
 */
import { type LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import type { AnyArgs, Caller, EitherResolverContext } from '../shared/context.ts';

/** Every messaging write and attachment URL of both principals, and clientConversations; the arguments go to the Lambda whole. */
type Ctx = EitherResolverContext<AnyArgs>;

const ACTIONS: Record<string, string> = {
  sendMessage: 'message.send',
  sendClientMessage: 'message.send',
  retractMessage: 'message.retract',
  retractClientMessage: 'message.retract',
  markConversationRead: 'conversation.read',
  markClientConversationRead: 'conversation.read',
  createMessageAttachmentUpload: 'message.attachment.upload',
  createClientAttachmentUpload: 'message.attachment.upload',
  getMessageAttachmentUrl: 'message.attachment.read',
  getClientAttachmentUrl: 'message.attachment.read',
};

export function request(ctx: Ctx): LambdaRequest {
  const client = ctx.stash.client;
  const isClient = !!(client && client.links);
  const caller: Partial<Caller> = ctx.stash.caller || {};
  const messaging = ctx.stash.messaging || null;
  return {
    operation: 'Invoke',
    payload: {
      field: ctx.info.fieldName,
      principal: isClient ? 'client' : 'member',
      caller: isClient ? { sub: client.sub, practiceId: caller.practiceId || null } : { sub: caller.sub, practiceId: caller.practiceId, roles: caller.roles || [], groups: caller.groups || [] },
      links: isClient ? client.links : null,
      practices: isClient ? client.practices || [] : null,
      conversation: messaging,
      args: ctx.args,
    },
  };
}

export function response(ctx: Ctx): unknown {
  const result = lambdaResult(ctx) as Record<string, unknown> | null;
  const messaging = ctx.stash.messaging;
  const action = ACTIONS[ctx.info.fieldName];
  if (action && messaging) {
    const subject = result && typeof result.id === 'string' && action.indexOf('message.') === 0 ? (result.id) : null;
    ctx.stash.audit = { action: action, entityType: 'Conversation', entityId: messaging.clientId, entityIds: subject ? [subject] : [] };
  }
  return result;
}
