/**
 * The TransactWriteItems of a consent-document write (domain/documents/consent.ts): the head item,
 * guarded by `headCondition`, and the new version's immutable snapshot, which must not exist yet —
 * all or nothing, so a head never points at a version that was not written.
 */
import { util, type Context, type DynamoDBTransactWriteItemsRequest } from '@aws-appsync/utils';
import { practiceTable, type TransactItem } from './client-writes.ts';

type Condition = { expression: string; expressionNames?: Record<string, string>; expressionValues?: Record<string, unknown>; returnValuesOnConditionCheckFailure: boolean };

function put(table: string, item: Record<string, unknown>, condition: Condition): TransactItem {
  const attributes: Record<string, unknown> = {};
  Object.keys(item).forEach((k) => {
    if (k !== 'PK' && k !== 'SK') {
      attributes[k] = item[k];
    }
  });
  return { table: table, operation: 'PutItem', key: util.dynamodb.toMapValues({ PK: item.PK, SK: item.SK }), attributeValues: util.dynamodb.toMapValues(attributes), condition: condition };
}

export function consentWrite(ctx: Context, head: Record<string, unknown>, headCondition: Condition, version: Record<string, unknown>): DynamoDBTransactWriteItemsRequest {
  const table = practiceTable(ctx);
  return {
    operation: 'TransactWriteItems',
    transactItems: [put(table, head, headCondition), put(table, version, { expression: 'attribute_not_exists(PK)', returnValuesOnConditionCheckFailure: false })],
  };
}
