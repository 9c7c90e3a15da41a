/**
 * The data export's pure rules (issue 18; domain/admin/export.ts): which file an item goes to,
 * what is left out, the exported record without keys, CSV cells, and what belongs to one client.
 */
import { describe, expect, it } from 'vitest';
import { belongsToClient, csvCell, csvHeader, csvRow, entityFileOf, exportedRecord, jsonLine } from '../../../domain/admin/export.ts';

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
});
