/**
 * Query.listTeamMembers (data source: DirectoryTable): the members of the caller's practice — a
 * Query on GSI1 `P#<practiceId>` (never a Scan), 20 a page, with nextToken.
 */
import { util, type Context, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import { toTeamMember } from '../domain/team.ts';

export const PAGE_SIZE = 20;

export function request(ctx: Context): DynamoDBQueryRequest {
  return {
    operation: 'Query',
    index: 'GSI1',
    query: {
      expression: '#pk = :pk',
      expressionNames: { '#pk': 'GSI1PK' },
      expressionValues: util.dynamodb.toMapValues({ ':pk': 'P#' + ctx.stash.caller.practiceId }),
    },
    limit: PAGE_SIZE,
    nextToken: ctx.args.nextToken || null,
  };
}

export function response(ctx: Context): Record<string, unknown> {
  if (ctx.error) {
    util.error(ctx.error.message, ctx.error.type);
  }
  const items = ((ctx.result.items || []) as Record<string, unknown>[]).filter((item) => item.SK === 'MEMBERSHIP');
  const members = items.map((item) => toTeamMember(item));
  ctx.stash.audit = { action: 'team.list', entityType: 'TeamMember', entityIds: members.map((m) => m.id as string) };
  return { items: members, nextToken: ctx.result.nextToken || null };
}
