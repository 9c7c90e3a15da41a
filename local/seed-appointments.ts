/**
 * The demo practice's clients, services and calendar (spec part 2 §9: "10 demo events, default view
 * month"), seeded once with the practice (local/seed.ts): five clients of the demo clinicians, the
 * practice's services (CPT codes), and ten appointments in the current month of the practice's
 * timezone (US/Pacific) — one weekly series of four, three of them telehealth. Items are built by
 * the same code the API writes with (clientItems, occurrenceItem), so the seeded ones behave like
 * any other. Local demo data only.
 */
import type { BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CLIENT_STATUS, clientItems, validateClientInput } from '../domain/client.ts';
import { endOf, validateAppointmentInput } from '../domain/appointment/input.ts';
import { appointmentSeriesKey, servicesKey } from '../domain/appointment/keys.ts';
import { DEFAULT_SERVICES } from '../domain/appointment/services.ts';
import { DEFAULT_TIMEZONE } from '../domain/field-readers.ts';
import { expandOccurrences, fromFloating, toFloating } from '../domain/recurrence.ts';
import { occurrenceItem } from '../functions/appointments/occurrence.ts';

export interface SeededMember {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  roles: string[];
}

const CLIENTS = [
  { first: 'Avery', last: 'Lane', dob: '04/12/1988', clinician: 'owner@demo.practiceportal.test' },
  { first: 'Jordan', last: 'Reyes', dob: '11/03/1992', clinician: 'owner@demo.practiceportal.test' },
  { first: 'Casey', last: 'Nguyen', dob: '07/21/1979', clinician: 'fullclient@demo.practiceportal.test' },
  { first: 'Riley', last: 'Patel', dob: '02/14/2001', clinician: 'basicbilling@demo.practiceportal.test' },
  { first: 'Morgan', last: 'Ellis', dob: '09/30/1995', clinician: 'basic@demo.practiceportal.test' },
];

/** Single appointments: client index, day of the month, local hour, minutes, service, telehealth. */
const SINGLES = [
  { client: 1, day: 2, hour: 9, minutes: 60, service: '90791', telehealth: false },
  { client: 2, day: 6, hour: 11, minutes: 45, service: '90834', telehealth: true },
  { client: 3, day: 12, hour: 14, minutes: 30, service: '90832', telehealth: false },
  { client: 4, day: 16, hour: 15, minutes: 60, service: '90837', telehealth: true },
  { client: 2, day: 20, hour: 13, minutes: 50, service: '90847', telehealth: false },
  { client: 4, day: 26, hour: 10, minutes: 60, service: '90853', telehealth: true },
];

async function batchPut(db: DynamoDBDocumentClient, tableName: string, items: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let requests: NonNullable<BatchWriteCommandInput['RequestItems']>[string] = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
      requests = out.UnprocessedItems?.[tableName] ?? [];
    }
  }
}

/** Local wall-clock time of this month (US/Pacific) as a UTC instant. */
function thisMonthAt(now: Date, day: number, hour: number): number {
  const local = new Date(toFloating(now.getTime(), DEFAULT_TIMEZONE));
  return fromFloating(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), day, hour, 0, 0), DEFAULT_TIMEZONE);
}

/** Past appointments get an outcome, so the status page has something in each column. */
function statusOf(startMs: number, now: Date, i: number): string {
  if (startMs >= now.getTime()) return 'SCHEDULED';
  return ['ATTENDED', 'ATTENDED', 'NO_SHOW', 'ATTENDED', 'LATE_CANCELLED'][i % 5];
}

export async function seedDemoAppointments(db: DynamoDBDocumentClient, tableName: string, practiceId: string, members: SeededMember[], now = new Date()): Promise<void> {
  const stamp = now.toISOString();
  const owner = members.find((m) => m.roles.includes('owner'))!;
  const byEmail = new Map(members.map((m) => [m.email, m]));
  const items: Record<string, unknown>[] = [];

  const clients = CLIENTS.map((c) => {
    const id = randomUUID();
    const clinician = byEmail.get(c.clinician)!;
    const { data } = validateClientInput({ personalDetail: { first: c.first, last: c.last }, dateOfBirth: c.dob, sendEmailReminder: true });
    // The client item and its name-search entries, as addClient writes them (domain/client.ts clientItems).
    items.push(...clientItems(practiceId, id, clinician.sub, data, { status: CLIENT_STATUS.active, version: 1, createdAt: stamp, updatedAt: stamp, createdBy: owner.sub, updatedBy: owner.sub }));
    return { id, name: `${c.first} ${c.last}`, clinician };
  });

  items.push({ ...servicesKey(practiceId), kind: 'ServicesOffered', services: DEFAULT_SERVICES, version: 1, updatedAt: stamp, updatedBy: owner.sub });

  const book = (clientIndex: number, startMs: number, minutes: number, service: string, telehealth: boolean, i: number, series: { id: string; recurrence: Record<string, unknown> } | null) => {
    const client = clients[clientIndex];
    const { data } = validateAppointmentInput({ clientId: client.id, serviceCode: service, locationType: telehealth ? 'TELEHEALTH' : 'OFFICE', start: new Date(startMs).toISOString(), durationMinutes: minutes, sendEmailReminder: true });
    const id = randomUUID();
    items.push(occurrenceItem(practiceId, id, data, startMs, {
      clinicianId: client.clinician.sub, clientName: client.name, clinicianName: `${client.clinician.givenName} ${client.clinician.familyName}`,
      seriesId: series?.id ?? null, recurrence: series?.recurrence ?? null, videoRoomId: null, status: statusOf(endOf(startMs, minutes), now, i),
      version: 1, createdAt: stamp, createdBy: owner.sub, updatedAt: stamp, updatedBy: owner.sub,
    }));
    return id;
  };

  // The weekly series: the owner with the first client, Tuesdays 10:00 from the month's first Tuesday, four times.
  const firstOfMonth = new Date(toFloating(thisMonthAt(now, 1, 10), DEFAULT_TIMEZONE));
  const firstTuesday = 1 + ((2 - firstOfMonth.getUTCDay() + 7) % 7);
  const seriesStart = thisMonthAt(now, firstTuesday, 10);
  const rule = { frequency: 'WEEKLY' as const, interval: 1, until: null, count: 4 };
  const expansion = expandOccurrences(seriesStart, DEFAULT_TIMEZONE, rule);
  const series = { id: randomUUID(), recurrence: { ...rule, rrule: expansion.rrule } };
  const occurrenceIds = expansion.starts.map((start, i) => book(0, start, 45, '90834', false, i, series));
  items.push({ ...appointmentSeriesKey(practiceId, series.id), entity: 'AppointmentSeries', id: series.id, practiceId, recurrence: series.recurrence, occurrenceIds, timezone: DEFAULT_TIMEZONE, createdAt: stamp, createdBy: owner.sub });

  SINGLES.forEach((s, i) => book(s.client, thisMonthAt(now, s.day, s.hour), s.minutes, s.service, s.telehealth, i + 1, null));

  await batchPut(db, tableName, items);
}
