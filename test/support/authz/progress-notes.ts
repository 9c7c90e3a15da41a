/**
 * Authorization matrix rows: progress notes. Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { ownersAppointment } from './appointments.ts';
import { A, N, U, call, outcomeOf, type AuthzDomain } from './matrix.ts';

/** A fresh note written by the owner on their fresh appointment, version 1. */
async function ownersNote(clientId: string): Promise<{ id: string; appointmentId: string }> {
  const appointmentId = await ownersAppointment(clientId);
  const out = await call('owner', 'mutation ($a: ID!) { createProgressNote(appointmentId: $a, date: "2040-01-01", input: { template: FREE, sections: [{ key: "note", text: "Owner note" }] }) { id appointmentId } }', { a: appointmentId });
  return out.data.createProgressNote;
}

export const progressNotes: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // Progress notes: "own notes" for owner, admin and the clinician roles; owner and admin read all
    // notes (the owner's "everything", admin "as owner"); only the appointment's clinician writes or
    // edits its note (the target note is the owner's). Supervisor, biller, scheduler and
    // coordinators hold no notes.
    'Query.getProgessNoteMetadata':      [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
    'Query.getProgressNote':             [A,    A,    N,    N,    N,    U,    U,    U,    U,    N],
    'Mutation.createProgressNote':       [A,    U,    U,    N,    N,    U,    U,    U,    U,    N],
    'Mutation.editProgressNote':         [A,    U,    N,    N,    N,    U,    U,    U,    U,    N],
  },
  operations: {
    'Query.getProgessNoteMetadata': async (who) => outcomeOf(await call(who, '{ getProgessNoteMetadata { templates { template } } }'), 'Query.getProgessNoteMetadata'),
    'Query.getProgressNote': async (who, target) =>
      outcomeOf(await call(who, 'query ($a: ID!) { getProgressNote(appointmentId: $a) { id } }', { a: (await ownersNote(target)).appointmentId }), 'Query.getProgressNote', true),
    'Mutation.createProgressNote': async (who, target) =>
      outcomeOf(await call(who, 'mutation ($a: ID!) { createProgressNote(appointmentId: $a, date: "2040-01-01", input: { template: FREE, sections: [{ key: "note", text: "Matrix" }] }) { id } }', { a: await ownersAppointment(target) }), 'Mutation.createProgressNote'),
    'Mutation.editProgressNote': async (who, target) =>
      outcomeOf(await call(who, 'mutation ($id: ID!) { editProgressNote(id: $id, input: { version: 1, sections: [{ key: "note", text: "Edited" }] }) { id } }', { id: (await ownersNote(target)).id }), 'Mutation.editProgressNote'),
  },
};
