/**
 * editGroup's follow-up (issue 14; domain/companion/group-homework.ts): a member added gets the
 * group's homework still to come, a member who left loses the occurrences not yet opened. One Query
 * of the group's items (GSI2), then BatchWriteItem puts and deletes; the assignments' client lists
 * and counts follow. Returns the ids written and removed (for the audit note).
 */
import { randomBytes } from 'node:crypto';
import { BatchWriteCommand, type BatchWriteCommandOutput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws.ts';
import { itemsToStop, occurrencesForNewMember, type GroupItem } from '../../domain/companion/group-homework.ts';
import { assignmentKey, groupPartition, homeworkIndexes, homeworkItemKey, homeworkPrefix, newItemId } from '../../domain/companion/homework.ts';
import { PRACTICE, queryAll, type Item } from './store.ts';

/** BatchWriteItem in 25s, retrying what DynamoDB leaves unprocessed. */
export async function writeAll(requests: Item[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending: Item[] | undefined = requests.slice(i, i + 25);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 5) throw new Error('homework not written');
      const out: BatchWriteCommandOutput = await dynamo().send(new BatchWriteCommand({ RequestItems: { [PRACTICE()]: pending } }));
      pending = out.UnprocessedItems?.[PRACTICE()];
    }
  }
}

export async function followMembers(
  practiceId: string, groupId: string, added: Item[], removed: string[], today: string, now: Date,
): Promise<{ given: string[]; stopped: string[] }> {
  if (added.length === 0 && removed.length === 0) return { given: [], stopped: [] };
  const items = (await queryAll({
    TableName: PRACTICE(), IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :sk)', ExpressionAttributeValues: { ':pk': groupPartition(practiceId, groupId), ':sk': homeworkPrefix },
  })) as unknown as GroupItem[];
  const at = now.toISOString();
  const puts: Item[] = [];
  const perAssignment = new Map<string, { clients: Set<string>; count: number }>();
  const templates = occurrencesForNewMember(items, today);
  for (const client of added) {
    const clientId = client.id as string;
    for (const t of templates) {
      const id = newItemId(t.dueDate as string, randomBytes(6).toString('hex'));
      puts.push({
        ...t, ...homeworkItemKey(practiceId, id), ...homeworkIndexes(practiceId, id, clientId, (client.therapistId as string | undefined) ?? null, groupId),
        entity: 'Homework', id, clientId, therapistId: client.therapistId ?? null, groupId, state: 'assigned', assignedAt: at, joinedGroupAt: at,
      });
      const a = perAssignment.get(t.assignmentId as string) ?? { clients: new Set<string>(), count: 0 };
      a.clients.add(clientId);
      a.count += 1;
      perAssignment.set(t.assignmentId as string, a);
    }
  }
  const stops = itemsToStop(items, removed, today);
  await writeAll([
    ...puts.map((Item) => ({ PutRequest: { Item } })),
    ...stops.map((i) => ({ DeleteRequest: { Key: homeworkItemKey(practiceId, i.id) } })),
  ]);
  for (const [assignmentId, a] of perAssignment) {
    await dynamo().send(new UpdateCommand({
      TableName: PRACTICE(), Key: assignmentKey(practiceId, assignmentId),
      UpdateExpression: 'SET clientIds = list_append(if_not_exists(clientIds, :none), :ids) ADD #count :n',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':none': [], ':ids': Array.from(a.clients), ':n': a.count },
    })).catch((err: Error) => { if (err.name !== 'ConditionalCheckFailedException') throw err; });
  }
  return { given: puts.map((p) => p.id as string), stopped: stops.map((s) => s.id) };
}
