/**
 * Authorization matrix rows: appointments, what booking needs, and the practice's appointment rules.
 * Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { A, N, U, call, clientInput, outcomeOf, seededPracticeId, type AuthzDomain, type Caller } from './matrix.ts';
import { oneAtATime } from './run.ts';

/**
 * Bookings and moves take the clinician's schedule lock (functions/appointments/schedule.ts), and
 * nearly all of them are the owner's: the matrix books one at a time, as a single clinician would.
 */
const booking = oneAtATime();

let slot = 0;
/** A start no other matrix appointment uses (the practice forbids double-booking). */
function nextSlot(): string {
  slot += 1;
  return new Date(Date.UTC(2040, 0, 1) + slot * 3600_000).toISOString();
}
/** A fresh appointment of the seeded practice's owner, with the owner's client `clientId`, version 1. */
export async function ownersAppointment(clientId: string): Promise<string> {
  const out = await booking(() => call('owner', 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id } }', { input: { clientId, serviceCode: '90834', locationType: 'OFFICE', start: nextSlot(), durationMinutes: 45 } }));
  return out.data.createAppointment[0].id;
}

export const appointments: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // Appointments (spec part 2 §6, issue #7): owner, admin and clinicianFullClient see and manage
    // all; clinicianBasicBilling and clinicianBasic their own (the target is the owner's appointment:
    // missing for them); the scheduler sees all and books for any clinician; supervisor and biller
    // read all, locked; coordinators nothing. Another practice's owner works in their own practice
    // and finds this practice's appointments missing.
    'Query.listAppointments':            [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
    'Query.getAppointment':              [A,    A,    A,    N,    N,    A,    A,    A,    U,    N],
    'Mutation.createAppointment':        [A,    A,    A,    A,    A,    U,    U,    A,    U,    A],
    'Mutation.editAppointment':          [A,    A,    A,    N,    N,    U,    U,    A,    U,    N],
    'Mutation.cancelAppointment':        [A,    A,    A,    N,    N,    U,    U,    A,    U,    N],
    'Mutation.setAppointmentStatus':     [A,    A,    A,    N,    N,    U,    U,    A,    U,    N],
    // What booking needs — services, the practice's appointment rules and timezone, the clinicians —
    // goes with seeing appointments.
    'Query.getServicesOffered':          [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
    'Query.getAppointmentSettings':      [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
    'Query.listClinicians':              [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
    // The appointment rules are practice settings: the PracticeDetails gate (owner, admin).
    'Mutation.editAppointmentSettings':  [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  },
  operations: {
    'Query.listAppointments': async (who) =>
      outcomeOf(await call(who, 'query { listAppointments(from: "2040-01-01T00:00:00Z", to: "2040-02-01T00:00:00Z") { items { id } nextToken } }'), 'Query.listAppointments'),
    'Query.getAppointment': async (who, target) =>
      outcomeOf(await call(who, 'query ($id: ID!) { getAppointment(id: $id) { id } }', { id: await ownersAppointment(target) }), 'Query.getAppointment', true),
    'Mutation.createAppointment': async (who, target) => {
      // Each books a client they may book, for a clinician they may book: own-only clinicians their own
      // client; the scheduler (no clinician) for the owner; another practice's owner in their practice.
      let clientId = target;
      if (who === 'clinicianBasic' || who === 'clinicianBasicBilling' || who === 'otherPractice') {
        clientId = (await call(who, 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: clientInput(`Booked${who}`) })).data.addClient.id;
      }
      const input = { clientId, serviceCode: '90834', locationType: 'OFFICE', start: nextSlot(), durationMinutes: 45, ...(who === 'scheduler' ? { clinicianId: seededPracticeId() } : {}) };
      return outcomeOf(await booking(() => call(who, 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id } }', { input })), 'Mutation.createAppointment');
    },
    'Mutation.editAppointment': async (who, target) => {
      const id = await ownersAppointment(target);
      return outcomeOf(await booking(() => call(who, 'mutation ($id: ID!) { editAppointment(id: $id, version: 1, scope: THIS, input: { durationMinutes: 30 }) { id } }', { id })), 'Mutation.editAppointment');
    },
    'Mutation.cancelAppointment': async (who, target) =>
      outcomeOf(await call(who, 'mutation ($id: ID!) { cancelAppointment(id: $id, version: 1, scope: THIS) { id status } }', { id: await ownersAppointment(target) }), 'Mutation.cancelAppointment'),
    'Mutation.setAppointmentStatus': async (who, target) =>
      outcomeOf(await call(who, 'mutation ($id: ID!) { setAppointmentStatus(id: $id, version: 1, status: SCHEDULED) { id } }', { id: await ownersAppointment(target) }), 'Mutation.setAppointmentStatus'),
    'Query.getServicesOffered': async (who) => outcomeOf(await call(who, '{ getServicesOffered { code } }'), 'Query.getServicesOffered'),
    'Query.getAppointmentSettings': async (who) => outcomeOf(await call(who, '{ getAppointmentSettings { version timezone } }'), 'Query.getAppointmentSettings'),
    'Query.listClinicians': async (who) => outcomeOf(await call(who, '{ listClinicians { id name } }'), 'Query.listClinicians'),
    'Mutation.editAppointmentSettings': async (who) => {
      const reader: Caller = who === 'otherPractice' ? 'otherPractice' : 'owner';
      const version = (await call(reader, '{ getAppointmentSettings { version } }')).data.getAppointmentSettings.version;
      return outcomeOf(await call(who, 'mutation ($v: Int!) { editAppointmentSettings(version: $v, input: { lateCancelHours: 48 }) { version } }', { v: version }), 'Mutation.editAppointmentSettings');
    },
  },
  // The rules are written at the version just read, and booking reads them.
  exclusive: ['Mutation.editAppointmentSettings'],
};
