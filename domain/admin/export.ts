/**
 * The practice data export (issue 18; spec part 2 §6 DataExport): what goes in the zip and how,
 * pure. Every item of a practice lives in its partition `P#<practice>` of the Practice table, sorted
 * by SK — `<Entity>#…` — so one paged Query meets each entity's items together: each becomes one
 * JSON Lines file (`<entity>.jsonl`), written as the Query reaches it, and the tabular ones also a
 * CSV. Index attributes (PK, SK, GSI…) are dropped; derived items (name-search entries, schedule
 * locks, request de-duplication records, counters) and the export jobs themselves are left out.
 * The audit trail (Audit table, same partition) is `audit.jsonl`.
 */
import { csvCell as cell } from '../csv.ts';

/** SK prefix → file name (without extension); any other prefix is exported under its own lower-case name. */
export const ENTITY_FILES: Record<string, string> = {
  Client: 'clients', ClientInsurance: 'client-insurance', APPT: 'appointments', APPTSERIES: 'appointment-series', NOTE: 'progress-notes',
  INV: 'invoices', PAY: 'payments', CPAY: 'card-payments', BLINE: 'billing-lines', CLEDGER: 'client-ledgers', CFEES: 'client-fees',
  CONV: 'conversations', MSG: 'messages', MSGATT: 'message-attachments', ConsentDoc: 'consent-documents', ConsentDocVersion: 'consent-document-versions',
  ConsentSig: 'consent-signatures', DocShare: 'document-shares', IntakeAnswers: 'intake-answers', Eligibility: 'eligibility-checks',
  CLAIM: 'claims', Claim: 'claims', ERA: 'eras', Settings: 'settings', Therapist: 'therapists', SUPERVISION: 'supervision', ENTRY: 'app-entries',
  Group: 'groups', HomeworkAssignment: 'homework-assignments', Homework: 'homework', ASSESS: 'assessments', Assessment: 'assessments',
};
/** Derived or internal items: not part of the practice's records. */
export const SKIPPED_PREFIXES = ['ClientName', 'APPTLOCK', 'BREQ', 'BILLSEQ', 'PEVT', 'EXPORT', 'DEMO', 'COSIGNREMIND'];
/** The tabular entities: also a CSV with these columns (dotted paths into the item). */
export const CSV_COLUMNS: Record<string, string[]> = {
  clients: ['id', 'status', 'therapistId', 'personalDetail.first', 'personalDetail.middle', 'personalDetail.last', 'dateOfBirth', 'gender', 'contact.email', 'contact.phone', 'address.line1', 'address.line2', 'address.city', 'address.state', 'address.zip', 'createdAt', 'updatedAt'],
  appointments: ['id', 'clientId', 'clientName', 'clinicianId', 'clinicianName', 'start', 'end', 'status', 'serviceCode', 'location', 'telehealth', 'progressNoteId', 'createdAt'],
  invoices: ['id', 'number', 'clientId', 'status', 'issuedOn', 'dueOn', 'totalCents', 'paidCents', 'balanceCents', 'currency', 'createdAt'],
  payments: ['id', 'clientId', 'method', 'amountCents', 'receivedOn', 'reference', 'createdAt'],
};

export type Item = Record<string, unknown>;

export function prefixOf(sk: unknown): string {
  const s = typeof sk === 'string' ? sk : '';
  const i = s.indexOf('#');
  return i < 0 ? s : s.slice(0, i);
}

/** The file (without extension) an item goes to, or null when it is not exported. */
export function entityFileOf(sk: unknown): string | null {
  const prefix = prefixOf(sk);
  if (!prefix || SKIPPED_PREFIXES.includes(prefix)) return null;
  return ENTITY_FILES[prefix] ?? prefix.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
}

/** The item as exported: no key or index attributes, no TTL bookkeeping. */
export function exportedRecord(item: Item): Item {
  const out: Item = {};
  for (const [k, v] of Object.entries(item)) {
    if (k === 'PK' || k === 'SK' || /^GSI\d+(PK|SK)$/.test(k)) continue;
    out[k] = v instanceof Set ? [...v] : v;
  }
  return out;
}

/** One JSON Lines line (sets as arrays; big numbers as they are). */
export function jsonLine(record: Item): string {
  return JSON.stringify(record, (_k, v: unknown) => (v instanceof Set ? [...(v as Set<unknown>)] : typeof v === 'bigint' ? v.toString() : v)) + '\n';
}

function at(record: Item, path: string): unknown {
  let v: unknown = record;
  for (const part of path.split('.')) v = v && typeof v === 'object' ? (v as Item)[part] : undefined;
  return v;
}

/** One RFC 4180 CSV cell (domain/csv.ts: formulas neutralised, negative amounts kept); objects as JSON. */
export function csvCell(value: unknown): string {
  return cell(value === null || value === undefined || typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value));
}

export function csvHeader(file: string): string | null {
  const columns = CSV_COLUMNS[file];
  return columns ? columns.map(csvCell).join(',') + '\r\n' : null;
}

export function csvRow(file: string, record: Item): string {
  return CSV_COLUMNS[file].map((c) => csvCell(at(record, c))).join(',') + '\r\n';
}

/** Whether an item belongs to one client's record (its id, clientId, or clientIds). */
export function belongsToClient(item: Item, clientId: string): boolean {
  if (prefixOf(item.SK) === 'Client') return item.id === clientId;
  if (item.clientId === clientId) return true;
  const ids = item.clientIds;
  return Array.isArray(ids) ? ids.includes(clientId) : ids instanceof Set ? ids.has(clientId) : false;
}

export const EXPORT_STATUS = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ExportStatus = (typeof EXPORT_STATUS)[number];
/** How long the download link of a finished export stays valid (seconds), and how long the zip is kept (days). */
export const EXPORT_LINK_SECONDS = 900;
export const EXPORT_KEEP_DAYS = 7;
export const exportKey = (practiceId: string, id: string) => ({ PK: 'P#' + practiceId, SK: 'EXPORT#' + id });
export const exportObjectKey = (practiceId: string, id: string) => `exports/${practiceId}/${id}.zip`;
