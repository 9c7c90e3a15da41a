/**
 * Last step of every pipeline that reads or writes client data (data source: AuditTable).
 * Appends one audit item — actor, action, entity type and id(s), time; never a PHI value — from
 * `ctx.stash.audit` ({action, entityType, entityId?, entityIds?}) set by the step before, and
 * passes that step's result through. A failed audit write fails the field (reads show nothing
 * unaudited).
 */
import { runtime, util, type DynamoDBPutItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { auditPutRequest } from '../shared/audit-entry.ts';
import type { ResolverContext, AnyArgs } from '../shared/context.ts';

interface AuditNote {
  action: string;
  entityType: string;
  entityId?: string | null;
  entityIds?: string[];
}

export function request(ctx: ResolverContext<AnyArgs>): DynamoDBPutItemRequest {
  const caller = ctx.stash.caller;
  const note = ctx.stash.audit as AuditNote | undefined;
  if (!note) {
    runtime.earlyReturn(ctx.prev.result);
  }
  const entry = note;
  return auditPutRequest(caller, util.time.nowISO8601(), {
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId || null,
    entityIds: entry.entityIds || null,
    field: ctx.info.parentTypeName + '.' + ctx.info.fieldName,
  });
}

export function response(ctx: ResolverContext<AnyArgs>): unknown {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  return ctx.prev.result;
}
