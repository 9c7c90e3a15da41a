/**
 * The messaging Lambda's reads and small writes on the Practice and Audit tables: the sender's
 * name, the practice's name, the portal access record, and audit entries for the client principal's
 * cross-practice read (clientConversations) — the same item shape as resolvers/shared/audit-entry.ts.
 */
import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { therapistKey } from '../../domain/profile.ts';
import { settingsKey } from '../../domain/practice.ts';
import { clientKey } from '../../domain/client.ts';
import { conversationKey } from '../../domain/messaging/access.ts';
import { practicePartition } from '../../domain/tables.ts';

export async function getItem(key: { PK: string; SK: string }): Promise<Record<string, unknown> | null> {
  const out = await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: key, ConsistentRead: true }));
  return (out.Item as Record<string, unknown> | undefined) ?? null;
}

/** "First Last" of a practice member (their profile), or null. */
export async function memberName(practiceId: string, sub: string): Promise<string | null> {
  const item = await getItem(therapistKey(practiceId, sub));
  const person = (item?.person ?? {}) as { first?: string; last?: string };
  const name = [person.first, person.last].filter(Boolean).join(' ').trim();
  return name || null;
}

/** The practice's name as its clients know it (Practice details), or a neutral fallback. */
export async function practiceName(practiceId: string): Promise<string> {
  const item = await getItem(settingsKey(practiceId, 'PracticeDetails'));
  const name = (item?.data as { name?: string } | undefined)?.name;
  return typeof name === 'string' && name.trim() ? name.trim() : 'your practice';
}

export const clientRecord = (practiceId: string, clientId: string) => getItem(clientKey(practiceId, clientId));

/** The conversation items of several (practice, client) pairs, in one BatchGetItem per 100 keys. */
export async function conversations(pairs: { practiceId: string; clientId: string }[]): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < pairs.length; i += 100) {
    const keys = pairs.slice(i, i + 100).map((p) => conversationKey(p.practiceId, p.clientId));
    if (keys.length === 0) continue;
    const res = await dynamo().send(new BatchGetCommand({ RequestItems: { [table('PRACTICE_TABLE')]: { Keys: keys, ConsistentRead: true } } }));
    out.push(...((res.Responses?.[table('PRACTICE_TABLE')] ?? []) as Record<string, unknown>[]));
  }
  return out;
}

/** One audit entry in a practice's trail (actor, action, ids; never a value). */
export async function audit(practiceId: string, actor: string, entry: { action: string; entityType: string; entityId?: string | null; entityIds?: string[]; field: string }): Promise<void> {
  const at = new Date().toISOString();
  await dynamo().send(
    new PutCommand({
      TableName: table('AUDIT_TABLE'),
      Item: { PK: practicePartition(practiceId), SK: `${at}#${randomUUID()}`, GSI1PK: `A#${actor}`, GSI1SK: at, actor, at, entityId: null, entityIds: null, ...entry },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}
