import { describe, expect, it } from 'vitest';
import { awaitingDays, cosign, cosignIndexKeys, cosignStatus, reminderDaysOf, returnNote, superviseesOf, SUPERVISION_MESSAGES, withoutCosignIndex, type CosignNote } from '../../../domain/supervision.ts';

const SARA = { id: 'sup-1', name: 'Sara Stone' };
const signed = (version = 3): CosignNote & { id: string } => ({ id: 'note-a', version, signed: true, signedAt: '2026-11-20T10:00:00.000Z' });

describe('co-signature state machine', () => {
  it('a signed note of a supervised clinician awaits co-signature; an unsupervised one needs none', () => {
    expect(cosignStatus(signed(), true)).toBe('awaiting');
    expect(cosignStatus(signed(), false)).toBe('none');
    expect(cosignStatus({ version: 1, signed: false }, true)).toBe('draft');
  });

  it('co-signing keeps the signature and time with the exact version read', () => {
    const t = cosign(signed(3), 3, SARA, '2026-11-26T06:00:00.000Z');
    expect(t.ok).toBe(true);
    if (!t.ok) return;
    expect(t.note.cosignature).toEqual({ supervisorId: 'sup-1', supervisorName: 'Sara Stone', at: '2026-11-26T06:00:00.000Z', version: 3 });
    expect(t.note.version).toBe(4);
    expect(cosignStatus(t.note, true)).toBe('cosigned');
    // a co-signed note cannot be co-signed or returned again
    expect(cosign(t.note, 4, SARA, 'x')).toEqual({ ok: false, message: SUPERVISION_MESSAGES.notAwaiting, errorType: 'ValidationError' });
  });

  it('a stale version is a conflict and changes nothing', () => {
    const note = signed(3);
    expect(cosign(note, 2, SARA, 'x')).toEqual({ ok: false, message: SUPERVISION_MESSAGES.changed, errorType: 'ConflictError' });
    expect(returnNote(note, 2, 'fix', SARA, 'x')).toMatchObject({ ok: false, errorType: 'ConflictError' });
    expect(note).toEqual(signed(3));
  });

  it('a draft cannot be co-signed', () => {
    expect(cosign({ version: 1, signed: false }, 1, SARA, 'x')).toMatchObject({ ok: false, message: SUPERVISION_MESSAGES.notAwaiting });
  });

  it('return → the clinician amends and signs again → awaiting again → co-signed', () => {
    const r = returnNote(signed(3), 3, '  Add the risk assessment.\n', SARA, '2026-11-26T06:00:00.000Z');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.note.signed).toBe(false);
    expect(r.note.returns).toEqual([{ supervisorId: 'sup-1', supervisorName: 'Sara Stone', at: '2026-11-26T06:00:00.000Z', version: 3, comment: 'Add the risk assessment.' }]);
    expect(cosignStatus(r.note, true)).toBe('returned');
    const resigned = { ...r.note, signed: true, signedAt: '2026-11-26T07:00:00.000Z', version: r.note.version + 1 };
    expect(cosignStatus(resigned, true)).toBe('awaiting');
    const c = cosign(resigned, 5, SARA, '2026-11-26T08:00:00.000Z');
    expect(c.ok && c.note.cosignature?.version).toBe(5);
  });

  it('a return needs a comment, read by the one text reader', () => {
    expect(returnNote(signed(), 3, '   ', SARA, 'x')).toEqual({ ok: false, message: SUPERVISION_MESSAGES.commentRequired, errorType: 'ValidationError' });
    expect(returnNote(signed(), 3, 'bad\u202Etext', SARA, 'x')).toMatchObject({ ok: false, errorType: 'ValidationError' });
  });

  it('age in whole days, and supervisees from the records', () => {
    expect(awaitingDays('2026-11-20T10:00:00.000Z', Date.parse('2026-11-26T09:59:00.000Z'))).toBe(5);
    expect(awaitingDays(null, 0)).toBe(0);
    expect(superviseesOf([{ clinicianId: 'c1', supervisorIds: ['sup-1'] }, { clinicianId: 'c2', supervisorIds: ['sup-2'] }, { clinicianId: 'c3' }], 'sup-1')).toEqual(['c1']);
  });

  it('the awaiting index: the supervisor\'s list by signature, the reminder by its due UTC day; gone once co-signed', () => {
    const keys = cosignIndexKeys('p1', 'c1', 'a1', '2026-11-20T23:30:00.000Z', Date.parse('2026-11-20T23:30:00.000Z') + 3 * 86400000);
    expect(keys).toEqual({ GSI2PK: 'P#p1#U#c1#COSIGN', GSI2SK: '2026-11-20T23:30:00.000Z#a1', GSI3PK: 'COSIGNDUE#2026-11-23', GSI3SK: '2026-11-23T23:30:00.000Z#p1#a1' });
    expect(withoutCosignIndex({ ...keys, id: 'note-a1' })).toEqual({ id: 'note-a1' });
    expect([reminderDaysOf({ reminderDays: 7 }), reminderDaysOf({ reminderDays: 0 }), reminderDaysOf({ reminderDays: 31 }), reminderDaysOf(null)]).toEqual([7, 3, 3, 3]);
  });
});
