/**
 * Reading appointments (listAppointments, getAppointment, getServicesOffered, listClinicians,
 * getAppointmentSettings) against the whole local runtime with the seeded demo practice: the demo
 * calendar, ranges that overlap, a year in pages of one Query each, and the audit of reads and
 * writes with ids only.
 */
import { describe, expect, it } from 'vitest';
import { appointmentsApi, CREATE, GET, LIST, local } from '../support/appointments-api.ts';

const api = appointmentsApi();
const { call, subs, single } = api;

/** [first instant, first instant of the next month] of the current month in US/Pacific, as UTC ISO strings. */
function currentPacificMonth(): { from: string; to: string } {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: 'US/Pacific', year: 'numeric', month: '2-digit' }).formatToParts(new Date()).map((p) => [p.type, p.value]));
  const year = Number(parts.year);
  const month = Number(parts.month);
  // Midnight Pacific is 07:00 or 08:00 UTC; 12:00 UTC of the 1st keeps clear of both months' edges for the seeded hours (9:00-16:00 local).
  return { from: new Date(Date.UTC(year, month - 1, 1, 7)).toISOString(), to: new Date(Date.UTC(year, month, 1, 7)).toISOString() };
}

describe('the demo calendar (seed)', () => {
  it('has 10 appointments this month: demo clinicians and clients, one weekly series of 4, some telehealth', async () => {
    const { from, to } = currentPacificMonth();
    // The client portal's demo client (issue 12, local/seed-client-portal.ts) has sessions of its own, 2, 9 and 16 days ahead.
    const items = (await call('owner', LIST, { from, to })).data.listAppointments.items.filter((a: { clientName: string }) => a.clientName !== 'Taylor Brooks');
    expect(items).toHaveLength(10);
    const clinicians = new Set([subs.owner, subs.fullclient, subs.basicbilling, subs.basic]);
    expect(items.every((a: { clinicianId: string }) => clinicians.has(a.clinicianId))).toBe(true);
    expect(new Set(items.map((a: { clientName: string }) => a.clientName))).toEqual(new Set(['Avery Lane', 'Jordan Reyes', 'Casey Nguyen', 'Riley Patel', 'Morgan Ellis']));
    const series = items.filter((a: { seriesId: string | null }) => a.seriesId !== null);
    expect(series).toHaveLength(4);
    expect(new Set(series.map((a: { start: string }) => local(a.start)))).toEqual(new Set(['Tue 10:00']));
    expect(items.filter((a: { locationType: string }) => a.locationType === 'TELEHEALTH').length).toBeGreaterThanOrEqual(3);
    expect(items.filter((a: { locationType: string; videoRoomId: string | null }) => a.locationType === 'TELEHEALTH' && a.videoRoomId)).toHaveLength(3);
    const mine = (await call('basic', LIST, { from, to })).data.listAppointments.items;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((a: { clinicianId: string }) => a.clinicianId === subs.basic)).toBe(true);
    // The seeded clients are ordinary clients of their clinicians.
    expect((await call('basic', '{ getClients { items { personalDetail { first last } } } }')).data.getClients.items.map((c: any) => c.personalDetail.last)).toContain('Ellis');
  });

  it('offers the practice services (CPT codes) and lists the demo clinicians by name', async () => {
    const services = (await call('scheduler', '{ getServicesOffered { code description defaultMinutes } }')).data.getServicesOffered;
    expect(services.map((s: { code: string }) => s.code)).toEqual(['90791', '90792', '90832', '90834', '90837', '90846', '90847', '90853', '90839', '90840', '99213', '99214', '90833', '90836', '90838', '90785']);
    expect(services.find((s: { code: string }) => s.code === '90791').defaultMinutes).toBe(60);
    const clinicians = (await call('scheduler', '{ listClinicians { id name } }')).data.listClinicians;
    expect(clinicians).toEqual(expect.arrayContaining([{ id: subs.owner, name: 'Olivia Owens' }, { id: subs.basic, name: 'Ben Baker' }]));
    expect(clinicians.map((c: { id: string }) => c.id)).not.toContain(subs.scheduler);
    expect((await call('basic', '{ listClinicians { id name } }')).data.listClinicians).toEqual([{ id: subs.basic, name: 'Ben Baker' }]);
    const settings = (await call('supervisor', '{ getAppointmentSettings { lateCancelHours allowDoubleBooking timezone locations version } }')).data.getAppointmentSettings;
    expect(settings).toEqual({ lateCancelHours: 24, allowDoubleBooking: false, timezone: 'US/Pacific', locations: [], version: 0 });
    expect((await call('coordinator', '{ listClinicians { id } }')).errors?.[0].errorType).toBe('Unauthorized');
  });
});

describe('listing and getting appointments', () => {
  it('lists what overlaps the range (an appointment running into it counts), in start order', async () => {
    const a = (await call('owner', CREATE, { input: single('2037-05-05T16:30:00Z', { durationMinutes: 60 }) })).data.createAppointment[0];
    const b = (await call('owner', CREATE, { input: single('2037-05-05T18:00:00Z') })).data.createAppointment[0];
    const list = (await call('owner', LIST, { from: '2037-05-05T17:00:00Z', to: '2037-05-05T18:00:01Z' })).data.listAppointments.items;
    expect(list.map((x: { id: string }) => x.id)).toEqual([a.id, b.id]);
    expect((await call('owner', LIST, { from: '2037-05-05T17:30:00Z', to: '2037-05-05T18:00:00Z' })).data.listAppointments.items).toEqual([]);
    const bad = await call('owner', LIST, { from: '2037-05-05T18:00:00Z', to: '2037-05-05T17:00:00Z' });
    expect(bad.errors?.[0].errorType).toBe('ValidationError');
  });

  it('a year of the practice is one Query per page of 200 (plus authorize and audit), never a Scan; a get is one GetItem', async () => {
    // Five weekly series of 52 (260 appointments) in 2041, at different hours.
    for (const hour of [15, 16, 17, 18, 19]) {
      const out = await call('owner', CREATE, { input: single(`2041-01-01T${hour}:00:00Z`, { recurrence: { frequency: 'WEEKLY', interval: 1, count: 52 } }) });
      expect(out.data.createAppointment).toHaveLength(52);
    }
    const counter = api.runtime.dynamoRequests!;
    const steps = { 'Directory:GetItem': 1, 'Audit:PutItem': 1 };
    const seen: string[] = [];
    let nextToken: string | null = null;
    let pages = 0;
    do {
      counter.take();
      const page: any = (await call('owner', LIST, { from: '2041-01-01T00:00:00Z', to: '2042-01-01T00:00:00Z', nextToken })).data.listAppointments;
      expect(counter.take()).toEqual({ ...steps, 'Practice:Query': 1 });
      seen.push(...page.items.map((a: { start: string }) => a.start));
      nextToken = page.nextToken;
      pages += 1;
    } while (nextToken && pages < 5);
    expect(seen).toHaveLength(260);
    expect([...seen].sort()).toEqual(seen);
    expect(pages).toBe(2);
    counter.take();
    expect((await call('owner', GET, { id: (await call('owner', LIST, { from: '2041-01-01T00:00:00Z', to: '2041-01-02T00:00:00Z' })).data.listAppointments.items[0].id })).errors).toBeUndefined();
    const counts = counter.take();
    expect(counts['Practice:GetItem']).toBe(1);
    expect(Object.keys(counts).some((k) => k.endsWith(':Scan'))).toBe(false);
  });

  it('audits reads and writes with ids only', async () => {
    const a = (await call('owner', CREATE, { input: single('2038-01-05T17:00:00Z') })).data.createAppointment[0];
    await call('basic', GET, { id: a.id });
    const trail = (await call('owner', '{ listAuditTrail { items { actor action entityType entityId entityIds } } }')).data.listAuditTrail.items;
    expect(trail).toContainEqual(expect.objectContaining({ actor: subs.owner, action: 'appointment.create', entityIds: [a.id] }));
    expect(trail).toContainEqual(expect.objectContaining({ actor: subs.basic, action: 'appointment.read.miss', entityId: a.id }));
    expect(JSON.stringify(trail)).not.toContain('Olga');
  });
});
