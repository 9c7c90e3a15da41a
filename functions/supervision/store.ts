/**
 * The supervision Lambda's table access (issue 18): supervision records and notes in the Practice
 * table, members in the Directory table (the practice's GSI1 partition), a supervisee's
 * appointments on GSI2 (one clinician by start). Queries, GetItems and BatchGets only — never a Scan.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { batchGetAll, getItem, queryAll, type Item } from '../shared/dynamo-read.ts';
import { clinicianPartition } from '../../domain/appointment/keys.ts';
import { noteKey } from '../../domain/progress-note.ts';
import { SUPERVISION_PREFIX } from '../../domain/supervision.ts';
import { practicePartition } from '../../domain/tables.ts';

export type { Item };

const PRACTICE = () => table('PRACTICE_TABLE');
const DIRECTORY = () => table('DIRECTORY_TABLE');

export interface Member {
  sub: string;
  roles: string[];
  groups: string[];
  name: string;
}

/** The practice's members (membership records on the Directory's GSI1 `P#<practice>`). */
export async function members(practiceId: string): Promise<Member[]> {
  const items = await queryAll({ TableName: DIRECTORY(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': practicePartition(practiceId) } });
  return items
    .filter((i) => i.SK === 'MEMBERSHIP')
    .map((i) => ({
      sub: String(i.PK).slice('USER#'.length),
      roles: (i.roles as string[] | undefined) ?? [],
      groups: (i.groups as string[] | undefined) ?? [],
      name: [i.firstName, i.lastName].filter((s) => typeof s === 'string' && s).join(' '),
    }));
}

export interface SupervisionRecord {
  clinicianId: string;
  supervisorIds: string[];
  updatedAt?: string;
}

/** Every supervision record of the practice (one per supervised clinician; bounded by the team). */
export async function supervisions(practiceId: string): Promise<SupervisionRecord[]> {
  const items = await queryAll({ TableName: PRACTICE(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': 'P#' + practiceId, ':sk': SUPERVISION_PREFIX } });
  return items.map((i) => ({ clinicianId: i.clinicianId as string, supervisorIds: (i.supervisorIds as string[] | undefined) ?? [], updatedAt: i.updatedAt as string | undefined }));
}

export async function putItem(item: Item, condition?: { expression: string; values: Item; names?: Record<string, string> }): Promise<void> {
  await dynamo().send(new PutCommand({
    TableName: PRACTICE(), Item: item,
    ...(condition ? { ConditionExpression: condition.expression, ExpressionAttributeValues: condition.values, ExpressionAttributeNames: condition.names } : {}),
  }));
}

export async function getNote(practiceId: string, appointmentId: string): Promise<Item | null> {
  return getItem(PRACTICE(), noteKey(practiceId, appointmentId));
}

/** A clinician's appointments that carry a note (GSI2, the clinician's partition). */
export async function appointmentsWithNotes(practiceId: string, clinicianId: string): Promise<Item[]> {
  return queryAll({
    TableName: PRACTICE(), IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :sk)',
    FilterExpression: 'attribute_exists(progressNoteId)',
    ExpressionAttributeValues: { ':pk': clinicianPartition(practiceId, clinicianId), ':sk': 'APPT#' },
  });
}

/** Notes by appointment id, 100 keys a BatchGet (unprocessed keys retried). */
export async function notesOf(practiceId: string, appointmentIds: string[]): Promise<Item[]> {
  return batchGetAll(PRACTICE(), appointmentIds.map((id) => noteKey(practiceId, id)));
}
