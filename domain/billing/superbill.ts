/**
 * A superbill (issue 15): what a client submits to their insurer for out-of-network reimbursement —
 * the practice (name, address, tax id, NPI), the rendering clinician (name, NPI), the client (name,
 * date of birth, address), ICD-10-CM diagnosis codes from the client's record, and one service line
 * per session of the period (date, CPT code, units, fee, place of service — 02/10 telehealth, 11
 * office) with what the client paid on it. Pure, so the lines and amounts are unit-tested.
 *
 * Paid per line: each invoice's paid amount is spread over its lines in date order (a line takes at
 * most its amount); a line not yet invoiced, or on a void invoice, shows nothing paid.
 */
import { sumCents } from './money.ts';
import type { SessionLine } from './session-line.ts';

/** The part of a session line (session-line.ts) a superbill shows, with the invoice it is on. */
export type SuperbillSession = Pick<SessionLine, 'id' | 'date' | 'serviceCode' | 'serviceName' | 'units' | 'feeCents' | 'amountCents' | 'placeOfService' | 'invoiceId'>;

export interface SuperbillLine extends Omit<SuperbillSession, 'id' | 'invoiceId'> {
  paidCents: number;
}

export interface Superbill {
  from: string;
  to: string;
  diagnoses: string[];
  lines: SuperbillLine[];
  totalCents: number;
  paidCents: number;
  balanceCents: number;
}

export function superbillOf(sessions: SuperbillSession[], invoices: { id: string; status: string; paidCents: number }[], diagnoses: string[], from: string, to: string): Superbill {
  const inPeriod = sessions.filter((s) => s.date >= from && s.date <= to).sort((a, b) => (a.date === b.date ? a.id.localeCompare(b.id) : a.date.localeCompare(b.date)));
  const left = new Map(invoices.filter((i) => i.status !== 'VOID' && i.status !== 'DRAFT').map((i) => [i.id, i.paidCents]));
  const lines = inPeriod.map((s) => {
    const available = s.invoiceId ? (left.get(s.invoiceId) ?? 0) : 0;
    const paidCents = Math.min(available, s.amountCents);
    if (s.invoiceId && left.has(s.invoiceId)) left.set(s.invoiceId, available - paidCents);
    return { date: s.date, serviceCode: s.serviceCode, serviceName: s.serviceName, units: s.units, feeCents: s.feeCents, amountCents: s.amountCents, placeOfService: s.placeOfService, paidCents };
  });
  const totalCents = sumCents(lines.map((l) => l.amountCents));
  const paidCents = sumCents(lines.map((l) => l.paidCents));
  return { from, to, diagnoses: [...new Set(diagnoses.map((d) => d.toUpperCase()))].slice(0, 12), lines, totalCents, paidCents, balanceCents: totalCents - paidCents };
}

export const PLACE_OF_SERVICE: Record<string, string> = { '02': 'Telehealth (not in the client\'s home)', '10': 'Telehealth in the client\'s home', '11': 'Office' };
