/**
 * Statements and superbills (issue 15): the superbill's lines and amounts paid (domain/billing/
 * superbill.ts), and both PDFs read back by pdf.js — not by the code that wrote them — line by line.
 */
import { describe, expect, it } from 'vitest';
import { pdfLines as lines } from '../../support/pdf-text.ts';
import { accountEvents, statementOf } from '../../../domain/billing/statement.ts';
import { superbillOf, type SuperbillSession } from '../../../domain/billing/superbill.ts';
import { renderStatement, renderSuperbill, type PracticeHeader } from '../../../functions/shared/pdf/billing-documents.ts';

const PRACTICE: PracticeHeader = { practiceName: 'Owens Family Therapy', address: ['1200 NW Everett St', 'Portland, OR 97209'], taxId: '931234567', npi: '1500000009', decimals: 0, currency: 'USD' };
const session = (id: string, date: string, invoiceId: string | null, extra: Partial<SuperbillSession> = {}): SuperbillSession => ({
  id, date, serviceCode: '90834', serviceName: 'Psychotherapy, 45 minutes', units: 1, feeCents: 15000, amountCents: 15000, placeOfService: '10', invoiceId, ...extra,
});

describe('superbill lines', () => {
  it('one line per session of the period with CPT, units, fee and place of service; each invoice’s payment spread over its lines in date order', () => {
    const sessions = [
      session('a', '2026-10-06', 'inv1'), session('b', '2026-10-13', 'inv1'), session('c', '2026-10-20', 'inv2', { serviceCode: '90837', serviceName: 'Psychotherapy, 60 minutes', feeCents: 18000, amountCents: 18000, placeOfService: '11' }),
      session('d', '2026-10-27', null), session('e', '2026-09-29', 'inv0'), session('f', '2026-10-28', 'void'),
    ];
    const bill = superbillOf(sessions, [{ id: 'inv1', status: 'PARTIALLY_PAID', paidCents: 20000 }, { id: 'inv2', status: 'PAID', paidCents: 18000 }, { id: 'void', status: 'VOID', paidCents: 15000 }], ['f41.1', 'F32.1', 'F41.1'], '2026-10-01', '2026-10-31');
    expect(bill.lines.map((l) => [l.date, l.serviceCode, l.placeOfService, l.amountCents, l.paidCents])).toEqual([
      ['2026-10-06', '90834', '10', 15000, 15000], ['2026-10-13', '90834', '10', 15000, 5000], ['2026-10-20', '90837', '11', 18000, 18000], ['2026-10-27', '90834', '10', 15000, 0], ['2026-10-28', '90834', '10', 15000, 0],
    ]);
    expect(bill).toMatchObject({ diagnoses: ['F41.1', 'F32.1'], totalCents: 78000, paidCents: 38000, balanceCents: 40000 });
  });
});

describe('the PDFs, read back by pdf.js', () => {
  it('a statement: practice, client, previous balance, each invoice and payment, ending balance', async () => {
    const events = accountEvents([{ number: 'INV-00007', status: 'SENT', issueDate: '2026-10-31', totalCents: 60000, wasSent: true }, { number: 'INV-00003', status: 'PAID', issueDate: '2026-09-30', totalCents: 45000, wasSent: true }], [{ date: '2026-10-12', method: 'CARD', amountCents: 30000, refunds: [] }]);
    const text = await lines(await renderStatement(PRACTICE, 'Taylor Brooks', statementOf(events, '2026-10-01', '2026-10-31'), new Date('2026-11-01T10:00:00Z')));
    expect(text).toEqual(expect.arrayContaining([
      'Owens Family Therapy', 'Tax ID: 931234567', 'NPI: 1500000009', 'Statement 2026-10-01 to 2026-10-31', 'Client: Taylor Brooks',
      'Previous balance: $450', '2026-10-12 Payment (card): -$300', '2026-10-31 Invoice INV-00007: $600', 'Ending balance: $750',
    ]));
  });

  it('a superbill: practice and clinician NPI, tax id, client, ICD-10-CM codes, CPT lines with POS and paid, totals', async () => {
    const bill = superbillOf([session('a', '2026-10-06', 'inv1'), session('b', '2026-10-13', null)], [{ id: 'inv1', status: 'PAID', paidCents: 15000 }], ['F41.1'], '2026-10-01', '2026-10-31');
    const text = await lines(await renderSuperbill(PRACTICE, { clinicianName: 'Olivia Owens', clinicianNpi: '1234567893', clientName: 'Taylor Brooks', clientDateOfBirth: '05/17/1990', clientAddress: ['9 Elm St', 'Portland, OR 97201'] }, bill, new Date('2026-11-01T10:00:00Z')));
    expect(text).toEqual(expect.arrayContaining([
      'Superbill 2026-10-01 to 2026-10-31', 'NPI: 1500000009', 'Tax ID: 931234567', 'Clinician: Olivia Owens', 'Clinician NPI: 1234567893', 'Client: Taylor Brooks', 'Date of birth: 05/17/1990',
      'Diagnosis codes (ICD-10-CM): F41.1', '2026-10-06 CPT 90834: Psychotherapy, 45 minutes — 1 × $150 = $150; POS 10; paid $150', 'POS 10: Telehealth in the client\'s home',
      'Total charges: $300', 'Amount paid: $150', 'Balance: $150',
    ]));
  });
});
