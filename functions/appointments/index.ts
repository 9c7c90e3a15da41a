/**
 * appointments: AppSync Lambda data source for createAppointment, editAppointment,
 * cancelAppointment and setAppointmentStatus (after `authorize` and `Appointment.access`).
 * Payload: {field, caller: {sub, practiceId, roles, groups}, args}; the practice and roles come
 * from the membership read by `authorize`, never from arguments.
 *
 * Every occurrence is its own item (domain/appointment.ts keys); a recurring appointment also has
 * a series item listing its occurrences, so a SERIES edit or cancel reaches this and the later
 * ones with one BatchGet. Writes are one TransactWriteItems: each occurrence conditioned on its
 * version, and — when the practice forbids double-booking — the clinician's schedule lock bumped
 * on the value read before the overlap check, so two concurrent bookings cannot both pass it.
 *
 * Expected refusals come back as data, {refusal: {message, errorType, fields}} (functions/shared/
 * refusal.ts: AppSync passes no errorType or errorInfo from a Lambda error); the result of a write
 * is the stored items (the resolver shapes them for the caller). Unexpected failures are logged
 * under a correlation id, without PHI, and reach the caller as the generic internal error.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { reminderIndexKeys } from '../../domain/reminders.ts';
import { appointmentAccess, canSee, canWrite, isClinician, type AppointmentAccess } from '../../domain/appointment/access.ts';
import { formatDateTime, parseDateTime } from '../../domain/appointment/calendar.ts';
import { endOf, MAX_DURATION_MINUTES, validateAppointmentInput, type AppointmentData } from '../../domain/appointment/input.ts';
import { appointmentIndexKeys, appointmentKey, appointmentSeriesKey, appointmentSettingsKey, clinicianPartition, clinicianScheduleKey, servicesKey } from '../../domain/appointment/keys.ts';
import { appointmentProblemMessage, type AppointmentProblem } from '../../domain/appointment/problems.ts';
import { servicesOf } from '../../domain/appointment/services.ts';
import { appointmentSettingsOf } from '../../domain/appointment/settings.ts';
import { cancelStatus, isCancelled } from '../../domain/appointment/status.ts';
import { clientKey } from '../../domain/client.ts';
import { clientScope } from '../../domain/permissions.ts';
import { settingsKey } from '../../domain/practice.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { expandOccurrences, shiftWallClock, usableTimezone } from '../../domain/recurrence.ts';
import { dynamo, table } from '../shared/aws.ts';
import { getMembership } from '../shared/membership.ts';
import { appsyncHandler, Refusal, type RefusalPayload } from '../shared/refusal.ts';
import { sendBookingConfirmation } from './confirmation.ts';
import { claimAppointmentRooms } from '../shared/video-room.ts';

export interface AppointmentsRequest {
  field: 'createAppointment' | 'editAppointment' | 'cancelAppointment' | 'setAppointmentStatus';
  caller: { sub: string; practiceId: string; roles: string[]; groups?: string[] };
  args: { id?: unknown; version?: unknown; scope?: unknown; status?: unknown; input?: unknown };
}

type Item = Record<string, any>;
export type AppointmentsResult = Item[] | RefusalPayload;

const NOT_FOUND = 'Appointment not found';
const invalid = (fields: AppointmentProblem[]) => new Refusal(appointmentProblemMessage(fields), 'ValidationError', fields);
const conflict = () => new Refusal(MESSAGES.appointmentChanged, 'ConflictError');

/** An unguessable video room id: 32 characters of [A-Za-z0-9_-] (192 random bits; see functions/shared/video-ticket.ts). */
export function newVideoRoomId(): string {
  return randomBytes(24).toString('base64url');
}

function practiceTable(): string {
  return table('PRACTICE_TABLE');
}

async function getItem(key: { PK: string; SK: string }): Promise<Item | null> {
  const out = await dynamo().send(new GetCommand({ TableName: practiceTable(), Key: key, ConsistentRead: true }));
  return (out.Item as Item | undefined) ?? null;
}

interface PracticeContext {
  timezone: string;
  locations: string[];
  lateCancelHours: number;
  allowDoubleBooking: boolean;
  serviceCodes: string[];
}

async function practiceContext(practiceId: string): Promise<PracticeContext> {
  const [details, settings, services] = await Promise.all([
    getItem(settingsKey(practiceId, 'PracticeDetails')),
    getItem(appointmentSettingsKey(practiceId)),
    getItem(servicesKey(practiceId)),
  ]);
  const data = (details?.data ?? {}) as Item;
  const rules = appointmentSettingsOf(settings);
  return {
    timezone: usableTimezone(data.timezone),
    locations: Array.isArray(data.locations) ? data.locations.map((l: Item) => l?.name).filter((n: unknown): n is string => typeof n === 'string') : [],
    lateCancelHours: rules.lateCancelHours,
    allowDoubleBooking: rules.allowDoubleBooking,
    serviceCodes: servicesOf(services).map((s) => s.code),
  };
}

/** The client if the caller may book it: active, in the practice, and theirs for an own-clients caller. */
async function bookableClient(practiceId: string, clientId: string, caller: AppointmentsRequest['caller']): Promise<Item> {
  const client = await getItem(clientKey(practiceId, clientId));
  const ok = client && client.status !== 'archived' && (clientScope(caller.roles) === 'all' || client.therapistId === caller.sub);
  if (!ok) throw invalid([{ field: 'clientId', reason: 'unknown', message: MESSAGES.unknownClient }]);
  return client as Item;
}

/** The clinician's membership if they are a clinician of the practice. */
async function practiceClinician(practiceId: string, clinicianId: string): Promise<Item> {
  const member = (await getMembership(clinicianId)) as Item | null;
  if (!member || member.practiceId !== practiceId || !isClinician(member.roles)) {
    throw invalid([{ field: 'clinicianId', reason: 'unknown', message: MESSAGES.unknownClinician }]);
  }
  return member;
}

function clientName(client: Item): string {
  const person = (client.personalDetail ?? {}) as Item;
  return [person.first, person.last].filter((p) => typeof p === 'string' && p.length > 0).join(' ');
}

function clinicianName(member: Item): string | null {
  const name = [member.firstName, member.lastName].filter((p) => typeof p === 'string' && p.length > 0).join(' ');
  return name.length > 0 ? name : null;
}

function checkCatalog(data: AppointmentData, context: PracticeContext, given: string[] | null): void {
  const problems: AppointmentProblem[] = [];
  if ((given === null || given.includes('serviceCode')) && !context.serviceCodes.includes(data.serviceCode)) {
    problems.push({ field: 'serviceCode', reason: 'unknown', message: MESSAGES.unknownService });
  }
  if ((given === null || given.includes('locationName')) && data.locationName !== null && context.locations.length > 0 && !context.locations.includes(data.locationName)) {
    problems.push({ field: 'locationName', reason: 'unknown', message: MESSAGES.unknownLocation });
  }
  if (problems.length > 0) throw invalid(problems);
}

interface Slot {
  startMs: number;
  endMs: number;
}

/**
 * The clinician's schedule lock value, and whether any of `slots` overlaps one of their
 * appointments that is not cancelled (ids in `except` are the ones being moved).
 */
async function scheduleCheck(practiceId: string, clinicianId: string, slots: Slot[], except: Set<string>): Promise<{ seq: number | null; clash: boolean }> {
  const lock = await getItem(clinicianScheduleKey(practiceId, clinicianId));
  const from = Math.min(...slots.map((s) => s.startMs)) - MAX_DURATION_MINUTES * 60000;
  const to = Math.max(...slots.map((s) => s.endMs));
  let start: Record<string, unknown> | undefined;
  let clash = false;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: practiceTable(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :lo AND :hi',
        ExpressionAttributeValues: { ':pk': clinicianPartition(practiceId, clinicianId), ':lo': `APPT#${formatDateTime(from)}`, ':hi': `APPT#${formatDateTime(to)}` },
        ExclusiveStartKey: start,
      }),
    );
    for (const other of out.Items ?? []) {
      if (except.has(other.id) || isCancelled(other.status)) continue;
      const os = parseDateTime(other.start) ?? 0;
      const oe = parseDateTime(other.end) ?? 0;
      if (slots.some((s) => s.startMs < oe && os < s.endMs)) clash = true;
    }
    start = out.LastEvaluatedKey;
  } while (start && !clash);
  return { seq: typeof lock?.seq === 'number' ? lock.seq : null, clash };
}

const doubleBooked = () => invalid([{ field: 'start', reason: 'conflict', message: MESSAGES.clinicianDoubleBooked }]);

/** The lock bump that makes the overlap check hold at write time. */
function lockUpdate(practiceId: string, clinicianId: string, seq: number | null) {
  return {
    Update: {
      TableName: practiceTable(),
      Key: clinicianScheduleKey(practiceId, clinicianId),
      UpdateExpression: 'SET seq = :next',
      ConditionExpression: seq === null ? 'attribute_not_exists(seq)' : 'seq = :seq',
      ExpressionAttributeValues: { ':next': (seq ?? 0) + 1, ...(seq === null ? {} : { ':seq': seq }) },
    },
  };
}

/** The stored attributes of one occurrence (also used by the local seed). */
export function occurrenceItem(
  practiceId: string,
  id: string,
  data: AppointmentData,
  startMs: number,
  extra: { clinicianId: string; clientName: string; clinicianName: string | null; seriesId: string | null; recurrence: Item | null; videoRoomId: string | null; status: string; version: number; createdAt: string; createdBy: string; updatedAt: string; updatedBy: string; progressNoteId?: string | null },
): Item {
  const start = formatDateTime(startMs);
  return {
    ...appointmentKey(practiceId, id),
    ...appointmentIndexKeys(practiceId, id, extra.clinicianId, start),
    // Listed for the reminder job (functions/appointment-reminders) while a reminder is wanted.
    ...(data.sendEmailReminder && extra.status === 'SCHEDULED' ? reminderIndexKeys(practiceId, id, start) : {}),
    entity: 'Appointment',
    id,
    practiceId,
    seriesId: extra.seriesId,
    clientId: data.clientId,
    clientName: extra.clientName,
    clinicianId: extra.clinicianId,
    clinicianName: extra.clinicianName,
    serviceCode: data.serviceCode,
    locationType: data.locationType,
    locationName: data.locationName,
    start,
    end: formatDateTime(endOf(startMs, data.durationMinutes)),
    durationMinutes: data.durationMinutes,
    recurrence: extra.recurrence,
    status: extra.status,
    sendEmailReminder: data.sendEmailReminder,
    videoRoomId: data.locationType === 'TELEHEALTH' ? extra.videoRoomId ?? newVideoRoomId() : null,
    progressNoteId: extra.progressNoteId ?? null,
    version: extra.version,
    createdAt: extra.createdAt,
    createdBy: extra.createdBy,
    updatedAt: extra.updatedAt,
    updatedBy: extra.updatedBy,
  };
}

function accessOf(caller: AppointmentsRequest['caller']): AppointmentAccess {
  return appointmentAccess(caller.roles, caller.groups ?? []);
}

/** Runs a write up to three times when the clinician's schedule changed between check and write. */
async function withScheduleRetry<T>(attempt: () => Promise<T>): Promise<T> {
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
async function transact(items: Item[], lockIndex: number | null): Promise<void> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items as never }));
  } catch (err) {
    if ((err as Error)?.name !== 'TransactionCanceledException') throw err;
    const reasons = ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code);
    if (lockIndex !== null && reasons[lockIndex] === 'ConditionalCheckFailed' && reasons.filter((c) => c === 'ConditionalCheckFailed').length === 1) {
      throw Object.assign(err as Error, { lockLost: true });
    }
    throw conflict();
  }
}

// ---------------------------------------------------------------------------------------------

export async function createAppointment(request: AppointmentsRequest, now = new Date()): Promise<Item[]> {
  const { caller } = request;
  const access = accessOf(caller);
  if (access.write === 'none') throw new Refusal('Not Authorized', 'Unauthorized');
  const { problems, data } = validateAppointmentInput(request.args.input, null, now.getTime());
  if (problems.length > 0) throw invalid(problems);
  const clinicianId = data.clinicianId ?? caller.sub;
  if (!canWrite(access, caller.sub, clinicianId)) throw new Refusal('Not Authorized', 'Unauthorized');
  const [context, client, clinician] = await Promise.all([
    practiceContext(caller.practiceId),
    bookableClient(caller.practiceId, data.clientId, caller),
    practiceClinician(caller.practiceId, clinicianId),
  ]);
  checkCatalog(data, context, null);
  const expansion = expandOccurrences(data.startMs, context.timezone, data.recurrence);
  if (expansion.problem === 'untilBeforeStart') throw invalid([{ field: 'recurrence.until', reason: 'format', message: MESSAGES.untilBeforeStart }]);
  if (expansion.problem === 'tooManyOccurrences') throw invalid([{ field: 'recurrence', reason: 'length', message: MESSAGES.tooManyOccurrences }]);
  const slots = expansion.starts.map((s) => ({ startMs: s, endMs: endOf(s, data.durationMinutes) }));
  const seriesId = data.recurrence ? randomUUID() : null;
  const recurrence = data.recurrence ? { ...data.recurrence, rrule: expansion.rrule } : null;
  const stamp = now.toISOString();
  const ids = slots.map(() => randomUUID());
  const items = slots.map((slot, i) =>
    occurrenceItem(caller.practiceId, ids[i], data, slot.startMs, {
      clinicianId, clientName: clientName(client), clinicianName: clinicianName(clinician), seriesId, recurrence, videoRoomId: null, status: 'SCHEDULED',
      version: 1, createdAt: stamp, createdBy: caller.sub, updatedAt: stamp, updatedBy: caller.sub,
    }),
  );
  await withScheduleRetry(async () => {
    const writes: Item[] = items.map((item) => ({ Put: { TableName: practiceTable(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' } }));
    if (seriesId) {
      writes.push({
        Put: {
          TableName: practiceTable(),
          Item: { ...appointmentSeriesKey(caller.practiceId, seriesId), entity: 'AppointmentSeries', id: seriesId, practiceId: caller.practiceId, recurrence, occurrenceIds: ids, timezone: context.timezone, createdAt: stamp, createdBy: caller.sub },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      });
    }
    let lockIndex: number | null = null;
    if (!context.allowDoubleBooking) {
      const check = await scheduleCheck(caller.practiceId, clinicianId, slots, new Set());
      if (check.clash) throw doubleBooked();
      lockIndex = writes.length;
      writes.push(lockUpdate(caller.practiceId, clinicianId, check.seq));
    }
    await transact(writes, lockIndex);
  });
  await claimAppointmentRooms(caller.practiceId, items, now);
  // The client hears of the booking by their preferred channel (issue 19); sending never fails the booking.
  await sendBookingConfirmation(caller.practiceId, client, items);
  return items;
}

/** The appointment if the caller sees it (else NotFound, like a missing one) and may change it (else Unauthorized). */
async function writableAppointment(request: AppointmentsRequest): Promise<{ item: Item; access: AppointmentAccess; version: number }> {
  const { caller, args } = request;
  const access = accessOf(caller);
  if (typeof args.id !== 'string' || args.id.length === 0 || args.id.length > 64) throw new Refusal(NOT_FOUND, 'NotFound');
  const item = await getItem(appointmentKey(caller.practiceId, args.id));
  if (!item || !canSee(access, caller.sub, item.clinicianId)) throw new Refusal(NOT_FOUND, 'NotFound');
  if (!canWrite(access, caller.sub, item.clinicianId)) throw new Refusal('Not Authorized', 'Unauthorized');
  if (typeof args.version !== 'number' || !Number.isInteger(args.version)) throw invalid([{ field: 'version', reason: 'format' }]);
  if (item.version !== args.version) throw conflict();
  return { item, access, version: args.version };
}

/** THIS: the appointment; SERIES: it and the later occurrences of its series that are still scheduled. */
async function targetsOf(practiceId: string, item: Item, scope: unknown): Promise<Item[]> {
  if (scope !== 'THIS' && scope !== 'SERIES') throw invalid([{ field: 'scope', reason: 'format' }]);
  if (scope === 'THIS' || !item.seriesId) return [item];
  const series = await getItem(appointmentSeriesKey(practiceId, item.seriesId));
  const ids: string[] = (series?.occurrenceIds ?? []).filter((id: string) => id !== item.id);
  const later: Item[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    let keys: Item[] = ids.slice(i, i + 100).map((id) => appointmentKey(practiceId, id));
    while (keys.length > 0) {
      const out = await dynamo().send(new BatchGetCommand({ RequestItems: { [practiceTable()]: { Keys: keys, ConsistentRead: true } } }));
      later.push(...((out.Responses?.[practiceTable()] ?? []) as Item[]));
      keys = (out.UnprocessedKeys?.[practiceTable()]?.Keys ?? []) as Item[];
    }
  }
  const from = item.start as string;
  return [item, ...later.filter((o) => o.status === 'SCHEDULED' && o.start > from).sort((a, b) => (a.start < b.start ? -1 : 1))];
}

function versionGuard(item: Item, next: Item): Item {
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

export async function editAppointment(request: AppointmentsRequest, now = new Date()): Promise<Item[]> {
  const { caller, args } = request;
  const { item, access } = await writableAppointment(request);
  if (item.status !== 'SCHEDULED') throw invalid([{ field: 'status', reason: 'format', message: MESSAGES.appointmentNotScheduled }]);
  const { problems, data, given } = validateAppointmentInput(args.input, item, now.getTime());
  if (given.includes('recurrence')) problems.push({ field: 'recurrence', reason: 'format', message: MESSAGES.recurrenceFixed });
  if (problems.length > 0) throw invalid(problems);
  const clinicianId = data.clinicianId ?? item.clinicianId;
  if (clinicianId !== item.clinicianId && !canWrite(access, caller.sub, clinicianId)) throw new Refusal('Not Authorized', 'Unauthorized');
  const [context, targets] = await Promise.all([practiceContext(caller.practiceId), targetsOf(caller.practiceId, item, args.scope)]);
  checkCatalog(data, context, given);
  const client = given.includes('clientId') && data.clientId !== item.clientId ? await bookableClient(caller.practiceId, data.clientId, caller) : null;
  const clinician = clinicianId !== item.clinicianId ? await practiceClinician(caller.practiceId, clinicianId) : null;
  const oldStart = parseDateTime(item.start) as number;
  const stamp = now.toISOString();
  const next = targets.map((target) => {
    const targetStart = parseDateTime(target.start) as number;
    const startMs = target === item ? data.startMs : given.includes('start') ? shiftWallClock(targetStart, oldStart, data.startMs, context.timezone) : targetStart;
    // Series edits carry the changed fields only; each later occurrence keeps the rest of its own.
    const own = target === item ? data : validateAppointmentInput(Object.fromEntries(given.filter((f) => f !== 'start').map((f) => [f, (args.input as Item)[f]])), target).data;
    return occurrenceItem(caller.practiceId, target.id, { ...own, clinicianId }, startMs, {
      clinicianId,
      clientName: client ? clientName(client) : target.clientName,
      clinicianName: clinician ? clinicianName(clinician) : target.clinicianName ?? null,
      seriesId: target.seriesId ?? null,
      recurrence: target.recurrence ?? null,
      videoRoomId: target.videoRoomId ?? null,
      status: target.status,
      version: target.version + 1,
      createdAt: target.createdAt,
      createdBy: target.createdBy,
      updatedAt: stamp,
      updatedBy: caller.sub,
      progressNoteId: target.progressNoteId ?? null,
    });
  });
  await withScheduleRetry(async () => {
    const writes: Item[] = next.map((n, i) => versionGuard(targets[i], n));
    let lockIndex: number | null = null;
    if (!context.allowDoubleBooking) {
      const slots = next.map((n) => ({ startMs: parseDateTime(n.start) as number, endMs: parseDateTime(n.end) as number }));
      const check = await scheduleCheck(caller.practiceId, clinicianId, slots, new Set(targets.map((t) => t.id)));
      if (check.clash) throw doubleBooked();
      lockIndex = writes.length;
      writes.push(lockUpdate(caller.practiceId, clinicianId, check.seq));
    }
    await transact(writes, lockIndex);
  });
  await claimAppointmentRooms(caller.practiceId, next, now);
  return next;
}

export async function cancelAppointment(request: AppointmentsRequest, now = new Date()): Promise<Item[]> {
  const { caller, args } = request;
  const { item } = await writableAppointment(request);
  if (item.status !== 'SCHEDULED') throw invalid([{ field: 'status', reason: 'format', message: MESSAGES.appointmentNotScheduled }]);
  const [context, targets] = await Promise.all([practiceContext(caller.practiceId), targetsOf(caller.practiceId, item, args.scope)]);
  const stamp = now.toISOString();
  const next = targets.map((t) => ({
    ...t,
    status: cancelStatus(parseDateTime(t.start) as number, now.getTime(), context.lateCancelHours),
    version: t.version + 1,
    updatedAt: stamp,
    updatedBy: caller.sub,
  }));
  await transact(next.map((n, i) => versionGuard(targets[i], n)), null);
  return next;
}

const SETTABLE = ['ATTENDED', 'NO_SHOW', 'SCHEDULED'];

export async function setAppointmentStatus(request: AppointmentsRequest, now = new Date()): Promise<Item[]> {
  const { caller, args } = request;
  const { item } = await writableAppointment(request);
  const status = args.status;
  if (typeof status !== 'string' || !SETTABLE.includes(status)) throw invalid([{ field: 'status', reason: 'format' }]);
  const startMs = parseDateTime(item.start) as number;
  if (status !== 'SCHEDULED' && now.getTime() < startMs) throw invalid([{ field: 'status', reason: 'format', message: MESSAGES.appointmentNotStarted }]);
  if (status !== 'SCHEDULED' && isCancelled(item.status)) throw invalid([{ field: 'status', reason: 'format', message: MESSAGES.appointmentNotScheduled }]);
  const next = { ...item, status, version: item.version + 1, updatedAt: now.toISOString(), updatedBy: caller.sub };
  // Reinstating a cancelled appointment books the slot again.
  const context = status === 'SCHEDULED' && isCancelled(item.status) ? await practiceContext(caller.practiceId) : null;
  await withScheduleRetry(async () => {
    const writes: Item[] = [versionGuard(item, next)];
    let lockIndex: number | null = null;
    if (context && !context.allowDoubleBooking) {
      const check = await scheduleCheck(caller.practiceId, item.clinicianId, [{ startMs, endMs: parseDateTime(item.end) as number }], new Set([item.id]));
      if (check.clash) throw doubleBooked();
      lockIndex = 1;
      writes.push(lockUpdate(caller.practiceId, item.clinicianId, check.seq));
    }
    await transact(writes, lockIndex);
  });
  return [next];
}

export const handler: (event: AppointmentsRequest) => Promise<AppointmentsResult> = appsyncHandler('appointments', async (event: AppointmentsRequest): Promise<Item[]> => {
  if (!event?.caller?.sub || !event.caller.practiceId || !Array.isArray(event.caller.roles)) throw new Refusal('Not Authorized', 'Unauthorized');
  switch (event.field) {
    case 'createAppointment':
      return createAppointment(event);
    case 'editAppointment':
      return editAppointment(event);
    case 'cancelAppointment':
      return cancelAppointment(event);
    case 'setAppointmentStatus':
      return setAppointmentStatus(event);
    default:
      throw new Refusal('Unknown field', 'BadRequest');
  }
});
