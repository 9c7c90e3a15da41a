/**
 * The client's invoices and balance at each linked practice (issue 15) and an invoice's PDF. The
 * server scopes both to the caller's own links and never shows drafts.
 */
import { graphqlRequest } from '../../platform/graphql';

export interface PortalInvoice {
  id: string;
  number: string;
  status: 'SENT' | 'PARTIALLY_PAID' | 'PAID' | 'VOID' | 'DRAFT';
  issueDate: string;
  dueDate: string;
  pastDue: boolean;
  totalCents: number;
  balanceCents: number;
}

export interface PracticeInvoices {
  practiceId: string;
  practiceName: string;
  decimals: number;
  currency: string;
  balanceCents: number;
  creditCents: number;
  invoices: PortalInvoice[];
  /** Statements and superbills, newest first. */
  documents: { id: string; kind: 'SUPERBILL' | 'STATEMENT' | 'INVOICE'; title: string }[];
}

export async function clientInvoices(): Promise<PracticeInvoices[]> {
  const result = await graphqlRequest({ query: 'query ClientInvoices { clientInvoices { practiceId practiceName decimals currency balanceCents creditCents invoices { id number status issueDate dueDate pastDue totalCents balanceCents } documents { id kind title } } }' });
  return (result.data as { clientInvoices: PracticeInvoices[] }).clientInvoices;
}

export async function clientInvoicePdf(practiceId: string, id: string): Promise<{ fileName: string; base64: string }> {
  const result = await graphqlRequest({ query: 'query ClientInvoicePdf($practiceId: ID!, $id: ID!) { clientInvoicePdf(practiceId: $practiceId, id: $id) { fileName base64 } }', variables: { practiceId, id } });
  return (result.data as { clientInvoicePdf: { fileName: string; base64: string } }).clientInvoicePdf;
}

export interface CardCheckout {
  id: string;
  url: string;
  amountCents: number;
}

/** Starts a card payment of the chosen invoices (none: the whole balance); the server computes the amount. One requestId per submit. */
export async function clientPayInvoices(practiceId: string, invoiceIds: string[], requestId: string): Promise<CardCheckout> {
  const result = await graphqlRequest({
    query: 'mutation ClientPayInvoices($practiceId: ID!, $invoiceIds: [ID!], $requestId: ID!) { clientPayInvoices(practiceId: $practiceId, invoiceIds: $invoiceIds, requestId: $requestId) { id url amountCents } }',
    variables: { practiceId, invoiceIds, requestId },
  });
  return (result.data as { clientPayInvoices: CardCheckout }).clientPayInvoices;
}

/** One of the client's statements or superbills as a PDF. */
export async function clientBillingDocumentPdf(practiceId: string, id: string): Promise<{ fileName: string; base64: string }> {
  const result = await graphqlRequest({ query: 'query ClientBillingDocumentPdf($practiceId: ID!, $id: ID!) { clientBillingDocumentPdf(practiceId: $practiceId, id: $id) { fileName base64 } }', variables: { practiceId, id } });
  return (result.data as { clientBillingDocumentPdf: { fileName: string; base64: string } }).clientBillingDocumentPdf;
}
