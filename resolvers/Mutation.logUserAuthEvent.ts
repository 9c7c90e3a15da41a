/**
 * Mutation.logUserAuthEvent (data source: AuditTable): appends a sign-in / sign-out to the
 * practice's audit trail. Published to Subscription.onUserAuthEvent by @aws_subscribe.
 */
import { util, type DynamoDBPutItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { auditPutRequest } from './shared/audit-entry.ts';
import type { ResolverContext } from './shared/context.ts';
import type { AuthEventType, MutationLogUserAuthEventArgs, UserAuthEvent } from '../domain/graphql.generated.ts';

/** The audit item as written (shared/audit-entry.ts). */
type Written = { action: AuthEventType; at: string };

export function request(ctx: ResolverContext<MutationLogUserAuthEventArgs>): DynamoDBPutItemRequest {
  return auditPutRequest(ctx.stash.caller, util.time.nowISO8601(), { action: ctx.args.event, entityType: 'Session' });
}

export function response(ctx: ResolverContext<MutationLogUserAuthEventArgs, Written>): UserAuthEvent {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const caller = ctx.stash.caller;
  return {
    practiceId: caller.practiceId,
    userId: caller.sub,
    event: ctx.result.action,
    at: ctx.result.at,
  };
}
