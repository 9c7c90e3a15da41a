/**
 * The one shape of an audit-trail item (Audit table): keyed by practice and time, indexed by actor,
 * append-only. Used by the audit pipeline step and by logUserAuthEvent. Never holds a PHI value.
 */
import { util, type DynamoDBPutItemRequest } from '@aws-appsync/utils';
import { practicePartition } from '../../domain/tables.ts';

interface Caller {
  practiceId: string;
  sub: string;
}

export function auditPutRequest(caller: Caller, at: string, fields: Record<string, unknown>): DynamoDBPutItemRequest {
  const attributes: Record<string, unknown> = { GSI1PK: 'A#' + caller.sub, GSI1SK: at, actor: caller.sub, at: at };
  Object.keys(fields).forEach((key) => {
    attributes[key] = fields[key];
  });
  return {
    operation: 'PutItem',
    key: util.dynamodb.toMapValues({ PK: practicePartition(caller.practiceId), SK: at + '#' + util.autoUlid() }),
    attributeValues: util.dynamodb.toMapValues(attributes),
    // Append-only: never overwrite an existing entry.
    condition: { expression: 'attribute_not_exists(PK)' },
  };
}
