/**
 * Mutation.logUserAuthEvent (data source: AuditTable): appends a sign-in / sign-out to the
 * practice's audit trail. Published to Subscription.onUserAuthEvent by @aws_subscribe.
 */
import { util, type Context, type DynamoDBPutItemRequest } from '@aws-appsync/utils';

export function request(ctx: Context): DynamoDBPutItemRequest {
  const caller = ctx.stash.caller;
  const at = util.time.nowISO8601();
  return {
    operation: 'PutItem',
    key: util.dynamodb.toMapValues({ PK: 'P#' + caller.practiceId, SK: at + '#' + util.autoUlid() }),
    attributeValues: util.dynamodb.toMapValues({
      GSI1PK: 'A#' + caller.sub,
      GSI1SK: at,
      action: ctx.args.event,
      actor: caller.sub,
      entityType: 'Session',
      at: at,
    }),
    // Append-only: never overwrite an existing entry.
    condition: { expression: 'attribute_not_exists(PK)' },
  };
}

export function response(ctx: Context): Record<string, unknown> {
  if (ctx.error) {
    util.error(ctx.error.message, ctx.error.type);
  }
  const caller = ctx.stash.caller;
  return {
    practiceId: caller.practiceId,
    userId: caller.sub,
    event: ctx.result.action,
    at: ctx.result.at,
  };
}
