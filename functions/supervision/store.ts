/**
 * The supervision Lambda's table access (issue 18): supervision records and notes in the Practice
 * table, members in the Directory table (the practice's GSI1 partition), a supervisee's
 * appointments on GSI2 (one clinician by start). Queries, GetItems and BatchGets only — never a Scan.
 */
import { PutCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { batchGetAll, getItem, queryAll, type Item } from '../shared/dynamo-read.ts';
import { appointmentKey, clinicianPartition } from '../../domain/appointment/keys.ts';
import { noteKey } from '../../domain/progress-note.ts';
import { awaitingPartition, reminderDaysOf, supervisionKey, SUPERVISION_PREFIX } from '../../domain/supervision.ts';
import { practicePartition } from '../../domain/tables.ts';

export type { Item };

const PRACTICE = () => table('PRACTICE_TABLE');
const DIRECTORY = () => table('DIRECTORY_TABLE');

export interface Member {
  sub: string;
  roles: string[];
  groups: string[];
  name: string;
  email: string | null;
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
      email: typeof i.email === 'string' && i.email ? i.email : null,
    }));
}

export interface SupervisionRecord {
  clinicianId: string;
  supervisorIds: string[];
  /** Days a signed note waits before its supervisors are reminded (domain/supervision.ts reminderDaysOf). */
  reminderDays: number;
  updatedAt?: string;
}

/** Every supervision record of the practice (one per supervised clinician; bounded by the team). */
export async function supervisions(practiceId: string): Promise<SupervisionRecord[]> {
  const items = await queryAll({ TableName: PRACTICE(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': 'P#' + practiceId, ':sk': SUPERVISION_PREFIX } });
  return items.map(recordOf);
}

function recordOf(i: Item): SupervisionRecord {
  return { clinicianId: i.clinicianId as string, supervisorIds: (i.supervisorIds as string[] | undefined) ?? [], reminderDays: reminderDaysOf(i), updatedAt: i.updatedAt as string | undefined };
}

/** The practice partition's items whose sort key starts with `prefix` (small, per-practice lists). */
export async function queryPractice(practiceId: string, prefix: string): Promise<Item[]> {
  return queryAll({ TableName: PRACTICE(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': practicePartition(practiceId), ':sk': prefix } });
}

/** One clinician's supervision record (null: never assigned). */
export async function supervisionOf(practiceId: string, clinicianId: string): Promise<SupervisionRecord | null> {
  const item = await supervisionItem(practiceId, clinicianId);
  return item ? recordOf(item) : null;
}

/** The stored supervision record as it is (with its periods: domain/insurance/supervising.ts). */
export function supervisionItem(practiceId: string, clinicianId: string): Promise<Item | null> {
  return getItem(PRACTICE(), supervisionKey(practiceId, clinicianId));
}

/** A supervisee's notes awaiting co-signature, oldest signature first (GSI2 `…#U#<clinician>#COSIGN`, written at signing). */
export async function awaitingNotes(practiceId: string, clinicianId: string): Promise<Item[]> {
  return queryAll({ TableName: PRACTICE(), IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': awaitingPartition(practiceId, clinicianId) } });
}

/** Appointments by id (their client's and clinician's names for a page of the awaiting list). */
export async function appointmentsOf(practiceId: string, ids: string[]): Promise<Item[]> {
  return batchGetAll(PRACTICE(), ids.map((id) => appointmentKey(practiceId, id)));
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

/** A conditional UpdateItem on the Practice table; false when its condition failed (someone else got there first). */
export async function updateIf(input: Omit<UpdateCommandInput, 'TableName'>): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({ ...input, TableName: PRACTICE() }));
    return true;
  } catch (err) {
    if ((err as Error)?.name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}
