/**
 * The one team query step (issue 17): a practice's members are a Query on the Directory table's
 * GSI1 `P#<practiceId>` (never a Scan), of which the membership items are the members. Used by
 * listTeamMembers (paged, 20 a page) and listClinicians (the clinicians among them, one read).
 */
import { util, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import { practicePartition } from '../../domain/tables.ts';

/** The Query for a practice's directory entries on GSI1; with `nextToken` when one is given. */
export function practiceMembersQuery(practiceId: string, limit: number, nextToken?: string): DynamoDBQueryRequest {
  const request: DynamoDBQueryRequest = {
    operation: 'Query',
    index: 'GSI1',
    query: {
      expression: '#pk = :pk',
      expressionNames: { '#pk': 'GSI1PK' },
      expressionValues: util.dynamodb.toMapValues({ ':pk': practicePartition(practiceId) }),
    },
    limit: limit,
  };
  if (nextToken !== undefined) {
    request.nextToken = nextToken;
  }
  return request;
}

/** Whether a directory entry on the practice's GSI1 partition is a member (a membership record). */
export function isMembership(item: Record<string, unknown>): boolean {
  return item.SK === 'MEMBERSHIP';
}
