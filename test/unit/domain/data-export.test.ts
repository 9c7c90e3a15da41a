/**
 * The data export's pure rules (issue 18; domain/admin/export.ts): which file an item goes to,
 * what is left out, the exported record without keys, CSV cells, and what belongs to one client.
 */
import { describe, expect, it } from 'vitest';
import { belongsToClient, csvCell, csvHeader, csvRow, entityFileOf, exportedRecord, jsonLine, noteBlocks, objectEntries } from '../../../domain/admin/export.ts';

describe('data export rules', () => {
  it('names each entity\'s file from its sort key and leaves derived items out', () => {
    expect(entityFileOf('Client#abc')).toBe('clients');
    expect(entityFileOf('APPT#2026-01-01')).toBe('appointments');
    expect(entityFileOf('NOTE#a1')).toBe('progress-notes');
    expect(entityFileOf('INV#7')).toBe('invoices');
    expect(entityFileOf('Settings#PracticeDetails')).toBe('settings');
    expect(entityFileOf('SomethingNew#1')).toBe('somethingnew');
    for (const sk of ['ClientName#a#first', 'APPTLOCK#u1', 'BREQ#r', 'BILLSEQ', 'EXPORT#1', '', null]) expect(entityFileOf(sk)).toBeNull();
  });

  it('drops the keys and index attributes; sets become arrays', () => {
    const record = exportedRecord({ PK: 'P#p', SK: 'Client#c', GSI1PK: 'x', GSI4SK: 'y', id: 'c', tags: new Set(['a']) });
    expect(record).toEqual({ id: 'c', tags: ['a'] });
    expect(jsonLine(record)).toBe('{"id":"c","tags":["a"]}\n');
  });

  it('CSV: the tabular entities\' columns, quoted cells, formulas neutralised, nested values by path', () => {
    expect(csvHeader('clients')!.startsWith('id,status,therapistId,personalDetail.first')).toBe(true);
    expect(csvHeader('progress-notes')).toBeNull();
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(-2500)).toBe('-2500'); // a refund's negative cents stay a number, not a neutralised formula
    expect(csvRow('payments', { id: 'p', clientId: 'c', method: 'CASH', amountCents: 500 })).toBe('p,c,CASH,500,,,\r\n');
  });

  it('one client\'s record: the client item, and items naming the client', () => {
    expect(belongsToClient({ SK: 'Client#c1', id: 'c1' }, 'c1')).toBe(true);
    expect(belongsToClient({ SK: 'Client#c2', id: 'c2' }, 'c1')).toBe(false);
    expect(belongsToClient({ SK: 'APPT#x', clientId: 'c1' }, 'c1')).toBe(true);
    expect(belongsToClient({ SK: 'Group#g', clientIds: ['c2', 'c1'] }, 'c1')).toBe(true);
    expect(belongsToClient({ SK: 'Settings#X' }, 'c1')).toBe(false);
  });

  it('finds the files a record points to in the media bucket — this practice\'s only — and names them in the zip', () => {
    const claim = { SK: 'CLAIM#C1', fileKey: 'claims/p1/C1/837p-2.x12', ackFileKey: 'claims/p1/C1/277ca-2.x12', history: [{ detail: { fileKey: 'claims/p1/C1/837p-1.x12' } }, { detail: { fileKey: 'claims/p2/C9/837p-1.x12' } }] };
    expect(objectEntries(claim, 'p1').map((e) => e.name).sort()).toEqual(['files/claims/C1/277ca-2.x12', 'files/claims/C1/837p-1.x12', 'files/claims/C1/837p-2.x12']);
    expect(objectEntries({ SK: 'MSGATT#u1', id: 'u1', state: 'attached', key: 'attachments/p1/c1/u1', fileName: 'a/b.pdf' }, 'p1')).toEqual([{ key: 'attachments/p1/c1/u1', name: 'files/message-attachments/u1-a_b.pdf', stored: true }]);
    expect(objectEntries({ SK: 'MSGATT#u2', id: 'u2', state: 'pending', key: 'attachments/p1/c1/u2' }, 'p1')).toEqual([]);
    expect(objectEntries({ SK: 'Therapist#s1', photo: { s3path: 'images/all/s1/x.jpg' } }, 'p1')).toEqual([{ key: 'images/all/s1/x.jpg', name: 'files/profile-images/s1.jpg', stored: true }]);
    expect(objectEntries({ SK: 'Client#c1', fileKey: 'claims/p1/x' }, 'p1')).toEqual([]);
  });

  it('lays out a client\'s signed notes for the PDF: sections by their labels, signature, addenda, co-signature', () => {
    const blocks = noteBlocks({ id: 'c1', personalDetail: { first: 'Ada', last: 'Lane' }, dateOfBirth: '1990-01-02' }, [{
      date: '2026-11-20', template: 'SOAP', clinicianId: 'u1', sections: [{ key: 'subjective', text: 'Slept better.' }], signedAt: '2026-11-20T10:00:00.000Z', version: 3,
      addenda: [{ text: 'Called back.', authorId: 'u1', createdAt: '2026-11-21T09:00:00.000Z' }], cosignature: { supervisorName: 'Sara Stone', at: '2026-11-22T08:00:00.000Z', version: 2 },
    }], () => 'Ben Baker');
    const text = blocks.map((b) => ('text' in b ? b.text : 'label' in b ? `${b.label}: ${b.value}` : b.kind));
    expect(text).toEqual(expect.arrayContaining(['Progress notes — Ada Lane', '2026-11-20 · SOAP note', 'Clinician: Ben Baker', 'Subjective: Slept better.', 'Signed at (UTC): 2026-11-20T10:00:00.000Z',
      'Addendum 2026-11-21T09:00:00.000Z (u1): Called back.', 'Co-signed: Sara Stone, 2026-11-22T08:00:00.000Z (version 2)']));
  });
});
