/**
 * client-documents: AppSync Lambda data source for consent signatures, intake answers and shared
 * documents (issue 12).
 *
 * Client principal (after CLIENT_AUTHORIZE): clientDocuments, signConsentDocument, submitIntakeForm —
 * payload {field, client: {sub, links}, sourceIp, args}; every practice and client comes from the
 * caller's usable links, and each practice touched gets an audit entry here.
 * Clinician (after authorize and ClientAccess.client, which checked the client is the caller's to
 * see): getClientDocuments, getSignedConsentPdf, acceptIntakeAnswers, shareClientDocuments — payload {field, caller:
 * {sub, practiceId}, clientId, args}; the pipeline's audit step records those. getSignedConsentPdf
 * renders a signature with the one PDF module (functions/shared/pdf).
 */
import { writeAudit } from '../shared/audit-write.ts';
import { practiceName } from '../shared/practice-name.ts';
import { appsyncHandler, Refusal } from '../shared/refusal.ts';
import type { LinkRef } from '../../domain/client-link.ts';
import { linkFor, signConsent, submitIntake } from './client-actions.ts';
import { acceptIntake, shareDocuments } from './practice-actions.ts';
import { documentsOf, type PracticeRef } from './view.ts';
import { signedConsentPdf } from './pdf.ts';
import type { Item } from './records.ts';

export interface ClientDocumentsRequest {
  field: string;
  client?: { sub: string; links: LinkRef[] };
  caller?: { sub: string; practiceId: string };
  clientId?: string;
  sourceIp?: string | null;
  args: Item;
}

async function refOf(practiceId: string, clientId: string): Promise<PracticeRef> {
  return { practiceId, clientId, practiceName: (await practiceName(practiceId)) ?? 'Your practice' };
}

async function forClient(request: ClientDocumentsRequest, now: string): Promise<unknown> {
  const client = request.client!;
  const field = `${request.field === 'clientDocuments' ? 'Query' : 'Mutation'}.${request.field}`;
  if (request.field === 'clientDocuments') {
    const lists = await Promise.all(client.links.map(async (link) => documentsOf(await refOf(link.practiceId, link.clientId))));
    await writeAudit(client.sub, field, client.links.map((l) => ({ practiceId: l.practiceId, action: 'client.documents.read', entityType: 'Client', entityId: l.clientId })), now);
    return lists.flat();
  }
  const link = linkFor(client.links, request.args.practiceId);
  const ref = await refOf(link.practiceId, link.clientId);
  let kind: string;
  let id: unknown;
  if (request.field === 'signConsentDocument') {
    await signConsent(ref, client.sub, request.args, request.sourceIp || 'unknown', now);
    kind = 'CONSENT';
    id = request.args.documentId;
    await writeAudit(client.sub, field, [{ practiceId: ref.practiceId, action: 'consent.sign', entityType: 'ConsentDocument', entityId: String(id) }], now);
  } else if (request.field === 'submitIntakeForm') {
    await submitIntake(ref, client.sub, request.args.formId, request.args.answers, now);
    kind = 'INTAKE_FORM';
    id = request.args.formId;
    await writeAudit(client.sub, field, [{ practiceId: ref.practiceId, action: 'intake.submit', entityType: 'Client', entityId: ref.clientId }], now);
  } else {
    throw new Error(`client-documents: unknown field ${request.field}`);
  }
  const doc = (await documentsOf(ref)).find((d) => d.kind === kind && d.id === id);
  if (!doc) throw new Error('client-documents: the document just written is not listed');
  return doc;
}

async function forPractice(request: ClientDocumentsRequest, now: string): Promise<unknown> {
  const caller = request.caller!;
  const clientId = request.clientId!;
  const ref = await refOf(caller.practiceId, clientId);
  if (request.field === 'getClientDocuments') return documentsOf(ref);
  if (request.field === 'getSignedConsentPdf') return signedConsentPdf(ref, request.args.documentId, request.args.version);
  if (request.field === 'acceptIntakeAnswers') return acceptIntake(caller.practiceId, clientId, caller.sub, request.args, now);
  if (request.field === 'shareClientDocuments') {
    const result = await shareDocuments(caller.practiceId, clientId, await practiceName(caller.practiceId), caller.sub, request.args, now);
    const docs = await documentsOf(ref);
    return { shared: docs.filter((d) => result.shared.some((s) => s.id === d.id && (s.kind === 'consent') === (d.kind === 'CONSENT'))), emailed: result.emailed };
  }
  throw new Error(`client-documents: unknown field ${request.field}`);
}

export async function run(request: ClientDocumentsRequest, now = new Date().toISOString()): Promise<unknown> {
  if (request.client) return forClient(request, now);
  if (request.caller && request.clientId) return forPractice(request, now);
  throw new Refusal('Not authorized', 'Unauthorized');
}

export const handler = appsyncHandler('client-documents', (event: ClientDocumentsRequest) => run(event));
