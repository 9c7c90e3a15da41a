/**
 * The appointments Lambda's reads and writes of the Practice table: consistent gets, the
 * version-guarded put of a changed occurrence, and the one TransactWriteItems a write is (a
 * cancelled transaction is a conflict, or a lost schedule lock that is retried).
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { conflict, type Item } from './request.ts';

export function practiceTable(): string {
  return table('PRACTICE_TABLE');
}

export async function getItem(key: { PK: string; SK: string }): Promise<Item | null> {
  const out = await dynamo().send(new GetCommand({ TableName: practiceTable(), Key: key, ConsistentRead: true }));
  return (out.Item as Item | undefined) ?? null;
}

/** Runs a write up to three times when the clinician's schedule changed between check and write. */
export async function withScheduleRetry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      const lockLost = (err as Error)?.name === 'TransactionCanceledException' && (err as { lockLost?: boolean }).lockLost;
      if (!lockLost || i >= 2) throw err;
    }
  }
}

/** TransactWrite; a cancelled transaction is a conflict (a version moved), or a lost lock (retried). */
export async function transact(items: Item[], lockIndex: number | null): Promise<void> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    if ((err as Error)?.name !== 'TransactionCanceledException') throw err;
    const reasons = ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code);
    if (lockIndex !== null && reasons[lockIndex] === 'ConditionalCheckFailed' && reasons.filter((c) => c === 'ConditionalCheckFailed').length === 1) {
      throw Object.assign(err as Error, { lockLost: true });
    }
    throw conflict();
  }
}

/** A Put of the changed occurrence, conditioned on the version read. */
export function versionGuard(item: Item, next: Item): Item {
  return {
    Put: {
      TableName: practiceTable(),
      Item: next,
      ConditionExpression: 'attribute_exists(PK) AND #version = :version',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':version': item.version },
    },
  };
}
