/**
 * An assignment's occurrences as the Lambdas see them (issue 13). Date-based schedules are pure
 * (domain/assessments/schedule.ts); a before-each-appointment schedule reads the client's booked
 * appointments from the per-client appointment index (Practice GSI4 `P#<practice>#C#<client>#APPTS`
 * by start: one Query, the next 8 days) at the moment it is asked — nothing about appointments is
 * copied onto the assignment, so a moved or cancelled appointment moves or drops its occurrence
 * without the appointment's writes knowing about assessments.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { clientAppointmentsPartition } from '../../domain/appointment/keys.ts';
import {
  BEFORE_APPOINTMENT_HOURS, currentOccurrence, nextAppointmentOccurrence, nextOccurrence, openAppointmentOccurrence, type BookedAppointment, type Occurrence, type Schedule,
} from '../../domain/assessments/schedule.ts';
import { APPOINTMENT_POLL_MS } from '../../domain/assessments/reminders.ts';

type Item = Record<string, unknown>;

/** How far ahead the appointments are read: the lead, and a week of bookings for the next opening. */
const HORIZON_MS = BEFORE_APPOINTMENT_HOURS * 3_600_000 + 7 * 86_400_000;

export const isBeforeAppointment = (schedule: Schedule) => schedule.frequency === 'beforeAppointment';

/** The client's appointments starting after `now` within the horizon (at most 50: a week and more of sessions). */
export async function upcomingAppointments(practiceId: string, clientId: string, now: Date): Promise<BookedAppointment[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: table('PRACTICE_TABLE'), IndexName: 'GSI4',
    KeyConditionExpression: 'GSI4PK = :pk AND GSI4SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': clientAppointmentsPartition(practiceId, clientId), ':from': now.toISOString(), ':to': new Date(now.getTime() + HORIZON_MS).toISOString() + '~' },
    ExpressionAttributeNames: { '#start': 'start', '#status': 'status' },
    ProjectionExpression: 'id, #start, #status',
    Limit: 50,
  }));
  return ((out.Items ?? []) as Item[])
    .filter((a) => typeof a.id === 'string' && typeof a.start === 'string')
    .map((a) => ({ id: a.id as string, start: a.start as string, status: String(a.status) }));
}

export interface OccurrenceView {
  open: Occurrence | null;
  /** The next one to open after now (date-based: the schedule's; appointments: the next booked). */
  next: Occurrence | null;
}

/** The open occurrence and the next one, reading the appointments only for a before-appointment schedule. */
export async function occurrencesOf(practiceId: string, assignment: Item, timezone: string, now: Date): Promise<OccurrenceView> {
  const schedule = assignment.schedule as Schedule;
  const nowMs = now.getTime();
  if (!isBeforeAppointment(schedule)) return { open: currentOccurrence(schedule, timezone, nowMs), next: nextOccurrence(schedule, timezone, nowMs) };
  const appointments = await upcomingAppointments(practiceId, assignment.clientId as string, now);
  return { open: openAppointmentOccurrence(schedule, appointments, timezone, nowMs), next: nextAppointmentOccurrence(schedule, appointments, timezone, nowMs) };
}

export async function openOccurrenceOf(practiceId: string, assignment: Item, timezone: string, now: Date): Promise<Occurrence | null> {
  return (await occurrencesOf(practiceId, assignment, timezone, now)).open;
}

/** A schedule whose end date is past (UTC day; a day late at worst: one more poll). */
export const scheduleEnded = (schedule: Schedule, now: Date) => !!schedule.endDate && now.toISOString().slice(0, 10) > schedule.endDate;

/**
 * When the link job next looks at a link-delivered assignment: the next opening; for a
 * before-appointment schedule no later than the next poll (a session may be booked meanwhile),
 * unless the schedule has ended. Null: nothing left.
 */
export function nextLinkCheck(schedule: Schedule, view: OccurrenceView, now: Date): string | null {
  if (!isBeforeAppointment(schedule)) return view.next?.opensAt ?? null;
  if (scheduleEnded(schedule, now)) return null;
  const poll = new Date(now.getTime() + APPOINTMENT_POLL_MS).toISOString();
  return view.next && view.next.opensAt < poll ? view.next.opensAt : poll;
}
