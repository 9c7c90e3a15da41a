/**
 * The TransactWriteItems of a client write: the client item and its name-search entries
 * (domain/client.ts clientItems) in one all-or-nothing request on the Practice table, whose
 * physical name is the API's environment variable `PracticeTable` (set by lib/graphql-api.ts;
 * locally by the executor).
 */
import { util, type Context, type DynamoDBTransactWriteItemsRequest } from '@aws-appsync/utils';
import { CLIENT_NAME_ENTRIES, clientNameEntryKey } from '../../domain/client.ts';

type Condition = { expression: string; expressionNames?: Record<string, string>; expressionValues?: Record<string, unknown>; returnValuesOnConditionCheckFailure: boolean };
export type TransactItem = DynamoDBTransactWriteItemsRequest['transactItems'][number];

export function practiceTable(ctx: Context): string {
  const name = ctx.env.PracticeTable as string | undefined;
  if (!name) {
    util.error('The API is missing its PracticeTable setting', 'ConfigurationError');
  }
  return name;
}

/** Puts every item (each with PK/SK); `condition` guards the first one, the client item. */
export function putClientItems(ctx: Context, items: Array<Record<string, unknown>>, condition: Condition): TransactItem[] {
  const table = practiceTable(ctx);
  return items.map((item, index) => {
    const attributes: Record<string, unknown> = {};
    Object.keys(item).forEach((k) => {
      if (k !== 'PK' && k !== 'SK') {
        attributes[k] = item[k];
      }
    });
    const put: TransactItem = {
      table: table,
      operation: 'PutItem',
      key: util.dynamodb.toMapValues({ PK: item.PK, SK: item.SK }),
      attributeValues: util.dynamodb.toMapValues(attributes),
    };
    if (index === 0) {
      put.condition = condition;
    }
    return put;
  });
}

/** Deletes a client's name entries (archived clients are not searched); absent entries are fine. */
export function deleteNameEntries(ctx: Context, practiceId: string, id: string): TransactItem[] {
  const table = practiceTable(ctx);
  return CLIENT_NAME_ENTRIES.map((which) => {
    const del: TransactItem = { table: table, operation: 'DeleteItem', key: util.dynamodb.toMapValues(clientNameEntryKey(practiceId, id, which)) };
    return del;
  });
}

/** True when the transaction was cancelled because the first item's condition failed. */
export function firstConditionFailed(ctx: Context): boolean {
  const reasons = ctx.result && (ctx.result.cancellationReasons as Array<{ type: string }> | null);
  return (!!ctx.error && ctx.error.type === 'DynamoDB:ConditionalCheckFailedException') || (!!reasons && reasons.length > 0 && reasons[0].type === 'ConditionalCheckFailed');
}
