/**
 * Authorization matrix rows: supervision and co-signature (issue 18). The target notes are the
 * demo seed's two notes of the Clinician Basic awaiting the demo supervisor's co-signature
 * (local/seed-supervision.ts). Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { A, N, U, call, outcomeOf, subOf, type AuthzDomain } from './matrix.ts';

const LIST = '{ listNotesAwaitingCosign { items { noteId version } nextToken } }';
let seeded: Promise<{ id: string; version: number }[]> | undefined;
/** The seeded awaiting notes (oldest first), read once before any call co-signs or returns one. */
function awaitingNotes(): Promise<{ id: string; version: number }[]> {
  seeded ??= call('supervisor', LIST).then((b) => (b.data.listNotesAwaitingCosign.items as { noteId: string; version: number }[]).map((i) => ({ id: i.noteId, version: i.version })));
  return seeded;
}

export const supervision: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // Assigning supervisors: the TeamMembers right (owner, clinicianAdmin), as the team page; the
    // target is the demo Clinician Basic, missing in another practice.
    'Query.listSupervisions':            [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    'Mutation.setSupervisors':           [A,    A,    U,    U,    U,    U,    U,    U,    U,    N],
    // The supervision right (supervisor; owner and clinicianAdmin hold everything): a list of the
    // caller's own supervisees' notes; a note only if the caller supervises its clinician (the
    // target is the Clinician Basic's, supervised by the demo supervisor alone).
    'Query.listNotesAwaitingCosign':     [A,    A,    U,    U,    U,    A,    U,    U,    U,    A],
    'Query.getSupervisedNote':           [N,    N,    U,    U,    U,    A,    U,    U,    U,    N],
    'Mutation.cosignProgressNote':       [N,    N,    U,    U,    U,    A,    U,    U,    U,    N],
    'Mutation.returnProgressNote':       [N,    N,    U,    U,    U,    A,    U,    U,    U,    N],
    // A note's co-signature state: its clinician, notes.all (owner, admin) or its supervisor.
    'Query.getNoteCosign':               [A,    A,    N,    N,    A,    A,    U,    U,    U,    N],
    // Per-payer "requires supervising provider" (claims' 2310D): the insurance payers right (owner,
    // clinicianAdmin, biller), as enrollment; the payer list is shared, so another practice sets its own.
    'Query.getPayerClaimSettings':       [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
    'Mutation.setPayerClaimSetting':     [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
  },
  operations: {
    'Query.listSupervisions': async (who) => outcomeOf(await call(who, '{ listSupervisions { clinicianId } }'), 'Query.listSupervisions'),
    'Mutation.setSupervisors': async (who) =>
      outcomeOf(await call(who, 'mutation ($c: ID!, $s: [ID!]!) { setSupervisors(clinicianId: $c, supervisorIds: $s) { clinicianId } }', { c: subOf('clinicianBasic'), s: [subOf('supervisor')] }), 'Mutation.setSupervisors'),
    'Query.listNotesAwaitingCosign': async (who) => outcomeOf(await call(who, LIST), 'Query.listNotesAwaitingCosign'),
    'Query.getSupervisedNote': async (who) =>
      outcomeOf(await call(who, 'query ($id: ID!) { getSupervisedNote(id: $id) { status } }', { id: (await awaitingNotes())[0].id }), 'Query.getSupervisedNote'),
    'Mutation.cosignProgressNote': async (who) => {
      const note = (await awaitingNotes())[0];
      return outcomeOf(await call(who, 'mutation ($id: ID!, $v: Int!) { cosignProgressNote(noteId: $id, version: $v) { status } }', { id: note.id, v: note.version }), 'Mutation.cosignProgressNote');
    },
    'Mutation.returnProgressNote': async (who) => {
      const notes = await awaitingNotes();
      const note = notes[notes.length - 1];
      return outcomeOf(await call(who, 'mutation ($id: ID!, $v: Int!) { returnProgressNote(noteId: $id, version: $v, comment: "Add the risk screen.") { status } }', { id: note.id, v: note.version }), 'Mutation.returnProgressNote');
    },
    'Query.getPayerClaimSettings': async (who) => outcomeOf(await call(who, '{ getPayerClaimSettings { payerId requiresSupervisingProvider } }'), 'Query.getPayerClaimSettings'),
    'Mutation.setPayerClaimSetting': async (who) =>
      outcomeOf(await call(who, 'mutation { setPayerClaimSetting(payerId: "60054", requiresSupervisingProvider: false) { payerId } }'), 'Mutation.setPayerClaimSetting'),
    'Query.getNoteCosign': async (who) =>
      outcomeOf(await call(who, 'query ($id: ID!) { getNoteCosign(noteId: $id) { status } }', { id: (await awaitingNotes())[0].id }), 'Query.getNoteCosign'),
  },
};
