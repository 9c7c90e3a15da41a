/**
 * Demo session packages (issue 15, session 8): the demo practice sells "4 sessions a month"
 * ($440 a month) and the demo portal client (Taylor Brooks) is on it from six days ago, with two
 * attended sessions of this period drawn down — their lines charge nothing and say "Package: 4
 * sessions a month (1 of 4)" / "(2 of 4)" — so /app/subscription shows 2 used, 2 left, and the
 * portal's billing page shows the package with "Start package" (not yet renewed by card). Written
 * as the billing Lambda writes them (lineFor + the draw-down item, lineItem). Session 9: Jordan
 * Reyes was on the same package from three months ago until the owner ended it at a period's end
 * last month, so the page shows an "Ended on" row (the billing seed's lines of those weeks are as it
 * wrote them: this seed draws nothing down for them).
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { validateAppointmentInput } from '../domain/appointment/input.ts';
import { catalogOf } from '../domain/billing/catalog.ts';
import { addDays } from '../domain/billing/ledger.ts';
import { addMonths, clientPackageKey, drawDownKey, packageNote, packagePlanKey, periodOf } from '../domain/billing/packages.ts';
import { clientFeesOf, lineFor } from '../domain/billing/session-line.ts';
import { clientKey } from '../domain/client.ts';
import { DEFAULT_TIMEZONE } from '../domain/field-readers.ts';
import { servicesKey } from '../domain/appointment/keys.ts';
import { fromFloating, localDate, toFloating } from '../domain/wall-clock.ts';
import { occurrenceItem } from '../functions/appointments/occurrence.ts';
import { lineItem } from '../functions/billing/lines.ts';
import type { SeededMember } from './seed-appointments.ts';

type Item = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The demo practice's package: its id is fixed so tests name it. */
export const DEMO_PACKAGE_PLAN = 'PKG_demo4';

function dayAt(now: Date, offset: number, hour: number): number {
  const local = new Date(toFloating(now.getTime(), DEFAULT_TIMEZONE));
  return fromFloating(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + offset, hour, 0, 0), DEFAULT_TIMEZONE);
}

export async function seedDemoPackages(db: DynamoDBDocumentClient, table: string, practiceId: string, members: SeededMember[], clientId: string, now = new Date()): Promise<void> {
  const stamp = now.toISOString();
  const owner = members.find((m) => m.roles.includes('owner'))!;
  const today = localDate(now.getTime(), DEFAULT_TIMEZONE);
  const plan = { id: DEMO_PACKAGE_PLAN, name: '4 sessions a month', sessionsPerPeriod: 4, priceCents: 44000, interval: 'month', version: 1 };
  const [client, services] = await Promise.all([
    db.send(new GetCommand({ TableName: table, Key: clientKey(practiceId, clientId) })).then((o) => o.Item as Item),
    db.send(new GetCommand({ TableName: table, Key: servicesKey(practiceId) })).then((o) => o.Item as Item | undefined),
  ]);
  const clinician = members.find((m) => m.sub === client.therapistId) ?? owner;
  const clientName = [client.personalDetail?.first, client.personalDetail?.last].filter(Boolean).join(' ');
  const startDate = addDays(today, -6);
  const period = periodOf(startDate, today)!;
  const items: Item[] = [
    { ...packagePlanKey(practiceId, plan.id), entity: 'PackagePlan', ...plan, createdAt: stamp, createdBy: owner.sub, updatedAt: stamp },
    {
      ...clientPackageKey(practiceId, clientId), entity: 'ClientPackage', clientId, clientName, planId: plan.id, planName: plan.name, sessionsPerPeriod: 4, priceCents: plan.priceCents,
      startDate, status: 'ACTIVE', endedOn: null, paidThrough: null, stripeSubscriptionId: null, version: 1, assignedAt: stamp, assignedBy: owner.sub, updatedAt: stamp,
    },
  ];
  // Two attended sessions of this period (5 and 2 days ago, 7 in the morning: clear of the demo calendar), drawn down.
  const drawn: string[] = [];
  for (const offset of [-5, -2]) {
    const startMs = dayAt(now, offset, 7);
    const { data } = validateAppointmentInput({ clientId, serviceCode: '90834', locationType: 'TELEHEALTH', start: new Date(startMs).toISOString(), durationMinutes: 45, sendEmailReminder: false });
    const id = randomUUID();
    const appointment = occurrenceItem(practiceId, id, data, startMs, {
      clinicianId: clinician.sub, clientName, clinicianName: `${clinician.givenName} ${clinician.familyName}`, seriesId: null, recurrence: null, videoRoomId: null, status: 'ATTENDED',
      version: 1, createdAt: stamp, createdBy: owner.sub, updatedAt: stamp, updatedBy: owner.sub,
    });
    const date = localDate(startMs, DEFAULT_TIMEZONE);
    const line = lineFor(appointment as never, date, catalogOf(services ?? null), clientFeesOf(null))!;
    drawn.push(id);
    const covered = { ...line, serviceName: `${line.serviceName} — ${packageNote(plan.name, drawn.length, 4)}`, listFeeCents: line.feeCents, feeCents: 0, amountCents: 0, packagePeriod: period.start };
    items.push(appointment, { ...lineItem(practiceId, covered, client.therapistId ?? clinician.sub, stamp), createdAt: stamp });
  }
  items.push({ ...drawDownKey(practiceId, clientId, period.start), entity: 'PackageDrawDown', clientId, periodEnd: period.end, drawn });
  // A package ended last month (session 9): three months ago until the end of its second period.
  const clients = ((await db.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': `P#${practiceId}`, ':sk': 'Client#' } }))).Items ?? []) as Item[];
  const jordan = clients.find((c) => c.personalDetail?.first === 'Jordan' && c.personalDetail?.last === 'Reyes');
  if (jordan) {
    const started = addMonths(today, -3);
    items.push({
      ...clientPackageKey(practiceId, jordan.id), entity: 'ClientPackage', clientId: jordan.id, clientName: 'Jordan Reyes', planId: plan.id, planName: plan.name, sessionsPerPeriod: 4, priceCents: plan.priceCents,
      startDate: started, status: 'ENDED', endedOn: addMonths(started, 2), endedBy: owner.sub, endedAt: stamp, paidThrough: null, stripeSubscriptionId: null, version: 2, assignedAt: stamp, assignedBy: owner.sub, updatedAt: stamp,
    });
  }
  for (let i = 0; i < items.length; i += 25) {
    await db.send(new BatchWriteCommand({ RequestItems: { [table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
}
