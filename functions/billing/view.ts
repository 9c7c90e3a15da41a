/** Stored billing items → the API's shapes (schema.graphql "Client billing"). */
import { balanceDue, balanceOf, isPastDue, ledgerOf, type InvoiceStatus } from '../../domain/billing/ledger.ts';
import type { Item } from './request.ts';

export function toLine(item: Item): Item {
  return {
    id: item.id, appointmentId: item.appointmentId, clientId: item.clientId, clientName: item.clientName, clinicianId: item.clinicianId, clinicianName: item.clinicianName ?? null,
    date: item.date, serviceCode: item.serviceCode, serviceName: item.serviceName, units: item.units, feeCents: item.feeCents, amountCents: item.amountCents,
    placeOfService: item.placeOfService, reason: item.reason, status: item.status, invoiceId: item.invoiceId ?? null,
  };
}

export function toInvoice(item: Item, today: string): Item {
  const status = item.status as InvoiceStatus;
  return {
    id: item.id, number: item.number, clientId: item.clientId, clientName: item.clientName, status,
    issueDate: item.issueDate, dueDate: item.dueDate, pastDue: isPastDue({ status, dueDate: item.dueDate }, today),
    lines: item.lines, totalCents: item.totalCents, paidCents: item.paidCents, balanceCents: balanceOf({ status, totalCents: item.totalCents, paidCents: item.paidCents }),
    note: item.note ?? null, version: item.version, createdAt: item.createdAt, sentAt: item.sentAt ?? null, voidedAt: item.voidedAt ?? null,
  };
}

export function toPayment(item: Item): Item {
  return {
    id: item.id, clientId: item.clientId, clientName: item.clientName, date: item.date, method: item.method, reference: item.reference ?? null,
    amountCents: item.amountCents, appliedCents: item.appliedCents, refundedCents: item.refundedCents ?? 0, applications: item.applications ?? [], createdAt: item.createdAt,
  };
}

export function toBalance(clientId: string, ledgerItem: Item | null, uninvoicedCents: number): Item {
  const ledger = ledgerOf(ledgerItem);
  return { clientId, invoicedCents: ledger.invoicedCents, paidCents: ledger.paidCents, balanceCents: balanceDue(ledger), creditCents: ledger.creditCents, refundedCents: ledger.refundedCents, uninvoicedCents };
}

/** One row of the billing list: a session line, an invoice or a payment, in one shape. */
export function toEntry(item: Item, today: string): Item {
  const base = { id: item.id, date: item.date ?? item.issueDate, clientId: item.clientId, clientName: item.clientName, clinicianId: item.filedUnder ?? null };
  if (item.entity === 'SessionLine') return { ...base, kind: 'SESSION', description: `${item.serviceCode} ${item.serviceName}`, amountCents: item.amountCents, status: item.status, pastDue: false };
  if (item.entity === 'Invoice') {
    const status = item.status as InvoiceStatus;
    return { ...base, kind: 'INVOICE', description: item.number, amountCents: item.totalCents, balanceCents: balanceOf({ status, totalCents: item.totalCents, paidCents: item.paidCents }), status, pastDue: isPastDue({ status, dueDate: item.dueDate }, today) };
  }
  // An insurance payment posted from an ERA (functions/claims/era.ts): the payer and the claim; a reversal is negative.
  if (item.entity === 'InsurancePayment') return { ...base, kind: 'INSURANCE_PAYMENT', description: `${item.payerName ?? ''} ${item.claimId}`.trim(), amountCents: item.amountCents, status: item.kind === 'reversal' ? 'REVERSED' : 'POSTED', pastDue: false };
  return { ...base, kind: 'PAYMENT', description: item.method, amountCents: item.amountCents, status: item.refundedCents > 0 ? 'REFUNDED' : 'RECORDED', pastDue: false };
}
