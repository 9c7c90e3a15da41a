/**
 * The summary Lambda's reads (issue 18): per-practice (or per-clinician) Queries on the existing
 * indexes — never a Scan, nothing written. Each Query is paged (1 MB a page); for a practice of a
 * few hundred clients and a year of appointments every one is one to three pages.
 *
 *   clients      GSI1 `P#<p>#CLIENTS` and `P#<p>#CLIENTS#archived` (practice), or GSI2
 *                `P#<p>#U#<sub>` begins_with `Client#` / `ArchivedClient#` (own)
 *   appointments GSI1 `P#<p>#APPTS` between two starts (practice), or GSI2 `APPT#<start>` (own)
 *   insurance    `P#<p>` begins_with `ClientInsurance#` (billing type only)
 *   clinicians   Directory GSI1 `P#<p>` (the members' names)
 *   timezone     the practice details (one GetItem)
 */
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { appointmentsPartition, clinicianPartition } from '../../domain/appointment/keys.ts';
import { clientListPartition, ownClientsPartition } from '../../domain/client.ts';
import { settingsKey } from '../../domain/practice.ts';
import { practicePartition } from '../../domain/tables.ts';
import type { SummaryAppointment, SummaryClient } from '../../domain/summary.ts';

type Item = Record<string, unknown>;
const PRACTICE = () => table('PRACTICE_TABLE');
const DIRECTORY = () => table('DIRECTORY_TABLE');

/** Every page of a Query; `counter` counts the requests made (decisions: requests per call). */
export async function queryAll(input: QueryCommandInput, counter?: { requests: number }): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    if (counter) counter.requests++;
    items.push(...((out.Items ?? []) as Item[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

const CLIENT_FIELDS = { ProjectionExpression: 'id, therapistId, #s, createdAt, updatedAt, archivedAt, personalDetail', ExpressionAttributeNames: { '#s': 'status' } };

function toClient(i: Item): SummaryClient {
  const p = (i.personalDetail ?? {}) as Item;
  return {
    id: i.id as string, therapistId: (i.therapistId as string) ?? '', status: i.status as string, createdAt: i.createdAt as string,
    updatedAt: (i.updatedAt as string) ?? null, archivedAt: (i.archivedAt as string) ?? null,
    name: [p.first, p.last].filter((s) => typeof s === 'string' && s).join(' '),
  };
}

/** The practice's clients, or the caller's own (therapistId = sub), active and archived. */
export async function clients(practiceId: string, own: string | null, counter: { requests: number }): Promise<SummaryClient[]> {
  const inputs: QueryCommandInput[] = own
    ? ['Client#', 'ArchivedClient#'].map((prefix) => ({
      TableName: PRACTICE(), IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :sk)',
      ExpressionAttributeValues: { ':pk': ownClientsPartition(practiceId, own), ':sk': prefix }, ...CLIENT_FIELDS,
    }))
    : [false, true].map((archived) => ({
      TableName: PRACTICE(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': clientListPartition(practiceId, archived) }, ...CLIENT_FIELDS,
    }));
  const pages = await Promise.all(inputs.map((input) => queryAll(input, counter)));
  return pages.flat().map(toClient);
}

/** The appointments starting in [from, to] of the practice, or of the caller as clinician. */
export async function appointments(practiceId: string, own: string | null, from: string, to: string, counter: { requests: number }): Promise<SummaryAppointment[]> {
  const fields = { ProjectionExpression: 'clientId, clinicianId, #st, #s', ExpressionAttributeNames: { '#st': 'start', '#s': 'status' } };
  const input: QueryCommandInput = own
    ? { TableName: PRACTICE(), IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :a AND :b', ExpressionAttributeValues: { ':pk': clinicianPartition(practiceId, own), ':a': 'APPT#' + from, ':b': 'APPT#' + to + '~' }, ...fields }
    : { TableName: PRACTICE(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :a AND :b', ExpressionAttributeValues: { ':pk': appointmentsPartition(practiceId), ':a': from, ':b': to + '~' }, ...fields };
  const items = await queryAll(input, counter);
  return items.map((i) => ({ clientId: i.clientId as string, clinicianId: i.clinicianId as string, start: i.start as string, status: i.status as string }));
}

/** clientId → billing type, from the practice's client insurance records. */
export async function billingTypes(practiceId: string, counter: { requests: number }): Promise<Record<string, string>> {
  const items = await queryAll({
    TableName: PRACTICE(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': practicePartition(practiceId), ':sk': 'ClientInsurance#' },
    ProjectionExpression: 'clientId, #d.billingType', ExpressionAttributeNames: { '#d': 'data' },
  }, counter);
  return Object.fromEntries(items.map((i) => [i.clientId as string, ((i.data as Item | undefined)?.billingType as string) ?? 'selfPay']));
}

/** The practice's members' names (membership records on the Directory's GSI1). */
export async function clinicians(practiceId: string, counter: { requests: number }): Promise<{ id: string; name: string }[]> {
  const items = await queryAll({ TableName: DIRECTORY(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': practicePartition(practiceId) } }, counter);
  return items.filter((i) => i.SK === 'MEMBERSHIP').map((i) => ({ id: String(i.PK).slice('USER#'.length), name: [i.firstName, i.lastName].filter((s) => typeof s === 'string' && s).join(' ') }));
}

/** The practice's time zone as set in its details (usableTimezone applied by the caller). */
export async function practiceTimezone(practiceId: string, counter: { requests: number }): Promise<unknown> {
  const out = await dynamo().send(new GetCommand({ TableName: PRACTICE(), Key: settingsKey(practiceId, 'PracticeDetails') }));
  counter.requests++;
  return ((out.Item?.data as Item | undefined) ?? {}).timezone;
}
