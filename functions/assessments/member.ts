/**
 * The clinician's side of assessments (issue 13): assign, edit or stop a schedule, a client's
 * assignments and responses, risk alerts and their resolution. The client is in the caller's reach
 * (ClientAccess.client ran before); alerts are scoped here ('own' clients unless client.all).
 */
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { notifier as defaultNotifier, type Notifier } from '../shared/notifier.ts';
import { Refusal } from '../shared/refusal.ts';
import { practiceName } from '../shared/practice-name.ts';
import { INVALID_PAGE_TOKEN } from '../../resolvers/shared/page-token.ts';
import { readHumanText } from '../../domain/human-text.ts';
import { clientScope } from '../../domain/permissions.ts';
import { portalAccessKey } from '../../domain/client-link.ts';
import { localDate } from '../../domain/wall-clock.ts';
import { INSTRUMENTS, instrumentById } from '../../domain/assessments/instruments.ts';
import { readSchedule, type Schedule } from '../../domain/assessments/schedule.ts';
import {
  ALERT_PAGE, ALERT_PREFIX, MAX_INSTRUMENTS_PER_ASSIGN, MAX_NOTE_LENGTH, RESPONSE_PAGE, alertKey, assignmentKey, assignmentPrefix, doneKey, linkDueKeys, linkMark, responsePrefix,
} from '../../domain/assessments/items.ts';
import { clientDisplayName, clientRecord, getItem, newId, practiceTimezone, refuse, type Item } from './store.ts';
import { issueLink } from './link.ts';
import { nextLinkCheck, occurrencesOf } from './occurrences.ts';
import { startReminders, stopReminders } from './reminders.ts';

export interface MemberEvent {
  field: string;
  caller: { sub: string; practiceId: string; roles: string[]; groups: string[] };
  client: { id: string } | null;
  /** The opened page token's inner key (the resolver seals and opens tokens). */
  cursor?: string | null;
  args: Record<string, unknown>;
}

type Audit = { action: string; entityType: string; entityId?: string | null; entityIds?: string[] } | null;
export type Answer = { data: unknown; audit: Audit };

export function instrumentView(i: (typeof INSTRUMENTS)[number]) {
  return { id: i.id, title: i.title, shortTitle: i.shortTitle, purpose: i.purpose, preamble: i.preamble, copyright: i.copyright, languages: i.languages, form: JSON.stringify({ item: i.item, bands: i.bands, scoring: { min: i.scoring.min, max: i.scoring.max }, interpretationNote: i.interpretationNote ?? null, remissionBelow: i.remissionBelow, reliableChange: i.reliableChange }) };
}

async function assignmentView(practiceId: string, a: Item, timezone: string, now: Date) {
  const occurrence = a.stoppedAt ? null : (await occurrencesOf(practiceId, a, timezone, now)).open;
  const done = occurrence ? await getItem(doneKey(practiceId, a.clientId as string, a.id as string, occurrence.key)) : null;
  return {
    id: a.id, clientId: a.clientId, instrumentId: a.instrumentId, schedule: a.schedule, delivery: a.delivery, createdAt: a.createdAt, stoppedAt: a.stoppedAt ?? null,
    openOccurrence: occurrence?.key ?? null, openUntil: occurrence?.expiresAt ?? null, completed: !!done,
  };
}

function scheduleInput(raw: unknown, today: string): Schedule {
  const read = readSchedule(raw, today);
  if ('problem' in read) return refuse(read.problem, 'ValidationError', `schedule.${read.problem === 'endBeforeStart' || read.problem === 'tooLong' ? 'endDate' : read.problem}`);
  return read.value;
}

function clientIdOf(event: MemberEvent): string {
  if (!event.client?.id) return refuse('assignmentNotFound', 'NotFound');
  return event.client.id;
}

export async function assign(event: MemberEvent, now: Date, send: Notifier = defaultNotifier()): Promise<Answer> {
  const { practiceId, sub } = event.caller;
  const clientId = clientIdOf(event);
  const ids = event.args.instrumentIds;
  if (!Array.isArray(ids) || ids.length === 0) refuse('instruments', 'ValidationError', 'instrumentIds');
  const unique = [...new Set(ids as unknown[])];
  if (unique.length > MAX_INSTRUMENTS_PER_ASSIGN) refuse('tooMany', 'ValidationError', 'instrumentIds');
  if (unique.some((id) => !instrumentById(id))) refuse('unknownInstrument', 'ValidationError', 'instrumentIds');
  const timezone = await practiceTimezone(practiceId);
  const schedule = scheduleInput(event.args.schedule, localDate(now.getTime(), timezone));
  const [client, access] = await Promise.all([clientRecord(practiceId, clientId), getItem(portalAccessKey(practiceId, clientId))]);
  const delivery = access?.state === 'active' ? 'portal' : 'link';
  const contact = (client?.contact ?? {}) as { email?: string | null; phone?: string | null };
  if (delivery === 'link' && !contact.email && !contact.phone) refuse('noContact', 'ValidationError', 'clientId');
  const createdAt = now.toISOString();
  // Before each appointment: the client's booked sessions decide (read once for all the instruments).
  const view = await occurrencesOf(practiceId, { schedule, clientId }, timezone, now);
  const occurrence = view.open;
  const next = delivery === 'link' ? nextLinkCheck(schedule, view, now) : null;
  const items: (Record<string, unknown> & { id: string; SK: string })[] = unique.map((instrumentId) => ({
    ...assignmentKey(practiceId, clientId, ''), entity: 'AssessmentAssignment', id: newId(now.getTime()), practiceId, clientId, therapistId: (client?.therapistId as string) ?? sub,
    instrumentId, schedule, delivery, createdAt, createdBy: sub, version: 1,
  }));
  for (const item of items) {
    item.SK = assignmentKey(practiceId, clientId, item.id).SK;
    // A link-delivered schedule: this occurrence's link goes now; the scheduled job sends the later ones (due-links.ts).
    if (delivery === 'link' && occurrence) item.linkedOccurrence = linkMark(occurrence);
    if (next) Object.assign(item, linkDueKeys(next, practiceId, clientId, item.id));
    await dynamo().send(new PutCommand({ TableName: table('PRACTICE_TABLE'), Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
    // Reminders until answered or expired (reminders.ts).
    await startReminders(item, timezone, now);
  }
  if (delivery === 'link') {
    const name = await practiceName(practiceId);
    for (const item of items) {
      if (occurrence) await issueLink({ practiceId, clientId, assignmentId: item.id, occurrence, practiceName: name, email: contact.email ?? null, phone: contact.phone ?? null }, now, send);
    }
  }
  const data = await Promise.all(items.map((i) => assignmentView(practiceId, i, timezone, now)));
  return { data, audit: { action: 'assessment.assign', entityType: 'Client', entityId: clientId, entityIds: items.map((i) => i.id) } };
}

async function loadAssignment(event: MemberEvent): Promise<Item> {
  const clientId = clientIdOf(event);
  const id = event.args.assignmentId;
  const item = typeof id === 'string' && id.length <= 64 ? await getItem(assignmentKey(event.caller.practiceId, clientId, id)) : null;
  if (!item) return refuse('assignmentNotFound', 'NotFound', 'assignmentId');
  return item;
}

export async function editSchedule(event: MemberEvent, now: Date): Promise<Answer> {
  const item = await loadAssignment(event);
  if (item.stoppedAt) refuse('stopped', 'ValidationError', 'assignmentId');
  const timezone = await practiceTimezone(event.caller.practiceId);
  const schedule = scheduleInput(event.args.schedule, localDate(now.getTime(), timezone));
  const next = item.delivery === 'link' ? nextLinkCheck(schedule, await occurrencesOf(event.caller.practiceId, { ...item, schedule }, timezone, now), now) : null;
  const keys = next ? linkDueKeys(next, event.caller.practiceId, item.clientId as string, item.id as string) : null;
  const out = await dynamo().send(new UpdateCommand({
    TableName: table('PRACTICE_TABLE'), Key: { PK: item.PK, SK: item.SK },
    UpdateExpression: `SET schedule = :s, updatedAt = :at, updatedBy = :me${keys ? ', GSI3PK = :pk, GSI3SK = :sk' : ''} ADD version :one${keys ? '' : ' REMOVE GSI3PK, GSI3SK'}`,
    ConditionExpression: 'attribute_not_exists(stoppedAt)',
    ExpressionAttributeValues: { ':s': schedule, ':at': now.toISOString(), ':me': event.caller.sub, ':one': 1, ...(keys ? { ':pk': keys.GSI3PK, ':sk': keys.GSI3SK } : {}) }, ReturnValues: 'ALL_NEW',
  }));
  await startReminders(out.Attributes as Item, timezone, now);
  return { data: await assignmentView(event.caller.practiceId, out.Attributes as Item, timezone, now), audit: { action: 'assessment.schedule', entityType: 'Client', entityId: item.clientId as string, entityIds: [item.id as string] } };
}

export async function stop(event: MemberEvent, now: Date): Promise<Answer> {
  const item = await loadAssignment(event);
  const stoppedAt = (item.stoppedAt as string) ?? now.toISOString();
  if (!item.stoppedAt) {
    await dynamo().send(new UpdateCommand({ TableName: table('PRACTICE_TABLE'), Key: { PK: item.PK, SK: item.SK }, UpdateExpression: 'SET stoppedAt = :at, stoppedBy = :me REMOVE GSI3PK, GSI3SK', ExpressionAttributeValues: { ':at': stoppedAt, ':me': event.caller.sub } }));
    await stopReminders(event.caller.practiceId, item.clientId as string, item.id as string);
  }
  const timezone = await practiceTimezone(event.caller.practiceId);
  return { data: await assignmentView(event.caller.practiceId, { ...item, stoppedAt }, timezone, now), audit: { action: 'assessment.stop', entityType: 'Client', entityId: item.clientId as string, entityIds: [item.id as string] } };
}

async function queryPrefix(practiceId: string, prefix: string, options: { limit: number; start?: string; forward?: boolean; filter?: Record<string, unknown> }) {
  const filterKeys = Object.keys(options.filter ?? {});
  const out = await dynamo().send(new QueryCommand({
    TableName: table('PRACTICE_TABLE'),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `P#${practiceId}`, ':prefix': prefix, ...Object.fromEntries(filterKeys.map((k) => [`:${k}`, options.filter![k]])) },
    ...(filterKeys.length ? { FilterExpression: filterKeys.map((k) => `#${k} = :${k}`).join(' AND '), ExpressionAttributeNames: Object.fromEntries(filterKeys.map((k) => [`#${k}`, k])) } : {}),
    ScanIndexForward: options.forward ?? false,
    Limit: options.limit,
    ...(options.start ? { ExclusiveStartKey: { PK: `P#${practiceId}`, SK: options.start } } : {}),
  }));
  return { items: (out.Items ?? []) as Item[], last: (out.LastEvaluatedKey?.SK as string | undefined) ?? null };
}

export async function listAssignments(event: MemberEvent, now: Date): Promise<Answer> {
  const clientId = clientIdOf(event);
  const { items } = await queryPrefix(event.caller.practiceId, assignmentPrefix(clientId), { limit: 200 });
  const timezone = await practiceTimezone(event.caller.practiceId);
  const data = await Promise.all(items.map((a) => assignmentView(event.caller.practiceId, a, timezone, now)));
  return { data, audit: { action: 'assessment.list', entityType: 'Client', entityId: clientId } };
}

/**
 * The cursor of a paged list: the resolver opened the caller's sealed token (bound to them, the
 * field and its arguments: resolvers/functions/invokeAssessments.ts) and hands its inner sort key;
 * the key range is rebuilt here from the caller, so a key outside it is refused, never read.
 */
function cursorOf(event: MemberEvent, prefix: string): string | undefined {
  const cursor = event.cursor;
  if (cursor === undefined || cursor === null) return undefined;
  if (typeof cursor !== 'string' || cursor.length > 512 || !cursor.startsWith(prefix)) throw new Refusal(INVALID_PAGE_TOKEN, 'ValidationError', [{ field: 'nextToken', reason: 'format' }]);
  return cursor;
}

export async function listResponses(event: MemberEvent): Promise<Answer> {
  const clientId = clientIdOf(event);
  const prefix = responsePrefix(clientId);
  const start = cursorOf(event, prefix);
  const { items, last } = await queryPrefix(event.caller.practiceId, prefix, { limit: RESPONSE_PAGE, start });
  const instrumentLabel = (id: unknown) => instrumentById(id);
  const data = {
    items: items.map((r) => ({
      id: r.id, clientId: r.clientId, instrumentId: r.instrumentId, assignmentId: r.assignmentId ?? null, submittedAt: r.submittedAt, status: r.status, score: r.score ?? null,
      band: r.band ?? null, bandLabel: instrumentLabel(r.instrumentId)?.bands.find((b) => b.code === r.band)?.label ?? null, answers: JSON.stringify(r.answers ?? {}), alerts: r.alerts ?? [],
      baseline: r.baseline ?? null, change: r.change ?? null, response: !!r.response, remission: !!r.remission, reliableChange: r.reliableChange ?? null,
    })),
    nextToken: last,
  };
  return { data, audit: { action: 'assessment.read', entityType: 'Client', entityId: clientId, entityIds: items.map((r) => r.id as string) } };
}

function alertView(a: Item, clientName: string | null) {
  return {
    id: a.id, clientId: a.clientId, clientName, therapistId: a.therapistId, instrumentId: a.instrumentId, responseId: a.responseId, reasons: a.reasons ?? [], raisedAt: a.raisedAt,
    state: a.state, resolvedAt: a.resolvedAt ?? null, resolvedBy: a.resolvedBy ?? null, resolutionNote: a.resolutionNote ?? null,
  };
}

export async function listAlerts(event: MemberEvent): Promise<Answer> {
  const { practiceId, sub, roles } = event.caller;
  const own = clientScope(roles) === 'own';
  const state = event.args.resolved === true ? 'resolved' : 'open';
  let start = cursorOf(event, ALERT_PREFIX);
  const found: Item[] = [];
  let last: string | null = null;
  // A filtered Query: a few reads at most fill a page (alerts are few beside the practice's other items).
  for (let read = 0; read < 10 && found.length < ALERT_PAGE; read += 1) {
    const page = await queryPrefix(practiceId, ALERT_PREFIX, { limit: 100, start, filter: own ? { state, therapistId: sub } : { state } });
    for (const item of page.items) if (found.length < ALERT_PAGE) { found.push(item); last = item.SK as string; }
    if (!page.last) { if (found.length < ALERT_PAGE) last = null; break; }
    if (found.length >= ALERT_PAGE) break;
    start = page.last;
    last = page.last;
  }
  const names = new Map<string, string | null>();
  for (const id of new Set(found.map((a) => a.clientId as string))) names.set(id, clientDisplayName(await clientRecord(practiceId, id)));
  const data = { items: found.map((a) => alertView(a, names.get(a.clientId as string) ?? null)), nextToken: last };
  return { data, audit: found.length ? { action: 'riskAlert.list', entityType: 'Client', entityId: null, entityIds: [...names.keys()] } : null };
}

export async function resolveAlert(event: MemberEvent, now: Date): Promise<Answer> {
  const { practiceId, sub, roles } = event.caller;
  const id = event.args.alertId;
  const alert = typeof id === 'string' && /^\d{13}-[0-9a-f]{8}$/.test(id) ? await getItem(alertKey(practiceId, id)) : null;
  if (!alert || (clientScope(roles) === 'own' && alert.therapistId !== sub)) return refuse('alertNotFound', 'NotFound', 'alertId');
  const note = readHumanText(event.args.note, 'long', MAX_NOTE_LENGTH);
  if (note.problem === 'length') refuse('noteTooLong', 'ValidationError', 'note');
  if (note.problem || !note.value) refuse('note', 'ValidationError', 'note');
  if (alert.state !== 'open') refuse('alreadyResolved', 'ValidationError', 'alertId');
  const at = now.toISOString();
  try {
    await dynamo().send(new UpdateCommand({
      TableName: table('PRACTICE_TABLE'), Key: alertKey(practiceId, id as string),
      UpdateExpression: 'SET #state = :resolved, resolvedAt = :at, resolvedBy = :me, resolutionNote = :note', ConditionExpression: '#state = :open',
      ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':resolved': 'resolved', ':open': 'open', ':at': at, ':me': sub, ':note': note.value },
    }));
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') refuse('alreadyResolved', 'ValidationError', 'alertId');
    throw error;
  }
  const name = clientDisplayName(await clientRecord(practiceId, alert.clientId as string));
  return {
    data: alertView({ ...alert, state: 'resolved', resolvedAt: at, resolvedBy: sub, resolutionNote: note.value }, name),
    audit: { action: 'riskAlert.resolve', entityType: 'Client', entityId: alert.clientId as string, entityIds: [id as string] },
  };
}
