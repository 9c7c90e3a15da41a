/**
 * Statements and superbills (issue 15), generated on demand for one client and month (and by the
 * monthly run per billing settings: monthly-run.ts) and kept as billing documents (BDOC#<id>: the
 * snapshot of what was generated, who generated it, who sent it and when) — listed on
 * /app/billings/documents and in the client portal, re-downloaded as the same PDF. Sending e-mails
 * the client a link to the portal only (no PHI, no attachment). A sent invoice is a billing
 * document too (invoices.ts).
 */
import { randomUUID } from 'node:crypto';
import { billingDocKey, clientBucket, invoiceKey, type Bucket } from '../../domain/billing/keys.ts';
import { accountEvents, monthOf, previousMonth, statementOf, type StatementInvoice, type StatementPayment } from '../../domain/billing/statement.ts';
import { superbillOf } from '../../domain/billing/superbill.ts';
import { portalAccessKey } from '../../domain/client-link.ts';
import { therapistKey } from '../../domain/profile.ts';
import { localDate } from '../../domain/wall-clock.ts';
import { getMembership } from '../shared/membership.ts';
import { notifier, type Notifier } from '../shared/notifier.ts';
import { priorResult, requestIdOf, requestRecord } from './idempotency.ts';
import { billableClient, nameOf, practiceBilling, responsibleClinician, type PracticeBilling } from './practice.ts';
import { invalid, type BillingAnswer, type Caller, type Item } from './request.ts';
import { getItem, getItems, put, queryAll, transact } from './store.ts';
import { docItem, toDocument } from './document-items.ts';

export const DOCUMENT_MESSAGES = {
  kind: 'Choose a superbill or a statement.',
  month: 'Choose a month (YYYY-MM) that has begun.',
  notInvited: 'Invite the client to the client portal before sending them documents.',
  notFound: 'Document not found',
} as const;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

async function bucketsOf(practiceId: string, clientId: string, buckets: Bucket[]): Promise<Item[]> {
  return (await Promise.all(buckets.map((b) => queryAll('GSI1', clientBucket(practiceId, clientId, b), 500)))).flat();
}

/** The client's account events as the statement reads them (dates in the practice's zone). */
export async function statementSnapshot(practiceId: string, clientId: string, practice: PracticeBilling, from: string, to: string) {
  const [invoices, payments] = await Promise.all([bucketsOf(practiceId, clientId, ['INVOICE_UNPAID', 'INVOICE_CLOSED']), bucketsOf(practiceId, clientId, ['PAYMENT'])]);
  const day = (iso: string | undefined) => (iso ? localDate(Date.parse(iso), practice.timezone) : null);
  const inv: StatementInvoice[] = invoices.map((i) => ({
    number: i.number, status: i.status, issueDate: i.issueDate, totalCents: i.totalCents, voidedOn: day(i.voidedAt), wasSent: !!i.sentAt || (i.status !== 'DRAFT' && i.status !== 'VOID'),
  }));
  const pay: StatementPayment[] = payments.map((p) => {
    const listed = ((p.refunds ?? []) as Item[]).map((r) => ({ date: day(r.at) ?? p.date, amountCents: r.amountCents as number }));
    const rest = (p.refundedCents ?? 0) - listed.reduce((t, r) => t + r.amountCents, 0);
    return { date: p.date, method: p.method, amountCents: p.amountCents, refunds: rest > 0 ? [...listed, { date: day(p.updatedAt) ?? p.date, amountCents: rest }] : listed };
  });
  return statementOf(accountEvents(inv, pay), from, to);
}

/** The superbill's snapshot: sessions of the period, diagnoses, the parties. */
export async function superbillSnapshot(practiceId: string, client: Item, from: string, to: string) {
  const sessions = await bucketsOf(practiceId, client.id, ['SESSION_OPEN', 'SESSION_INVOICED']);
  const inPeriod = sessions.filter((s) => s.date >= from && s.date <= to);
  const invoiceIds = [...new Set(inPeriod.map((s) => s.invoiceId).filter((i): i is string => typeof i === 'string'))];
  const clinicianId = inPeriod[0]?.clinicianId ?? client.therapistId;
  const [invoices, insurance, clinician] = await Promise.all([
    getItems(invoiceIds.map((id) => invoiceKey(practiceId, id))),
    getItem({ PK: `P#${practiceId}`, SK: `ClientInsurance#${client.id}` }),
    clinicianId ? getItem(therapistKey(practiceId, clinicianId)) : Promise.resolve(null),
  ]);
  const diagnoses = ((insurance?.data as Item | undefined)?.additionalClaimInfo?.diagnoses ?? []) as string[];
  const superbill = superbillOf(inPeriod.map((s) => ({ ...s, invoiceId: s.invoiceId ?? null })) as never, invoices as never, Array.isArray(diagnoses) ? diagnoses : [], from, to);
  const person = (clinician?.person ?? {}) as Item;
  const provider = (clinician?.provider ?? {}) as Item;
  const a = (client.address ?? {}) as Item;
  const city = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const parties = {
    clinicianName: [person.first ?? provider.firstName, person.last ?? provider.lastName].filter(Boolean).join(' ') || (inPeriod[0]?.clinicianName ?? ''),
    clinicianNpi: typeof provider.npi === 'string' && provider.npi ? provider.npi : null,
    clientName: nameOf(client), clientDateOfBirth: typeof client.dateOfBirth === 'string' ? client.dateOfBirth : null,
    clientAddress: [a.line1, a.line2, city].filter((l): l is string => typeof l === 'string' && l.length > 0),
  };
  return { superbill, parties };
}

export async function memberName(sub: string): Promise<string | null> {
  const m = (await getMembership(sub)) as (Item & { email?: string }) | null;
  if (!m) return null;
  const name = [m.firstName, m.lastName].filter((p) => typeof p === 'string' && p.length > 0).join(' ');
  return name || m.email || null;
}

/** E-mails the client a link to their portal (never the document, never an amount). Null when they have no portal access. */
export async function sendPortalLink(practiceId: string, clientId: string, practice: PracticeBilling, send: Notifier = notifier()): Promise<boolean> {
  const access = await getItem(portalAccessKey(practiceId, clientId));
  if (!access || (access.state !== 'invited' && access.state !== 'active') || !access.email) return false;
  const origin = process.env.PORTAL_ORIGIN ?? '';
  const from = practice.name || 'Your practice';
  await send.sendEmail(access.email, `A new billing document from ${from}`, `${from} has a new billing document for you in your client portal.\n\nSign in to see it: ${origin}/portal/billing\n`);
  return true;
}

/** generateBillingDocument(clientId, kind, month?, requestId, send?): a statement or superbill of one month (default: last month). */
export async function generateBillingDocument(caller: Caller, args: Item, now = new Date(), send?: Notifier): Promise<BillingAnswer> {
  const client = await billableClient(caller, args.clientId);
  const pid = caller.practiceId;
  const requestId = requestIdOf(args.requestId);
  const prior = await priorResult(pid, requestId, 'generateBillingDocument');
  if (prior) return { data: toDocument((await getItem(billingDocKey(pid, prior)))!), audit: { action: 'billing.document.generate', entityType: 'BillingDocument', entityId: prior } };
  const kind = args.kind;
  if (kind !== 'STATEMENT' && kind !== 'SUPERBILL') throw invalid(DOCUMENT_MESSAGES.kind, [{ field: 'kind', reason: 'format' }]);
  const practice = await practiceBilling(pid, now);
  const month = args.month ?? null;
  if (month !== null && (typeof month !== 'string' || !MONTH.test(month) || month > practice.today.slice(0, 7))) throw invalid(DOCUMENT_MESSAGES.month, [{ field: 'month', reason: 'format' }]);
  const period = month ? monthOf(`${month}-01`) : previousMonth(practice.today);
  const stamp = now.toISOString();
  const snapshot = kind === 'STATEMENT' ? { statement: await statementSnapshot(pid, client.id, practice, period.from, period.to) } : await superbillSnapshot(pid, client, period.from, period.to);
  const name = await memberName(caller.sub);
  const wantsSend = args.send === true;
  if (wantsSend) {
    const access = await getItem(portalAccessKey(pid, client.id));
    if (!access || (access.state !== 'invited' && access.state !== 'active') || !access.email) throw invalid(DOCUMENT_MESSAGES.notInvited, [{ field: 'send', reason: 'portal' }]);
  }
  const doc: Item = {
    id: randomUUID(), kind, clientId: client.id, clientName: nameOf(client), filedUnder: responsibleClinician(client, caller.sub), from: period.from, to: period.to,
    title: `${kind === 'STATEMENT' ? 'Statement' : 'Superbill'} ${period.from.slice(0, 7)}`, snapshot, generatedAt: stamp, generatedBy: caller.sub, generatedByName: name,
    sentAt: wantsSend ? stamp : null, sentBy: wantsSend ? caller.sub : null, sentByName: wantsSend ? name : null,
  };
  const out = await transact([put(docItem(pid, doc), 'attribute_not_exists(PK)'), requestRecord(pid, requestId, 'generateBillingDocument', doc.id, now)]);
  if (!out.ok) return generateBillingDocument(caller, args, now, send);
  if (wantsSend) await sendPortalLink(pid, client.id, practice, send);
  return { data: toDocument(doc), audit: { action: wantsSend ? 'billing.document.send' : 'billing.document.generate', entityType: 'BillingDocument', entityId: doc.id } };
}
