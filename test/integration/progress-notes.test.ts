/**
 * Progress notes on appointments against the whole local runtime with the seeded demo practice:
 * the templates, who writes and reads a note, signing and addenda, and the audit with ids only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appointmentsApi, CANCEL, CREATE, GET } from '../support/appointments-api.ts';

const api = appointmentsApi();
const { call, subs, single } = api;

const NOTE_FIELDS = 'id appointmentId clientId clinicianId date template sections { key text } signed signedAt addenda { id text authorId createdAt } version createdAt updatedAt';
const CREATE_NOTE = `mutation ($a: ID!, $d: AWSDate!, $input: ProgressNoteInput!) { createProgressNote(appointmentId: $a, date: $d, input: $input) { ${NOTE_FIELDS} } }`;
const EDIT_NOTE = `mutation ($id: ID!, $input: ProgressNoteEditInput!) { editProgressNote(id: $id, input: $input) { ${NOTE_FIELDS} } }`;
const GET_NOTE = `query ($a: ID!) { getProgressNote(appointmentId: $a) { ${NOTE_FIELDS} } }`;

describe('progress notes', () => {
  let appt = '';
  let noteId = '';

  beforeAll(async () => {
    appt = (await call('basic', CREATE, { input: { ...single('2025-01-09T17:00:00Z'), clientId: api.basicClient } })).data.createAppointment[0].id;
  });

  it('the templates: SOAP, DAP, BIRP and free form with their sections', async () => {
    const meta = (await call('basic', '{ getProgessNoteMetadata { templates { template label sections { key label } } } }')).data.getProgessNoteMetadata.templates;
    expect(meta.map((t: { template: string }) => t.template)).toEqual(['SOAP', 'DAP', 'BIRP', 'FREE']);
    expect(meta[0].sections.map((s: { key: string }) => s.key)).toEqual(['subjective', 'objective', 'assessment', 'plan']);
    expect((await call('supervisor', '{ getProgessNoteMetadata { templates { template } } }')).errors?.[0].errorType).toBe('Unauthorized');
  });

  it("only the appointment's clinician writes its note; it shows on the appointment", async () => {
    const input = { template: 'SOAP', sections: [{ key: 'subjective', text: 'Reports better sleep.\nLess worry.' }, { key: 'plan', text: 'Continue weekly.' }] };
    expect((await call('owner', CREATE_NOTE, { a: appt, d: '2025-01-09', input })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('basicbilling', CREATE_NOTE, { a: appt, d: '2025-01-09', input })).errors?.[0].errorType).toBe('NotFound');
    const bad = await call('basic', CREATE_NOTE, { a: appt, d: '2025-01-09', input: { template: 'SOAP', sections: [{ key: 'data', text: 'x' }] } });
    expect(bad.errors?.[0].errorInfo.fields).toEqual([{ field: 'sections.0.key', reason: 'unknown' }]);
    const out = await call('basic', CREATE_NOTE, { a: appt, d: '2025-01-09', input });
    expect(out.errors).toBeUndefined();
    const note = out.data.createProgressNote;
    noteId = note.id;
    expect(note).toMatchObject({ appointmentId: appt, clientId: api.basicClient, clinicianId: subs.basic, date: '2025-01-09', template: 'SOAP', signed: false, signedAt: null, addenda: [], version: 1 });
    expect(note.sections).toEqual([
      { key: 'subjective', text: 'Reports better sleep.\nLess worry.' }, { key: 'objective', text: '' }, { key: 'assessment', text: '' }, { key: 'plan', text: 'Continue weekly.' },
    ]);
    expect((await call('basic', GET, { id: appt })).data.getAppointment.progressNoteId).toBe(noteId);
    expect((await call('basic', CREATE_NOTE, { a: appt, d: '2025-01-09', input })).errors?.[0]).toMatchObject({ errorType: 'ConflictError', message: 'This appointment already has a progress note.' });
  });

  it('own notes: notes.all (owner, admin) read it; a clinician seeing all appointments does not; nobody else edits it', async () => {
    expect((await call('basic', GET_NOTE, { a: appt })).data.getProgressNote.id).toBe(noteId);
    expect((await call('owner', GET_NOTE, { a: appt })).data.getProgressNote.id).toBe(noteId);
    expect((await call('admin', GET_NOTE, { a: appt })).data.getProgressNote.id).toBe(noteId);
    expect((await call('fullclient', GET_NOTE, { a: appt })).data.getProgressNote).toBeNull();
    expect((await call('basicbilling', GET_NOTE, { a: appt })).data.getProgressNote).toBeNull();
    expect((await call('supervisor', GET_NOTE, { a: appt })).errors?.[0].errorType).toBe('Unauthorized');
    const change = { version: 1, sections: [{ key: 'plan', text: 'Changed by someone else' }] };
    expect((await call('owner', EDIT_NOTE, { id: noteId, input: change })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('fullclient', EDIT_NOTE, { id: noteId, input: change })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('basic', GET_NOTE, { a: appt })).data.getProgressNote).toMatchObject({ version: 1, sections: expect.arrayContaining([{ key: 'plan', text: 'Continue weekly.' }]) });
  });

  it('a signed note only takes addenda; the original text never changes', async () => {
    const edited = await call('basic', EDIT_NOTE, { id: noteId, input: { version: 1, sections: [{ key: 'assessment', text: 'Improving.' }, { key: 'plan', text: 'Continue weekly.' }] } });
    expect(edited.errors).toBeUndefined();
    expect((await call('basic', EDIT_NOTE, { id: noteId, input: { version: 1, sign: true } })).errors?.[0].errorType).toBe('ConflictError');
    const signed = (await call('basic', EDIT_NOTE, { id: noteId, input: { version: 2, sign: true } })).data.editProgressNote;
    expect(signed).toMatchObject({ signed: true, version: 3 });
    expect(signed.signedAt).toBeTruthy();
    const original = signed.sections;
    const refused = await call('basic', EDIT_NOTE, { id: noteId, input: { version: 3, sections: [{ key: 'plan', text: 'Rewritten' }] } });
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'A signed note cannot be changed; add an addendum.' });
    expect((await call('basic', GET_NOTE, { a: appt })).data.getProgressNote).toMatchObject({ version: 3, sections: original, addenda: [] });
    const added = (await call('basic', EDIT_NOTE, { id: noteId, input: { version: 3, addendum: 'Client called: sleep worse again.' } })).data.editProgressNote;
    expect(added.sections).toEqual(original);
    expect(added.addenda).toEqual([expect.objectContaining({ text: 'Client called: sleep worse again.', authorId: subs.basic })]);
    expect(added.version).toBe(4);
    const again = (await call('basic', GET_NOTE, { a: appt })).data.getProgressNote;
    expect(again.sections).toEqual(original);
    expect(again.addenda).toHaveLength(1);
  });

  it('a note is signed once its session has started; a draft may be written ahead', async () => {
    const ahead = (await call('basic', CREATE, { input: { ...single('2039-03-02T17:00:00Z'), clientId: api.basicClient } })).data.createAppointment[0].id;
    const input = { template: 'FREE', sections: [{ key: 'note', text: 'Prepared ahead.' }] };
    const early = await call('basic', CREATE_NOTE, { a: ahead, d: '2039-03-02', input: { ...input, sign: true } });
    expect(early.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'A progress note can be signed once its session has started.' });
    expect((await call('basic', GET_NOTE, { a: ahead })).data.getProgressNote).toBeNull();
    const draft = (await call('basic', CREATE_NOTE, { a: ahead, d: '2039-03-02', input })).data.createProgressNote;
    expect(draft).toMatchObject({ signed: false, version: 1 });
    const signing = await call('basic', EDIT_NOTE, { id: draft.id, input: { version: 1, sign: true } });
    expect(signing.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'A progress note can be signed once its session has started.' });
    expect((await call('basic', GET_NOTE, { a: ahead })).data.getProgressNote).toMatchObject({ signed: false, signedAt: null, version: 1 });
    expect((await call('basic', EDIT_NOTE, { id: draft.id, input: { version: 1, sections: [{ key: 'note', text: 'Still a draft.' }] } })).data.editProgressNote).toMatchObject({ signed: false, version: 2 });
  });

  it('reads and writes of notes are audited with ids only', async () => {
    const trail = (await call('owner', '{ listAuditTrail { items { actor action entityId } } }')).data.listAuditTrail.items;
    expect(trail).toContainEqual(expect.objectContaining({ actor: subs.basic, action: 'note.create', entityId: noteId }));
    expect(trail).toContainEqual(expect.objectContaining({ actor: subs.owner, action: 'note.read', entityId: noteId }));
    expect(trail).toContainEqual(expect.objectContaining({ actor: subs.basic, action: 'note.update', entityId: noteId }));
    expect(JSON.stringify(trail)).not.toContain('sleep');
  });

  it('an empty note is not signed (every template): refused with the message and kept a draft; a cancelled appointment takes no note', async () => {
    const EMPTY = 'A note needs some content before it is signed.';
    const past = (await call('basic', CREATE, { input: { ...single('2025-01-16T17:00:00Z'), clientId: api.basicClient } })).data.createAppointment[0];
    const blank = [{ key: 'subjective', text: '  ' }, { key: 'objective', text: '\n\t' }, { key: 'assessment', text: '' }, { key: 'plan', text: '\u3000' }];
    const refused = await call('basic', CREATE_NOTE, { a: past.id, d: '2025-01-16', input: { template: 'SOAP', sections: blank, sign: true } });
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: EMPTY });
    expect((await call('basic', GET_NOTE, { a: past.id })).data.getProgressNote).toBeNull();
    for (const template of ['DAP', 'BIRP', 'FREE']) {
      expect((await call('basic', CREATE_NOTE, { a: past.id, d: '2025-01-16', input: { template, sign: true } })).errors?.[0], template).toMatchObject({ errorType: 'ValidationError', message: EMPTY });
    }
    // An empty draft may be saved; signing it (as stored, or with blank sections) is refused and it stays a draft.
    const draft = (await call('basic', CREATE_NOTE, { a: past.id, d: '2025-01-16', input: { template: 'SOAP', sections: blank } })).data.createProgressNote;
    expect(draft).toMatchObject({ signed: false, version: 1 });
    expect((await call('basic', EDIT_NOTE, { id: draft.id, input: { version: 1, sign: true } })).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: EMPTY });
    expect((await call('basic', EDIT_NOTE, { id: draft.id, input: { version: 1, sections: [{ key: 'plan', text: ' ' }], sign: true } })).errors?.[0]).toMatchObject({ message: EMPTY });
    expect((await call('basic', GET_NOTE, { a: past.id })).data.getProgressNote).toMatchObject({ signed: false, signedAt: null, version: 1 });
    const signed = (await call('basic', EDIT_NOTE, { id: draft.id, input: { version: 1, sections: [{ key: 'plan', text: 'Rescheduled the intake.' }], sign: true } })).data.editProgressNote;
    expect(signed).toMatchObject({ signed: true, version: 2 });

    // Cancelled: no new note, and a draft written before the cancellation is kept but not signed.
    const off = (await call('basic', CREATE, { input: { ...single('2025-01-23T17:00:00Z'), clientId: api.basicClient } })).data.createAppointment[0];
    const kept = (await call('basic', CREATE_NOTE, { a: off.id, d: '2025-01-23', input: { template: 'FREE', sections: [{ key: 'note', text: 'Prepared.' }] } })).data.createProgressNote;
    const cancelled = (await call('basic', CANCEL, { id: off.id, version: (await call('basic', GET, { id: off.id })).data.getAppointment.version, scope: 'THIS' }));
    expect(cancelled.errors).toBeUndefined();
    const NO_NOTE = 'This appointment was cancelled: it takes no progress note.';
    expect((await call('basic', EDIT_NOTE, { id: kept.id, input: { version: 1, sign: true } })).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: NO_NOTE });
    expect((await call('basic', GET_NOTE, { a: off.id })).data.getProgressNote).toMatchObject({ signed: false, version: 1 });
    const other = (await call('basic', CREATE, { input: { ...single('2025-01-30T17:00:00Z'), clientId: api.basicClient } })).data.createAppointment[0];
    await call('basic', CANCEL, { id: other.id, version: other.version, scope: 'THIS' });
    expect((await call('basic', CREATE_NOTE, { a: other.id, d: '2025-01-30', input: { template: 'FREE', sections: [{ key: 'note', text: 'x' }] } })).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: NO_NOTE });
    expect((await call('basic', GET_NOTE, { a: other.id })).data.getProgressNote).toBeNull();
  });
});
