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

/** The client's session package at a linked practice (session 8), with this period's sessions used and left. */
export interface PortalPackage {
  planName: string;
  sessionsPerPeriod: number;
  priceCents: number;
  status: 'ACTIVE' | 'PAST_DUE' | 'ENDED';
  /** The period holding today (null once the package has ended). */
  periodStart: string | null;
  periodEnd: string | null;
  /** The first day the package no longer covers, once the practice ended it (it may still be ahead). */
  endedOn: string | null;
  used: number;
  left: number;
  cardRenewal: boolean;
  paidThrough: string | null;
}

export interface PracticePackage {
  practiceId: string;
  practiceName: string;
  decimals: number;
  currency: string;
  package: PortalPackage | null;
}

export async function clientPackages(): Promise<PracticePackage[]> {
  const result = await graphqlRequest({ query: 'query ClientPackages { clientPackages { practiceId practiceName decimals currency package { planName sessionsPerPeriod priceCents status periodStart periodEnd endedOn used left cardRenewal paidThrough } } }' });
  return (result.data as { clientPackages: PracticePackage[] }).clientPackages;
}

/** Starts paying the assigned package by card, monthly: the card processor's checkout page. One requestId per submit. */
export async function clientStartPackage(practiceId: string, requestId: string): Promise<CardCheckout> {
  const result = await graphqlRequest({
    query: 'mutation ClientStartPackage($practiceId: ID!, $requestId: ID!) { clientStartPackage(practiceId: $practiceId, requestId: $requestId) { id url amountCents } }',
    variables: { practiceId, requestId },
  });
  return (result.data as { clientStartPackage: CardCheckout }).clientStartPackage;
}
