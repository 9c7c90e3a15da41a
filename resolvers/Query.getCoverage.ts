/**
 * Query.getCoverage(nextToken) (data source: PracticeTable; issue 16): the practice's eligibility
 * checks, newest first, 20 a page — one Query on the practice partition (SK Eligibility#<time>#<id>),
 * or for own-client roles (clinicianBasicBilling) on GSI2, their clients' checks. Page tokens are
 * bound to the caller (resolvers/shared/page-token.ts). Audited (the checks are PHI).
 */
import { util, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import type { QueryResult, ResolverContext } from './shared/context.ts';
import type { QueryGetCoverageArgs } from '../domain/graphql.generated.ts';
import { clientScope } from '../domain/permissions.ts';
import { practicePartition } from '../domain/tables.ts';
import { CHECK_PREFIX, clinicianChecksPartition, toEligibilityCheck } from '../domain/insurance/eligibility-check.ts';
import { openPageToken, pageBinding, pageItems, sealPageToken } from './shared/page-token.ts';

type Ctx = ResolverContext<QueryGetCoverageArgs, QueryResult>;

export const PAGE_SIZE = 20;

export function request(ctx: Ctx): DynamoDBQueryRequest {
  const caller = ctx.stash.caller;
  const own = clientScope(caller.roles) === 'own';
  const partition = own ? clinicianChecksPartition(caller.practiceId, caller.sub) : practicePartition(caller.practiceId);
  const pk = own ? 'GSI2PK' : 'PK';
  const sk = own ? 'GSI2SK' : 'SK';
  const binding = pageBinding(ctx, [own]);
  ctx.stash.page = { binding: binding, partition: partition, attribute: pk };
  const request: DynamoDBQueryRequest = {
    operation: 'Query',
    query: {
      expression: '#pk = :pk AND begins_with(#sk, :prefix)',
      expressionNames: { '#pk': pk, '#sk': sk },
      expressionValues: util.dynamodb.toMapValues({ ':pk': partition, ':prefix': CHECK_PREFIX }),
    },
    scanIndexForward: false,
    limit: PAGE_SIZE,
    nextToken: openPageToken(ctx.args.nextToken, binding),
  };
  if (own) {
    request.index = 'GSI2';
  }
  return request;
}

export function response(ctx: Ctx): Record<string, unknown> {
  const page = ctx.stash.page;
  const checks = pageItems(ctx, page.attribute || 'PK', page.partition).map((item) => toEligibilityCheck(item));
  ctx.stash.audit = { action: 'eligibility.list', entityType: 'EligibilityCheck', entityIds: checks.map((c) => c.id as string) };
  return { items: checks, nextToken: sealPageToken(ctx.result.nextToken, page.binding) };
}
