/**
 * Second step of the client principal's authorization (issue 12; data source: DirectoryTable):
 * for the practices of the caller's active links (authorizeClient), one BatchGetItem reads the
 * practice owner's membership (its plan) and the practice's portal settings (domain/client-link.ts
 * clientPortalKey). A link counts only while its practice's portal is enabled and its plan has the
 * Client Portal feature; ctx.stash.client.links keeps only those, and ctx.stash.client.practices
 * holds {practiceId, portalName, greeting} for them. No usable link → Unauthorized.
 */
import { util, type DynamoDBBatchGetItemRequest } from '@aws-appsync/utils';
import { membershipKey } from '../../domain/tables.ts';
import { clientPortalKey, type LinkRef } from '../../domain/client-link.ts';
import { FIELD_RULES } from '../../domain/permissions.ts';
import { planHas, type Feature } from '../../domain/plan.ts';
import { raiseStepError } from '../shared/errors.ts';
import type { AnyArgs, ClientResolverContext, PortalPractice } from '../shared/context.ts';

/** BatchGetItem answers the items of each table read (null for a key not found). */
type Ctx = ClientResolverContext<AnyArgs, { data?: Record<string, Array<Record<string, unknown> | null>> }>;

function directoryTable(ctx: Ctx): string {
  const name = ctx.env.DirectoryTable as string | undefined;
  if (!name) {
    util.error('The API is missing its DirectoryTable setting', 'ConfigurationError');
  }
  return name;
}

function practiceIds(links: LinkRef[]): string[] {
  const ids: string[] = [];
  links.forEach((l) => {
    if (ids.indexOf(l.practiceId) < 0) {
      ids.push(l.practiceId);
    }
  });
  return ids;
}

export function request(ctx: Ctx): DynamoDBBatchGetItemRequest {
  const links = ctx.stash.client.links || [];
  if (links.length === 0) {
    util.unauthorized();
  }
  const keys: Record<string, unknown>[] = [];
  practiceIds(links).forEach((id) => {
    keys.push(util.dynamodb.toMapValues(membershipKey(id)));
    keys.push(util.dynamodb.toMapValues(clientPortalKey(id)));
  });
  const tables: Record<string, unknown> = {};
  tables[directoryTable(ctx)] = { keys: keys, consistentRead: true };
  return { operation: 'BatchGetItem', tables: tables } as DynamoDBBatchGetItemRequest;
}

export function response(ctx: Ctx): Record<string, unknown> {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const data = (ctx.result && ctx.result.data) || {};
  const items = (data[directoryTable(ctx)] || []).filter((i): i is Record<string, unknown> => !!i);
  const rule = FIELD_RULES[ctx.info.parentTypeName + '.' + ctx.info.fieldName];
  const feature = (rule && rule.feature) as Feature;
  const client = ctx.stash.client;
  const usable: LinkRef[] = [];
  const practices: PortalPractice[] = [];
  (client.links || []).forEach((link) => {
    const owner = items.filter((i) => i.PK === membershipKey(link.practiceId).PK && i.SK === 'MEMBERSHIP' && i.practiceId === link.practiceId);
    const portal = items.filter((i) => i.PK === clientPortalKey(link.practiceId).PK);
    if (owner.length === 0 || portal.length === 0 || portal[0].enabled !== true || !feature || !planHas((owner[0].plan as string) || '', feature)) {
      return;
    }
    usable.push(link);
    if (practices.filter((p) => p.practiceId === link.practiceId).length === 0) {
      practices.push({ practiceId: link.practiceId, portalName: portal[0].name || null, greeting: portal[0].greeting || null });
    }
  });
  if (usable.length === 0) {
    util.unauthorized();
  }
  client.links = usable;
  client.practices = practices;
  ctx.stash.client = client;
  return client;
}
