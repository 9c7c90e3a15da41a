/**
 * Query.listTeamMembers (data source: DirectoryTable): the members of the caller's practice — the
 * team query (shared/team-query.ts: GSI1 `P#<practiceId>`, never a Scan), 20 a page, with nextToken.
 */
import type { DynamoDBQueryRequest } from '@aws-appsync/utils';
import { practicePartition } from '../domain/tables.ts';
import { toTeamMember } from '../domain/team.ts';
import { openPageToken, pageBinding, pageItems, sealPageToken, type PageBinding } from './shared/page-token.ts';
import { isMembership, practiceMembersQuery } from './shared/team-query.ts';
import type { QueryResult, ResolverContext } from './shared/context.ts';
import type { QueryListTeamMembersArgs } from '../domain/graphql.generated.ts';

export const PAGE_SIZE = 20;

export function request(ctx: ResolverContext<QueryListTeamMembersArgs>): DynamoDBQueryRequest {
  const binding = pageBinding(ctx, []);
  const nextToken = openPageToken(ctx.args.nextToken, binding);
  ctx.stash.page = { binding: binding, attribute: 'GSI1PK', partition: practicePartition(ctx.stash.caller.practiceId) };
  return practiceMembersQuery(ctx.stash.caller.practiceId, PAGE_SIZE, nextToken);
}

export function response(ctx: ResolverContext<QueryListTeamMembersArgs>): Record<string, unknown> {
  const page = ctx.stash.page as { binding: PageBinding; attribute: string; partition: string };
  const items = pageItems(ctx, page.attribute, page.partition).filter((item) => isMembership(item));
  const members = items.map((item) => toTeamMember(item));
  ctx.stash.audit = { action: 'team.list', entityType: 'TeamMember', entityIds: members.map((m) => m.id as string) };
  return { items: members, nextToken: sealPageToken((ctx.result as QueryResult).nextToken, page.binding) };
}
