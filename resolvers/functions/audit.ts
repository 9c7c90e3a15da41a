/**
 * Last step of every pipeline that reads or writes client data (data source: AuditTable).
 * Appends one audit item — actor, action, entity type and id(s), time; never a PHI value — from
 * `ctx.stash.audit` ({action, entityType, entityId?, entityIds?}) set by the step before, and
 * passes that step's result through. A failed audit write fails the field (reads show nothing
 * unaudited).
 */
import { runtime, util, type Context, type DynamoDBPutItemRequest } from '@aws-appsync/utils';

interface AuditNote {
  action: string;
  entityType: string;
  entityId?: string | null;
  entityIds?: string[];
}

export function request(ctx: Context): DynamoDBPutItemRequest {
  const caller = ctx.stash.caller;
  const note = ctx.stash.audit as AuditNote | undefined;
  if (!note) {
    runtime.earlyReturn(ctx.prev.result);
  }
  const entry = note as AuditNote;
  const at = util.time.nowISO8601();
  return {
    operation: 'PutItem',
    key: util.dynamodb.toMapValues({ PK: 'P#' + caller.practiceId, SK: at + '#' + util.autoUlid() }),
    attributeValues: util.dynamodb.toMapValues({
      GSI1PK: 'A#' + caller.sub,
      GSI1SK: at,
      actor: caller.sub,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId || null,
      entityIds: entry.entityIds || null,
      field: ctx.info.parentTypeName + '.' + ctx.info.fieldName,
      at: at,
    }),
    // Append-only: never overwrite an existing entry.
    condition: { expression: 'attribute_not_exists(PK)' },
  };
}

export function response(ctx: Context): unknown {
  if (ctx.error) {
    util.error(ctx.error.message, ctx.error.type);
  }
  return ctx.prev.result;
}
