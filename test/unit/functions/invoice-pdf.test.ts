/**
 * The invoice PDF (issue 15): text extracted by pdf.js — not by the code that wrote it — holds the
 * practice's name, billing address, tax id and NPI, the client, the invoice's number and dates,
 * one line per session with its code, units and amounts, and total, paid and balance in the
 * practice's money format.
 */
import { describe, expect, it } from 'vitest';
import { pdfLines as lines } from '../../support/pdf-text.ts';
import { renderInvoice, type InvoiceDocument } from '../../../functions/shared/pdf/invoice.ts';

const invoice: InvoiceDocument = {
  practiceName: 'Owens Family Therapy', address: ['1200 NW Everett St', 'Suite 300', 'Portland, OR 97209'], taxId: '931234567', npi: '1500000009',
  clientName: 'Avery Lane', number: 'INV-00042', status: 'PARTIALLY_PAID', issueDate: '2026-10-01', dueDate: '2026-10-31',
  lines: [
    { date: '2026-09-08', serviceCode: '90834', description: 'Psychotherapy, 45 minutes', units: 1, feeCents: 14000, amountCents: 14000 },
    { date: '2026-09-15', serviceCode: '90837', description: 'Psychotherapy, 60 minutes', units: 1, feeCents: 18050, amountCents: 18050 },
  ],
  totalCents: 32050, paidCents: 10000, balanceCents: 22050, note: 'Thank you. Payment is due within 30 days.', decimals: 0, currency: 'USD',
};

describe('invoice PDF', () => {
  it('carries the practice, billing address, tax id, NPI, the lines and the totals (whole dollars by default)', async () => {
    expect(await lines(await renderInvoice(invoice, new Date('2026-10-01T00:00:00Z')))).toEqual([
      'Owens Family Therapy', '1200 NW Everett St', 'Suite 300', 'Portland, OR 97209', 'Tax ID: 931234567', 'NPI: 1500000009',
      'Invoice INV-00042', 'Client: Avery Lane', 'Status: Partially paid', 'Issue date: 2026-10-01', 'Due date: 2026-10-31',
      'Services',
      '2026-09-08 90834: Psychotherapy, 45 minutes — 1 × $140 = $140',
      '2026-09-15 90837: Psychotherapy, 60 minutes — 1 × $181 = $181',
      'Total: $321', 'Paid: $100', 'Balance due: $221',
      'Thank you. Payment is due within 30 days.',
      'Page 1 of 1',
    ]);
  });
  it('shows cents when the practice chose two decimals', async () => {
    const joined = (await lines(await renderInvoice({ ...invoice, decimals: 2 }))).join('\n');
    expect(joined).toContain('1 × $180.50 = $180.50');
    expect(joined).toContain('$320.50');
    expect(joined).toContain('$220.50');
  });
});
