/**
 * Supervision and co-signature (issue 18) against the whole local runtime and its demo seed: the
 * supervisor (Sara Stone) supervises the Clinician Basic (Ben Baker), two of whose signed notes
 * await her co-signature. Roles; the supervisor sees only supervisees' notes (another clinician's,
 * another practice's: NotFound); co-signing pins the version read; return → amend and sign → awaiting
 * again → co-signed. The awaiting list reads the index written at signing (notes signed before an
 * assignment are indexed by it); the reminder job e-mails the supervisors once per note per signature
 * after the assignment's days, with no PHI (driven here with a chosen clock; the runtime's timer is off).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { graphql } from '../support/graphql.ts';
import { signInMembersAndOther } from '../support/practice.ts';
import { sendCosignReminders } from '../../functions/supervision/reminders.ts';

let runtime: Runtime;
const tokens: Record<string, string> = {};
const subs: Record<string, string> = {};
type Body = { data?: Record<string, any>; errors?: { message: string; errorType?: string }[] };
async function call(who: string, query: string, variables: Record<string, unknown> = {}): Promise<Body> {
  return (await graphql(`${runtime.url}/graphql`, tokens[who], query, variables)).body;
}
const LIST = 'query ($n: String) { listNotesAwaitingCosign(nextToken: $n) { items { noteId clinicianId clinicianName clientName date version ageDays } nextToken } }';
const GET = 'query ($id: ID!) { getSupervisedNote(id: $id) { status note { id version signed sections { key text } } cosignature { version } } }';
const COSIGN = 'mutation ($id: ID!, $v: Int!) { cosignProgressNote(noteId: $id, version: $v) { status note { version } cosignature { supervisorId supervisorName at version } } }';
const RETURN = 'mutation ($id: ID!, $v: Int!, $c: String!) { returnProgressNote(noteId: $id, version: $v, comment: $c) { status note { version signed } returns { comment version } } }';
const STATE = 'query ($id: ID!) { getNoteCosign(noteId: $id) { status version cosignature { supervisorName version } returns { comment } } }';
const SET = 'mutation ($c: ID!, $s: [ID!]!, $d: Int) { setSupervisors(clinicianId: $c, supervisorIds: $s, reminderDays: $d) { clinicianId supervisorIds } }';
const DAY = 86_400_000;
const SUPERVISOR_EMAIL = 'supervisor@demo.practiceportal.test';
const mails = (to: string) => runtime.outbox.list().filter((m) => m.channel === 'email' && m.to === to);
const EDIT = 'mutation ($id: ID!, $i: ProgressNoteEditInput!) { editProgressNote(id: $id, input: $i) { version signed } }';
const errorType = (b: Body) => b.errors?.[0]?.errorType;
const OTHER = 'other-supervision@elsewhere.practiceportal.test';

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null, reminderIntervalMs: 0 });
  const signedIn = await signInMembersAndOther(runtime, { owner: 'owner', admin: 'admin', full: 'fullclient', basic: 'basic', supervisor: 'supervisor' }, OTHER);
  Object.assign(tokens, signedIn.tokens);
  Object.assign(subs, signedIn.subs);
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
});

describe('supervision and co-signature', () => {
  it('roles: only the supervision right lists and co-signs; only owner and admin assign', async () => {
    for (const w of ['full', 'basic']) expect(errorType(await call(w, LIST))).toBe('Unauthorized');
    // clinicianAdmin holds everything the owner does, supervision too: nobody assigned to them, an empty list.
    expect((await call('admin', LIST)).data?.listNotesAwaitingCosign).toEqual({ items: [], nextToken: null });
    expect(errorType(await call('supervisor', SET, { c: subs.basic, s: [] }))).toBe('Unauthorized');
    expect(errorType(await call('basic', SET, { c: subs.basic, s: [] }))).toBe('Unauthorized');
    // Only a member holding the supervision right can supervise; another practice's clinician is not found.
    expect((await call('owner', SET, { c: subs.basic, s: [subs.full] })).errors?.[0]?.message).toBe('Only a supervisor can be assigned to supervise a clinician.');
    expect(errorType(await call('other', SET, { c: subs.basic, s: [] }))).toBe('NotFound');
    expect((await call('admin', SET, { c: subs.basic, s: [subs.supervisor] })).data?.setSupervisors).toEqual({ clinicianId: subs.basic, supervisorIds: [subs.supervisor] });
    expect((await call('owner', '{ listSupervisions { clinicianId supervisorIds } }')).data?.listSupervisions).toEqual([{ clinicianId: subs.basic, supervisorIds: [subs.supervisor] }]);
  });

  it('the supervisor sees only supervisees\' notes, oldest first, with age', async () => {
    const page = (await call('supervisor', LIST)).data!.listNotesAwaitingCosign;
    expect(page.items.map((i: any) => [i.clinicianId, i.clinicianName, i.ageDays])).toEqual([[subs.basic, 'Ben Baker', 4], [subs.basic, 'Ben Baker', 1]]);
    expect(page.nextToken).toBeNull();
    const read = (await call('supervisor', GET, { id: page.items[0].noteId })).data!.getSupervisedNote;
    expect(read.status).toBe('AWAITING');
    expect(read.note.sections[0].key).toBe('subjective');
    // Another practice's owner, and a page token someone else made, reach nothing.
    expect(errorType(await call('other', GET, { id: page.items[0].noteId }))).toBe('NotFound');
    // The clinician sees their note is awaiting co-signature.
    expect((await call('basic', STATE, { id: page.items[0].noteId })).data!.getNoteCosign.status).toBe('AWAITING');
    expect(errorType(await call('full', STATE, { id: page.items[0].noteId }))).toBe('NotFound');
  });

  it('the reminder: after the assignment\'s days, once per note, to the supervisor, without PHI', async () => {
    // The reminder delay is 1–30 whole days; a bad one is refused and writes nothing.
    const bad = await call('owner', SET, { c: subs.basic, s: [subs.supervisor], d: 0 });
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Invalid input: reminderDays (a whole number of days from 1 to 30)' });
    expect((await call('owner', '{ listSupervisions { clinicianId reminderDays } }')).data?.listSupervisions).toEqual([{ clinicianId: subs.basic, reminderDays: 3 }]);
    const [older, newer] = (await call('supervisor', LIST)).data!.listNotesAwaitingCosign.items;
    const before = mails(SUPERVISOR_EMAIL).length;
    // The seeded notes were signed 4 and 1 days ago: with 3 days, only the older one is due now.
    expect(await sendCosignReminders(new Date())).toMatchObject({ sent: 1 });
    const sent = mails(SUPERVISOR_EMAIL).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('A progress note is awaiting your co-signature');
    expect(sent[0].body).toContain('/app/supervision');
    for (const secret of [older.clientName, older.noteId, older.date, 'Ben', 'Baker']) expect(sent[0].body + sent[0].subject).not.toContain(secret);
    // Once per note: the next run (and one a day later) sends nothing more for it; the newer one is due 3 days after its signature.
    expect((await sendCosignReminders(new Date())).sent).toBe(0);
    expect((await sendCosignReminders(new Date(Date.now() + DAY))).sent).toBe(0);
    expect((await sendCosignReminders(new Date(Date.now() + 2 * DAY + 3_600_000))).sent).toBe(1);
    expect(mails(SUPERVISOR_EMAIL).length).toBe(before + 2);
    expect(newer.ageDays).toBe(1);
  });

  it('another clinician\'s signed note is not the supervisor\'s until the owner assigns her', async () => {
    const from = new Date(Date.now() - 30 * 86400000).toISOString();
    const appts = (await call('owner', 'query ($f: AWSDateTime!, $t: AWSDateTime!, $c: ID) { listAppointments(from: $f, to: $t, clinicianId: $c) { items { id start status progressNoteId } } }', { f: from, t: new Date().toISOString(), c: subs.owner })).data!.listAppointments.items;
    const appt = appts.find((a: any) => !a.progressNoteId && a.status !== 'CANCELLED');
    const note = (await call('owner', 'mutation ($a: ID!, $d: AWSDate!) { createProgressNote(appointmentId: $a, date: $d, input: { template: FREE, sections: [{ key: "note", text: "Seen today." }], sign: true }) { id version } }', { a: appt.id, d: appt.start.slice(0, 10) })).data!.createProgressNote;
    expect(errorType(await call('supervisor', GET, { id: note.id }))).toBe('NotFound');
    expect(errorType(await call('supervisor', COSIGN, { id: note.id, v: note.version }))).toBe('NotFound');
    expect((await call('supervisor', LIST)).data!.listNotesAwaitingCosign.items.some((i: any) => i.noteId === note.id)).toBe(false);
    await call('owner', SET, { c: subs.owner, s: [subs.supervisor] });
    expect((await call('supervisor', GET, { id: note.id })).data!.getSupervisedNote.status).toBe('AWAITING');
    // Signed before the assignment: indexed by it, so it is on her list now.
    expect((await call('supervisor', LIST)).data!.listNotesAwaitingCosign.items.map((i: any) => i.noteId)).toContain(note.id);
    await call('owner', SET, { c: subs.owner, s: [] });
    expect(errorType(await call('supervisor', GET, { id: note.id }))).toBe('NotFound');
    expect((await call('supervisor', LIST)).data!.listNotesAwaitingCosign.items.map((i: any) => i.noteId)).not.toContain(note.id);
  });

  it('co-signing pins the version read; a later addendum keeps it', async () => {
    const [oldest] = (await call('supervisor', LIST)).data!.listNotesAwaitingCosign.items;
    const stale = await call('supervisor', COSIGN, { id: oldest.noteId, v: oldest.version - 1 });
    expect(errorType(stale)).toBe('ConflictError');
    const done = (await call('supervisor', COSIGN, { id: oldest.noteId, v: oldest.version })).data!.cosignProgressNote;
    expect(done.status).toBe('COSIGNED');
    expect(done.cosignature).toMatchObject({ supervisorId: subs.supervisor, supervisorName: 'Sara Stone', version: oldest.version });
    expect(errorType(await call('supervisor', COSIGN, { id: oldest.noteId, v: done.note.version }))).toBe('ValidationError');
    await call('basic', EDIT, { id: oldest.noteId, i: { version: done.note.version, addendum: 'Client called to confirm the plan.' } });
    const state = (await call('basic', STATE, { id: oldest.noteId })).data!.getNoteCosign;
    expect(state).toMatchObject({ status: 'COSIGNED', version: done.note.version + 1, cosignature: { supervisorName: 'Sara Stone', version: oldest.version } });
    expect((await call('supervisor', LIST)).data!.listNotesAwaitingCosign.items.map((i: any) => i.noteId)).not.toContain(oldest.noteId);
  });

  it('return with a comment → the clinician amends and signs → awaiting again → co-signed', async () => {
    const [note] = (await call('supervisor', LIST)).data!.listNotesAwaitingCosign.items;
    expect((await call('supervisor', RETURN, { id: note.noteId, v: note.version, c: '  ' })).errors?.[0]?.message).toBe('Say what should change before you return the note.');
    const back = (await call('supervisor', RETURN, { id: note.noteId, v: note.version, c: 'Please document the risk screen.' })).data!.returnProgressNote;
    expect(back).toMatchObject({ status: 'RETURNED', note: { signed: false }, returns: [{ comment: 'Please document the risk screen.', version: note.version }] });
    expect((await call('basic', STATE, { id: note.noteId })).data!.getNoteCosign).toMatchObject({ status: 'RETURNED', returns: [{ comment: 'Please document the risk screen.' }] });
    expect((await call('supervisor', LIST)).data!.listNotesAwaitingCosign.items).toEqual([]);
    const sections = [{ key: 'subjective', text: 'Sibling conflict; rumination.' }, { key: 'objective', text: 'Tearful, oriented.' }, { key: 'assessment', text: 'Risk screen negative (C-SSRS screener: no ideation).' }, { key: 'plan', text: 'Thought records.' }];
    const signed = (await call('basic', EDIT, { id: note.noteId, i: { version: back.note.version, sections, sign: true } })).data!.editProgressNote;
    expect(signed.signed).toBe(true);
    const again = (await call('supervisor', LIST)).data!.listNotesAwaitingCosign.items;
    expect(again.map((i: any) => [i.noteId, i.version, i.ageDays])).toEqual([[note.noteId, signed.version, 0]]);
    // Signed again: a new step, reminded once more after the assignment's 3 days (the first step's reminder went before).
    expect((await sendCosignReminders(new Date(Date.now() + 2 * DAY))).sent).toBe(0);
    expect((await sendCosignReminders(new Date(Date.now() + 3 * DAY + 60_000))).sent).toBe(1);
    expect((await sendCosignReminders(new Date(Date.now() + 3 * DAY + 120_000))).sent).toBe(0);
    const done = (await call('supervisor', COSIGN, { id: note.noteId, v: signed.version })).data!.cosignProgressNote;
    expect(done.cosignature.version).toBe(signed.version);
  });
});
