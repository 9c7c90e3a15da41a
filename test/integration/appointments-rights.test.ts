/**
 * Appointments by role against the whole local runtime with the seeded demo practice: who sees
 * which (own / all / locked / the scheduler), who may create, change and cancel, and for whom.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appointmentsApi, CANCEL, CREATE, EDIT, GET, LIST } from '../support/appointments-api.ts';

const api = appointmentsApi();
const { call, subs, single } = api;

describe('appointments: visibility and rights by role', () => {
  let ownersId = '';
  let basicsId = '';

  beforeAll(async () => {
    const owners = await call('owner', CREATE, { input: single('2031-01-06T17:00:00Z') });
    expect(owners.errors).toBeUndefined();
    ownersId = owners.data.createAppointment[0].id;
    const basics = await call('basic', CREATE, { input: { ...single('2031-01-06T17:00:00Z'), clientId: api.basicClient, locationType: 'TELEHEALTH' } });
    expect(basics.errors).toBeUndefined();
    basicsId = basics.data.createAppointment[0].id;
  });

  it('creates for the caller by default, with the client name and a video room for telehealth', async () => {
    const basic = (await call('basic', GET, { id: basicsId })).data.getAppointment;
    expect(basic).toMatchObject({ clinicianId: subs.basic, clientId: api.basicClient, clientName: 'Bert Appt', locationType: 'TELEHEALTH', status: 'SCHEDULED', version: 1, readOnly: false, seriesId: null, recurrence: null });
    expect(basic.end).toBe('2031-01-06T17:45:00.000Z');
    expect(basic.videoRoomId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(basic.clientVideoPath).toBe(`/public/video/${basic.videoRoomId}/${subs.basic}`);
    const owners = (await call('owner', GET, { id: ownersId })).data.getAppointment;
    expect(owners).toMatchObject({ videoRoomId: null, clientVideoPath: null, clinicianId: subs.owner });
  });

  it("clinicianBasic cannot read another clinician's appointment, even by id, nor list it", async () => {
    const byId = await call('basic', GET, { id: ownersId });
    expect(byId.errors).toBeUndefined();
    expect(byId.data.getAppointment).toBeNull();
    const list = (await call('basic', LIST, { from: '2031-01-06T00:00:00Z', to: '2031-01-07T00:00:00Z' })).data.listAppointments.items;
    expect(list.map((a: { id: string }) => a.id)).toEqual([basicsId]);
    const asked = (await call('basic', LIST, { from: '2031-01-06T00:00:00Z', to: '2031-01-07T00:00:00Z', clinicianId: subs.owner })).data.listAppointments;
    expect(asked.items).toEqual([]);
    const edit = await call('basic', EDIT, { id: ownersId, version: 1, scope: 'THIS', input: { durationMinutes: 30 } });
    expect(edit.errors?.[0].errorType).toBe('NotFound');
    expect(await call('basicbilling', GET, { id: ownersId })).toMatchObject({ data: { getAppointment: null } });
  });

  it('owner, admin, full client, scheduler, supervisor and biller see all; supervisor and biller read only', async () => {
    for (const who of ['owner', 'admin', 'fullclient', 'scheduler', 'supervisor', 'biller'] as const) {
      const list = (await call(who, LIST, { from: '2031-01-06T00:00:00Z', to: '2031-01-07T00:00:00Z' })).data.listAppointments.items;
      expect([who, list.map((a: { id: string }) => a.id).sort()]).toEqual([who, [ownersId, basicsId].sort()]);
      const readOnly = who === 'supervisor' || who === 'biller';
      expect([who, list.every((a: { readOnly: boolean }) => a.readOnly === readOnly)]).toEqual([who, true]);
    }
    const onlyBasic = (await call('owner', LIST, { from: '2031-01-06T00:00:00Z', to: '2031-01-07T00:00:00Z', clinicianId: subs.basic })).data.listAppointments.items;
    expect(onlyBasic.map((a: { id: string }) => a.id)).toEqual([basicsId]);
  });

  it('supervisor and biller cannot write, coordinators cannot even read', async () => {
    for (const who of ['supervisor', 'biller'] as const) {
      expect((await call(who, CREATE, { input: single('2031-01-08T17:00:00Z') })).errors?.[0].errorType).toBe('Unauthorized');
      expect((await call(who, CANCEL, { id: ownersId, version: 1, scope: 'THIS' })).errors?.[0].errorType).toBe('Unauthorized');
    }
    expect((await call('coordinator', GET, { id: ownersId })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('coordinator', LIST, { from: '2031-01-06T00:00:00Z', to: '2031-01-07T00:00:00Z' })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('owner', GET, { id: ownersId })).data.getAppointment.version).toBe(1);
  });

  it('the scheduler books for any clinician; an own-only clinician cannot book for someone else', async () => {
    const booked = await call('scheduler', CREATE, { input: single('2031-01-09T17:00:00Z', { clinicianId: subs.fullclient }) });
    expect(booked.errors).toBeUndefined();
    expect(booked.data.createAppointment[0]).toMatchObject({ clinicianId: subs.fullclient, readOnly: false });
    const refused = await call('basic', CREATE, { input: { ...single('2031-01-09T17:00:00Z', { clinicianId: subs.owner }), clientId: api.basicClient } });
    expect(refused.errors?.[0].errorType).toBe('Unauthorized');
    // The scheduler is no clinician: nobody can book the scheduler.
    const notClinician = await call('owner', CREATE, { input: single('2031-01-10T17:00:00Z', { clinicianId: subs.scheduler }) });
    expect(notClinician.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Unknown clinician.' });
  });

  it('a clinicianBasic cannot book a client that is not theirs: Unknown client.', async () => {
    const out = await call('basic', CREATE, { input: single('2031-01-12T17:00:00Z') });
    expect(out.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Unknown client.' });
  });
});
