/**
 * Billing documents (issue 15): the stored item and its API shape, the list for
 * /app/billings/documents (by generation time, newest first, 20 a page, optionally one kind, one
 * client, a date range — Queries on the practice's, the client's or the clinician's partition,
 * never a Scan; the cursor keeps sort-key values only and is sealed by the resolver), each
 * document's PDF again, and the client portal's own documents.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { billingDocItem, billingDocKey, clientDocs, clinicianDocs, invoiceKey, practiceDocs } from '../../domain/billing/keys.ts';
import { linkOf } from '../../domain/client-link.ts';
import { practicePartition } from '../../domain/tables.ts';
import { dynamo } from '../shared/aws.ts';
import { writeAudit } from '../shared/audit-write.ts';
import { renderStatement, renderSuperbill, type PracticeHeader } from '../shared/pdf/billing-documents.ts';
import { Refusal } from '../shared/refusal.ts';
import { signedConsentPdf } from '../client-documents/pdf.ts';
import { invoicePdfOf } from './documents.ts';
import { billableClient, practiceBilling, type PracticeBilling } from './practice.ts';
import { billingScope, invalid, isId, notFound, type BillingAnswer, type Caller, type ClientPrincipal, type Item } from './request.ts';
import { getItem, practiceTable } from './store.ts';

export const DOCUMENT_KINDS = ['INVOICE', 'SUPERBILL', 'STATEMENT', 'CONSENT'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function docItem(practiceId: string, doc: Item): Item {
  return billingDocItem(practiceId, doc as Parameters<typeof billingDocItem>[1]);
}

export function toDocument(item: Item): Item {
  return {
    id: item.id, kind: item.kind, clientId: item.clientId, clientName: item.clientName, title: item.title, from: item.from ?? null, to: item.to ?? null, invoiceId: item.invoiceId ?? null,
    generatedAt: item.generatedAt, generatedBy: item.generatedBy ?? null, generatedByName: item.generatedByName ?? null, sentAt: item.sentAt ?? null, sentBy: item.sentBy ?? null, sentByName: item.sentByName ?? null,
  };
}

function header(practice: PracticeBilling): PracticeHeader {
  const s = practice.settings;
  const a = (s.address ?? {}) as Item;
  const city = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    practiceName: practice.name, address: [a.line1, a.line2, city].filter((l): l is string => typeof l === 'string' && l.length > 0), taxId: s.taxId ?? null, npi: s.organizationNPI ?? null,
    decimals: practice.catalog.decimals, currency: (s.currency as string) ?? 'USD',
  };
}

/** The PDF of a stored document: an invoice as it is now, a statement or superbill as generated, a consent as signed. */
export async function pdfOfDocument(practiceId: string, doc: Item): Promise<Item> {
  const practice = await practiceBilling(practiceId);
  if (doc.kind === 'CONSENT') return signedConsentPdf({ practiceId, practiceName: practice.name, clientId: doc.clientId }, doc.consentDocumentId, doc.consentVersion);
  const at = new Date(doc.generatedAt);
  if (doc.kind === 'INVOICE') {
    const inv = await getItem(invoiceKey(practiceId, doc.invoiceId));
    if (!inv) throw notFound('Document not found');
    return invoicePdfOf(inv, practice);
  }
  const bytes = doc.kind === 'STATEMENT' ? await renderStatement(header(practice), doc.clientName, doc.snapshot.statement, at) : await renderSuperbill(header(practice), doc.snapshot.parties, doc.snapshot.superbill, at);
  return { fileName: `${doc.kind === 'STATEMENT' ? 'statement' : 'superbill'}-${String(doc.from).slice(0, 7)}.pdf`, contentType: 'application/pdf', base64: Buffer.from(bytes).toString('base64') };
}

const badToken = () => invalid('Invalid page token', [{ field: 'nextToken', reason: 'format' }]);

export async function listBillingDocuments(caller: Caller, args: Item, cursorText: string | null | undefined): Promise<BillingAnswer> {
  const kind = args.kind ?? null;
  if (kind !== null && !DOCUMENT_KINDS.includes(kind)) throw invalid('Unknown document kind.', [{ field: 'kind', reason: 'format' }]);
  for (const f of ['from', 'to']) {
    if (args[f] !== null && args[f] !== undefined && (typeof args[f] !== 'string' || !DATE.test(args[f]))) throw invalid('Dates are YYYY-MM-DD.', [{ field: f, reason: 'format' }]);
  }
  const clientId = args.clientId === null || args.clientId === undefined ? null : ((await billableClient(caller, args.clientId)).id as string);
  const own = billingScope(caller.roles) === 'own';
  const [index, partition] = clientId ? ['GSI1', clientDocs(caller.practiceId, clientId)] : own ? ['GSI2', clinicianDocs(caller.practiceId, caller.sub)] : ['GSI3', practiceDocs(caller.practiceId)];
  let start: Item | undefined;
  if (cursorText) {
    let c: Item;
    try {
      c = JSON.parse(Buffer.from(cursorText, 'base64url').toString('utf8')) as Item;
    } catch {
      throw badToken();
    }
    if (!c || typeof c.s !== 'string' || typeof c.k !== 'string' || c.s.length > 120 || !c.k.startsWith('BDOC#') || c.k.length > 80) throw badToken();
    start = { PK: practicePartition(caller.practiceId), SK: c.k, [`${index}PK`]: partition, [`${index}SK`]: c.s };
  }
  const names: Record<string, string> = { '#pk': `${index}PK` };
  const values: Record<string, unknown> = { ':pk': partition };
  let condition = '#pk = :pk';
  if (args.from || args.to) {
    names['#sk'] = `${index}SK`;
    values[':from'] = args.from ?? '0000-00-00';
    values[':to'] = `${args.to ?? '9999-99-99'}~`;
    condition += ' AND #sk BETWEEN :from AND :to';
  }
  const filter = kind ? { FilterExpression: '#kind = :kind', ...{} } : {};
  if (kind) {
    names['#kind'] = 'kind';
    values[':kind'] = kind;
  }
  const out = await dynamo().send(new QueryCommand({
    TableName: practiceTable(), IndexName: index, KeyConditionExpression: condition, ExpressionAttributeNames: names, ExpressionAttributeValues: values, ScanIndexForward: false, Limit: 20, ExclusiveStartKey: start, ...filter,
  }));
  const items = (out.Items ?? []) as Item[];
  const last = out.LastEvaluatedKey as Item | undefined;
  const nextToken = last ? Buffer.from(JSON.stringify({ s: last[`${index}SK`], k: last.SK })).toString('base64url') : null;
  return { data: { items: items.map(toDocument) }, nextToken, audit: { action: 'billing.documents.list', entityType: 'Client', entityIds: [...new Set(items.map((i) => i.clientId as string))] } };
}

export async function getBillingDocumentPdf(caller: Caller, args: Item): Promise<BillingAnswer> {
  const doc = isId(args.id) ? await getItem(billingDocKey(caller.practiceId, args.id)) : null;
  if (!doc) throw notFound('Document not found');
  await billableClient(caller, doc.clientId);
  return { data: await pdfOfDocument(caller.practiceId, doc), audit: { action: 'billing.document.pdf', entityType: 'BillingDocument', entityId: doc.id } };
}

/** The client's statements and superbills at one practice (newest first), for the portal (signed consents are on its Documents page). */
export async function clientDocumentsOf(practiceId: string, clientId: string): Promise<Item[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: practiceTable(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', FilterExpression: '#kind IN (:statement, :superbill)',
    ExpressionAttributeNames: { '#kind': 'kind' }, ExpressionAttributeValues: { ':pk': clientDocs(practiceId, clientId), ':statement': 'STATEMENT', ':superbill': 'SUPERBILL' }, ScanIndexForward: false, Limit: 50,
  }));
  return ((out.Items ?? []) as Item[]).map(toDocument);
}

export async function clientBillingDocumentPdf(principal: ClientPrincipal, args: Item): Promise<BillingAnswer> {
  const link = linkOf(principal.links, args.practiceId);
  if (!link) throw new Refusal('Not authorized', 'Unauthorized');
  const doc = isId(args.id) ? await getItem(billingDocKey(link.practiceId, args.id)) : null;
  if (!doc || doc.clientId !== link.clientId || (doc.kind !== 'STATEMENT' && doc.kind !== 'SUPERBILL')) throw notFound('Document not found');
  const pdf = await pdfOfDocument(link.practiceId, doc);
  await writeAudit(principal.sub, 'Query.clientBillingDocumentPdf', [{ practiceId: link.practiceId, action: 'client.billing.document.pdf', entityType: 'BillingDocument', entityId: doc.id }]);
  return { data: pdf };
}
