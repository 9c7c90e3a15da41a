/**
 * The billing jobs' rules (domain/billing/run.ts): which day a practice's monthly run falls on, the
 * run-day index the settings carry, the past-due index an invoice carries while it is owed and not
 * yet reminded, the days a UTC instant may be in some practice's zone, and the deterministic ids
 * that make a second run write nothing (they stay valid billing ids).
 */
import { describe, expect, it } from 'vitest';
import { autoDocumentId, autoInvoiceId, candidateDays, pastDueKeys, runDayOf, runIndexKeys } from '../../../domain/billing/run.ts';
import { isId } from '../../../functions/billing/request.ts';

describe('monthly run day', () => {
  it('is the invoice automation day, else the 1st when monthly documents are on, else none', () => {
    expect(runDayOf({ invoiceSetting: { automateOn: 5 } })).toBe(5);
    expect(runDayOf({ invoiceSetting: { automateOn: null }, billingClientDocument: { monthlyStatements: true } })).toBe(1);
    expect(runDayOf({ billingClientDocument: { monthlySuperBills: true } })).toBe(1);
    expect(runDayOf({ invoiceSetting: { automateOn: null }, billingClientDocument: { monthlyStatements: false, monthlySuperBills: false } })).toBeNull();
    expect(runDayOf(null)).toBeNull();
  });

  it('indexes the settings under BILLRUN#<DD> only while something is automated', () => {
    expect(runIndexKeys('p1', { invoiceSetting: { automateOn: 7 } })).toEqual({ GSI3PK: 'BILLRUN#07', GSI3SK: 'p1' });
    expect(runIndexKeys('p1', { invoiceSetting: { automateOn: 28 } })).toEqual({ GSI3PK: 'BILLRUN#28', GSI3SK: 'p1' });
    expect(runIndexKeys('p1', {})).toEqual({});
  });

  it('reads the local days around a UTC instant (29th–31st are never run days)', () => {
    expect(candidateDays(new Date('2026-11-05T12:00:00Z')).sort((a, b) => a - b)).toEqual([4, 5, 6]);
    expect(candidateDays(new Date('2026-12-01T03:00:00Z')).sort((a, b) => a - b)).toEqual([1, 2]);
    expect(candidateDays(new Date('2026-03-01T23:00:00Z')).sort((a, b) => a - b)).toEqual([1, 2, 28]);
  });
});

describe('past-due index', () => {
  it('holds a sent or partly paid invoice by its due date until it is reminded; never a draft, paid or void one', () => {
    const inv = { id: 'i1', status: 'SENT', dueDate: '2026-12-15' };
    expect(pastDueKeys('p1', inv)).toEqual({ GSI4PK: 'BILLDUE#2026-12-15', GSI4SK: 'p1#i1' });
    expect(pastDueKeys('p1', { ...inv, status: 'PARTIALLY_PAID' })).toEqual({ GSI4PK: 'BILLDUE#2026-12-15', GSI4SK: 'p1#i1' });
    for (const status of ['DRAFT', 'PAID', 'VOID']) expect(pastDueKeys('p1', { ...inv, status })).toEqual({});
    expect(pastDueKeys('p1', { ...inv, pastDueCheckedAt: '2026-12-16T20:00:00Z' })).toEqual({});
  });
});

describe('deterministic ids', () => {
  it('are one per client and month (and chunk), and valid billing ids', () => {
    const client = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const ids = [autoInvoiceId('2026-12', client, 0), autoInvoiceId('2026-12', client, 1), autoInvoiceId('2027-01', client, 0), autoDocumentId('STATEMENT', '2026-11', client), autoDocumentId('SUPERBILL', '2026-11', client)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(autoInvoiceId('2026-12', client, 0)).toBe(autoInvoiceId('2026-12', client, 0));
    for (const id of ids) expect(isId(id) && isId(`D${id}`)).toBe(true);
  });
});
