/**
 * billing: AppSync Lambda data source for client billing (issue 15), after `authorize` (the
 * clinician side: practice and roles from the membership) or CLIENT_AUTHORIZE (the client
 * principal: their usable links). Payload {field, caller | client, cursor, args}; the answer is
 * {data, audit?, nextToken?} — the resolver step stashes the audit note for the pipeline's `audit`
 * step (the client principal's reads are audited here, per practice). Refusals come back as data
 * (functions/shared/refusal.ts); anything unexpected is the generic internal error.
 *
 * One file per idea: catalog and client fees (client.ts), invoices.ts, payments.ts, list.ts,
 * documents.ts (PDFs and the portal), lines.ts (session lines, also called by the appointments Lambda).
 */
import { appsyncHandler, Refusal } from '../shared/refusal.ts';
import { editBillingCatalog, editClientBillingProfile, getBillingCatalog, getClientBilling } from './client.ts';
import { clientPayInvoices } from './card.ts';
import { clientBillingDocumentPdf, getBillingDocumentPdf, listBillingDocuments } from './document-items.ts';
import { generateBillingDocument } from './statements.ts';
import { getStatementRun, startStatementRun } from './statement-run.ts';
import { clientInvoicePdf, clientInvoices, invoicePdf } from './documents.ts';
import { createInvoice, getInvoice, sendInvoice, voidInvoice } from './invoices.ts';
import { listBilling } from './list.ts';
import { assignClientSubscription, getClientSubscription } from './subscriptions.ts';
import { getClientPackages, saveClientPackagePlan } from './packages.ts';
import { clientPackages, clientStartPackage } from './package-renewal.ts';
import { endClientPackage } from './package-end.ts';
import { recordPayment, refundPayment } from './payments.ts';
import type { BillingAnswer, BillingRequest, BillingResult } from './request.ts';

export type { BillingRequest, BillingResult } from './request.ts';

export const handler: (event: BillingRequest) => Promise<BillingResult> = appsyncHandler('billing', async (event: BillingRequest): Promise<BillingAnswer> => {
  if (event?.client) {
    if (!event.client.sub || !Array.isArray(event.client.links)) throw new Refusal('Not Authorized', 'Unauthorized');
    if (event.field === 'clientInvoices') return clientInvoices(event.client);
    if (event.field === 'clientInvoicePdf') return clientInvoicePdf(event.client, event.args ?? {});
    if (event.field === 'clientPayInvoices') return clientPayInvoices(event.client, event.args ?? {});
    if (event.field === 'clientBillingDocumentPdf') return clientBillingDocumentPdf(event.client, event.args ?? {});
    if (event.field === 'clientPackages') return clientPackages(event.client);
    if (event.field === 'clientStartPackage') return clientStartPackage(event.client, event.args ?? {});
    throw new Refusal('Unknown field', 'BadRequest');
  }
  const caller = event?.caller;
  if (!caller?.sub || !caller.practiceId || !Array.isArray(caller.roles)) throw new Refusal('Not Authorized', 'Unauthorized');
  const args = event.args ?? {};
  switch (event.field) {
    case 'getBillingCatalog':
      return getBillingCatalog(caller);
    case 'editBillingCatalog':
      return editBillingCatalog(caller, args);
    case 'getClientBilling':
      return getClientBilling(caller, args);
    case 'editClientBillingProfile':
      return editClientBillingProfile(caller, args);
    case 'listBilling':
      return listBilling(caller, args, event.cursor);
    case 'listBillingDocuments':
      return listBillingDocuments(caller, args, event.cursor);
    case 'getBillingDocumentPdf':
      return getBillingDocumentPdf(caller, args);
    case 'generateBillingDocument':
      return generateBillingDocument(caller, args);
    case 'startStatementRun':
      return startStatementRun(caller, args);
    case 'getStatementRun':
      return getStatementRun(caller, args);
    case 'getInvoiceById':
      return getInvoice(caller, args);
    case 'getInvoicePdf':
      return invoicePdf(caller, args);
    case 'createInvoice':
      return createInvoice(caller, args);
    case 'sendInvoice':
      return sendInvoice(caller, args);
    case 'voidInvoice':
      return voidInvoice(caller, args);
    case 'recordPayment':
      return recordPayment(caller, args);
    case 'refundPayment':
      return refundPayment(caller, args);
    case 'getClientSubscription':
      return getClientSubscription(caller, args);
    case 'assignClientSubscription':
      return assignClientSubscription(caller, args);
    case 'getClientPackages':
      return getClientPackages(caller);
    case 'saveClientPackagePlan':
      return saveClientPackagePlan(caller, args);
    case 'endClientPackage':
      return endClientPackage(caller, args);
    default:
      throw new Refusal('Unknown field', 'BadRequest');
  }
});
