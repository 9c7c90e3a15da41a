/**
 * Query.listClinicians (data source: DirectoryTable): the members who can hold appointments (the
 * owner and the clinician roles), to book for or filter by — the team query (shared/team-query.ts)
 * in one read of up to 1000 entries.
 * Own-only callers get just themselves. Names from the membership, else the e-mail.
 */
import type { DynamoDBQueryRequest } from '@aws-appsync/utils';
import { isMembership, practiceMembersQuery } from './shared/team-query.ts';
import { raiseStepError } from './shared/errors.ts';
import { isClinician } from '../domain/permissions.ts';
import type { NoArgs, QueryResult, ResolverContext } from './shared/context.ts';
import type { Clinician } from '../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<NoArgs, QueryResult>): DynamoDBQueryRequest {
  return practiceMembersQuery(ctx.stash.caller.practiceId, 1000);
}

export function response(ctx: ResolverContext<NoArgs, QueryResult>): Clinician[] {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const caller = ctx.stash.caller;
  const own = ctx.stash.access.read === 'own';
  const members = (ctx.result.items || []).filter((item) => isMembership(item) && isClinician(item.roles as string[]));
  const clinicians = members
    .map((item) => {
      const id = (item.PK as string).substring('USER#'.length);
      const name = [item.firstName, item.lastName].filter((part) => typeof part === 'string' && (part).length > 0).join(' ');
      return { id: id, name: name.length > 0 ? name : ((item.email as string) || id) };
    })
    .filter((c) => !own || c.id === caller.sub);
  ctx.stash.audit = { action: 'clinician.list', entityType: 'TeamMember', entityIds: clinicians.map((c) => c.id) };
  return clinicians;
}
