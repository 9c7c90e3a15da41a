/**
 * Billing items in the Practice table (issue 15) and the keys the billing list reads.
 *
 *   session line  SK = BLINE#<appointmentId>   (one per appointment: creating it again is a no-op)
 *   invoice       SK = INV#<id>
 *   payment       SK = PAY#<id>
 *   client ledger SK = CLEDGER#<clientId>      (running totals, changed in the same transaction)
 *   client fees   SK = CFEES#<clientId>        (per-client default services and sliding scale)
 *   request       SK = BREQ#<requestId>        (a mutation's idempotency record: double submit)
 *   counter       SK = BILLSEQ                 (invoice numbers)
 *   card payment  SK = CPAY#<id>               (a client's card payment: pending → succeeded / failed)
 *   processor evt SK = PEVT#<eventId>          (a card-processor webhook event already handled)
 *   document      SK = BDOC#<id>               (a generated invoice, superbill or statement: /app/billings/documents)
 *
 * The billing list never scans: each entry sits in one "bucket" (kind × state) and is indexed
 * three ways, newest first by date — GSI3 for the whole practice, GSI1 for one client, GSI2 for
 * one clinician. A filter key is a fixed set of buckets (BUCKETS_OF): a page is the merge of at
 * most six Queries. Changing state moves an item between buckets by rewriting its index keys.
 */

export type Bucket = 'SESSION_OPEN' | 'SESSION_INVOICED' | 'INVOICE_DRAFT' | 'INVOICE_UNPAID' | 'INVOICE_CLOSED' | 'PAYMENT' | 'INSURANCE_PAYMENT';

export const BILLING_FILTERS = ['all', 'Session', 'UnInvoicedSession', 'UnpaidInvoice', 'ClientInvoice', 'BillingPayment', 'InsurancePayment'] as const;
export type BillingFilter = (typeof BILLING_FILTERS)[number];

export const BUCKETS_OF: Record<BillingFilter, Bucket[]> = {
  all: ['SESSION_OPEN', 'SESSION_INVOICED', 'INVOICE_DRAFT', 'INVOICE_UNPAID', 'INVOICE_CLOSED', 'PAYMENT', 'INSURANCE_PAYMENT'],
  Session: ['SESSION_OPEN', 'SESSION_INVOICED'],
  UnInvoicedSession: ['SESSION_OPEN'],
  UnpaidInvoice: ['INVOICE_UNPAID'],
  ClientInvoice: ['INVOICE_DRAFT', 'INVOICE_UNPAID', 'INVOICE_CLOSED'],
  BillingPayment: ['PAYMENT'],
  // Insurance payments arrive with the claims slice (issue 14); the bucket exists so the key is stable.
  InsurancePayment: ['INSURANCE_PAYMENT'],
};

const pk = (practiceId: string) => 'P#' + practiceId;

export const lineKey = (practiceId: string, appointmentId: string) => ({ PK: pk(practiceId), SK: 'BLINE#' + appointmentId });
export const invoiceKey = (practiceId: string, id: string) => ({ PK: pk(practiceId), SK: 'INV#' + id });
export const paymentKey = (practiceId: string, id: string) => ({ PK: pk(practiceId), SK: 'PAY#' + id });
export const ledgerKey = (practiceId: string, clientId: string) => ({ PK: pk(practiceId), SK: 'CLEDGER#' + clientId });
export const clientFeesKey = (practiceId: string, clientId: string) => ({ PK: pk(practiceId), SK: 'CFEES#' + clientId });
export const requestKey = (practiceId: string, requestId: string) => ({ PK: pk(practiceId), SK: 'BREQ#' + requestId });
export const counterKey = (practiceId: string) => ({ PK: pk(practiceId), SK: 'BILLSEQ' });
export const cardPaymentKey = (practiceId: string, id: string) => ({ PK: pk(practiceId), SK: 'CPAY#' + id });
export const billingDocKey = (practiceId: string, id: string) => ({ PK: pk(practiceId), SK: 'BDOC#' + id });
/** Billing documents by generation time, three ways (the practice, one client, one clinician's clients). */
export const practiceDocs = (practiceId: string) => `P#${practiceId}#BDOC`;
export const clientDocs = (practiceId: string, clientId: string) => `P#${practiceId}#C#${clientId}#BDOC`;
export const clinicianDocs = (practiceId: string, clinicianId: string) => `P#${practiceId}#U#${clinicianId}#BDOC`;
/**
 * A billing document's stored item with its three index entries (client, clinician filed under,
 * practice), sorted by generation time: the list of /app/billings/documents reads them.
 */
export function billingDocItem(practiceId: string, doc: { id: string; clientId: string; filedUnder: string; generatedAt: string } & Record<string, unknown>): Record<string, unknown> {
  const sort = `${doc.generatedAt}#${doc.id}`;
  return {
    ...doc, ...billingDocKey(practiceId, doc.id), entity: 'BillingDocument',
    GSI1PK: clientDocs(practiceId, doc.clientId), GSI1SK: sort, GSI2PK: clinicianDocs(practiceId, doc.filedUnder), GSI2SK: sort, GSI3PK: practiceDocs(practiceId), GSI3SK: sort,
  };
}

/** A client's signature of one consent version as a billing document (issue 12: listed on /app/billings/documents). */
export function signedConsentDocItem(practiceId: string, s: { id: string; clientId: string; clientName: string; filedUnder: string; documentId: string; version: number; title: string; typedName: string; signedAt: string; signedBy: string }): Record<string, unknown> {
  return billingDocItem(practiceId, {
    id: s.id, kind: 'CONSENT', clientId: s.clientId, clientName: s.clientName, filedUnder: s.filedUnder,
    title: `${s.title} (version ${s.version})`, consentDocumentId: s.documentId, consentVersion: s.version,
    generatedAt: s.signedAt, generatedBy: s.signedBy, generatedByName: s.typedName,
  });
}

export const processorEventKey = (practiceId: string, eventId: string) => ({ PK: pk(practiceId), SK: 'PEVT#' + eventId });

export const practiceBucket = (practiceId: string, bucket: Bucket) => `P#${practiceId}#BILL#${bucket}`;
export const clientBucket = (practiceId: string, clientId: string, bucket: Bucket) => `P#${practiceId}#C#${clientId}#BILL#${bucket}`;
export const clinicianBucket = (practiceId: string, clinicianId: string, bucket: Bucket) => `P#${practiceId}#U#${clinicianId}#BILL#${bucket}`;

/** The index keys of a billing entry: its bucket three ways, sorted by date then id. */
export function billingIndexKeys(practiceId: string, bucket: Bucket, e: { clientId: string; clinicianId: string; date: string; id: string }): Record<string, string> {
  const sort = `${e.date}#${e.id}`;
  return {
    bucket,
    GSI1PK: clientBucket(practiceId, e.clientId, bucket),
    GSI1SK: sort,
    GSI2PK: clinicianBucket(practiceId, e.clinicianId, bucket),
    GSI2SK: sort,
    GSI3PK: practiceBucket(practiceId, bucket),
    GSI3SK: sort,
  };
}
