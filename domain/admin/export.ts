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
import { NOTE_TEMPLATES } from '../progress-note.ts';

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

/** A PDF block as functions/shared/pdf/layout.ts draws it (structurally the same type). */
export type PdfBlock =
  | { kind: 'heading' | 'subheading' | 'paragraph'; text: string }
  | { kind: 'field'; label: string; value: string }
  | { kind: 'rule' | 'space' };

function clientNameOf(client: Item): string {
  const p = (client.personalDetail ?? {}) as Record<string, unknown>;
  return [p.first, p.middle, p.last].filter((s) => typeof s === 'string' && s).join(' ');
}

/** One client's signed notes as PDF blocks: each note's sections, signature, addenda and co-signature, as stored. */
export function noteBlocks(client: Item, notes: Item[], clinicianNameOf: (note: Item) => string | null): PdfBlock[] {
  const blocks: PdfBlock[] = [
    { kind: 'heading', text: `Progress notes — ${clientNameOf(client)}` },
    { kind: 'field', label: 'Client', value: String(client.id) },
    { kind: 'field', label: 'Date of birth', value: typeof client.dateOfBirth === 'string' ? client.dateOfBirth : '' },
  ];
  for (const n of notes) {
    const template = NOTE_TEMPLATES.find((t) => t.template === n.template);
    const labels = new Map((template?.sections ?? []).map((s) => [s.key, s.label]));
    blocks.push({ kind: 'rule' }, { kind: 'subheading', text: `${String(n.date)} · ${template?.label ?? String(n.template)} note` });
    blocks.push({ kind: 'field', label: 'Clinician', value: clinicianNameOf(n) ?? String(n.clinicianId) });
    for (const s of (n.sections as { key: string; text: string }[] | undefined) ?? []) {
      blocks.push({ kind: 'field', label: labels.get(s.key) ?? s.key, value: s.text || '—' });
    }
    blocks.push({ kind: 'field', label: 'Signed at (UTC)', value: typeof n.signedAt === 'string' ? n.signedAt : '' }, { kind: 'field', label: 'Note version', value: String(n.version) });
    for (const a of (n.addenda as { text: string; authorId: string; createdAt: string }[] | undefined) ?? []) {
      blocks.push({ kind: 'field', label: `Addendum ${a.createdAt} (${a.authorId})`, value: a.text });
    }
    const c = n.cosignature as { supervisorName: string; at: string; version: number } | undefined;
    if (c) blocks.push({ kind: 'field', label: 'Co-signed', value: `${c.supervisorName}, ${c.at} (version ${c.version})` });
  }
  return blocks;
}

/** The objects in the media bucket an item points to, and their names in the zip (files/…). */
export function objectEntries(item: Item, practiceId: string): { key: string; name: string; stored: boolean }[] {
  const prefix = prefixOf(item.SK);
  const out: { key: string; name: string; stored: boolean }[] = [];
  const claims = `claims/${practiceId}/`;
  if (prefix === 'CLAIM' || prefix === 'ERA') {
    // Every file of the claim: the current 837P and 277CA, and the earlier ones its history names.
    const details = ((item.history as { detail?: Item }[] | undefined) ?? []).map((h) => h?.detail ?? {});
    const keys = new Set([item, ...details].flatMap((d) => [d.fileKey, d.ackFileKey]));
    for (const k of keys) if (typeof k === 'string' && k.startsWith(claims) && !k.includes('..')) out.push({ key: k, name: `files/claims/${k.slice(claims.length)}`, stored: false });
  }
  const attachments = `attachments/${practiceId}/`;
  if (prefix === 'MSGATT' && item.state === 'attached' && typeof item.key === 'string' && item.key.startsWith(attachments)) {
    const file = typeof item.fileName === 'string' ? item.fileName.replace(/[/\\]/g, '_') : 'file';
    out.push({ key: item.key, name: `files/message-attachments/${String(item.id)}-${file}`, stored: true });
  }
  const photo = (item.photo as { s3path?: unknown } | undefined)?.s3path;
  if (prefix === 'Therapist' && typeof photo === 'string' && photo.startsWith('images/') && !photo.includes('..')) {
    out.push({ key: photo, name: `files/profile-images/${String(item.SK).slice('Therapist#'.length)}.jpg`, stored: true });
  }
  return out;
}
