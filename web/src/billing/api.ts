/**
 * Client billing (issue 15) for the console: the billing list, a client's billing, invoices and
 * payments. Money is integer cents; format it with ./money (the practice's decimals). Each money
 * mutation carries a requestId made once per submit, so a double click or a retry stores nothing twice.
 */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type * as Op from '../platform/operations.generated';

export type BillingEntry = Op.ListBillingQuery['listBilling']['items'][number];
export type ClientBilling = Op.GetClientBillingQuery['getClientBilling'];
export type BillingFilter = Op.BillingFilter;
export type PaymentMethod = Op.PaymentMethod;

const LIST_BILLING = (/* GraphQL */ `
  query ListBilling($filter: BillingFilter!, $from: AWSDate, $to: AWSDate, $clientId: ID, $clinicianId: ID, $nextToken: String) {
    listBilling(filter: $filter, from: $from, to: $to, clientId: $clientId, clinicianId: $clinicianId, nextToken: $nextToken) {
      items { kind id date clientId clientName clinicianId description amountCents balanceCents status pastDue }
      nextToken
    }
  }
`) as TypedDocument<Op.ListBillingQuery, Op.ListBillingQueryVariables>;

const GET_CLIENT_BILLING = (/* GraphQL */ `
  query GetClientBilling($clientId: ID!) {
    getClientBilling(clientId: $clientId) {
      clientId decimals currency
      balance { invoicedCents paidCents balanceCents creditCents uninvoicedCents }
      lines { id date serviceCode serviceName units feeCents amountCents placeOfService reason status invoiceId clinicianName }
      invoices { id number status issueDate dueDate pastDue totalCents paidCents balanceCents version }
      payments { id date method reference amountCents appliedCents refundedCents }
    }
  }
`) as TypedDocument<Op.GetClientBillingQuery, Op.GetClientBillingQueryVariables>;

const CREATE_INVOICE = (/* GraphQL */ `
  mutation CreateInvoice($clientId: ID!, $lineIds: [ID!]!, $requestId: ID!) { createInvoice(clientId: $clientId, lineIds: $lineIds, requestId: $requestId) { id } }
`) as TypedDocument<Op.CreateInvoiceMutation, Op.CreateInvoiceMutationVariables>;
const SEND_INVOICE = (/* GraphQL */ `
  mutation SendInvoice($clientId: ID!, $id: ID!, $version: Int!) { sendInvoice(clientId: $clientId, id: $id, version: $version) { id } }
`) as TypedDocument<Op.SendInvoiceMutation, Op.SendInvoiceMutationVariables>;
const VOID_INVOICE = (/* GraphQL */ `
  mutation VoidInvoice($clientId: ID!, $id: ID!, $version: Int!) { voidInvoice(clientId: $clientId, id: $id, version: $version) { id } }
`) as TypedDocument<Op.VoidInvoiceMutation, Op.VoidInvoiceMutationVariables>;
const RECORD_PAYMENT = (/* GraphQL */ `
  mutation RecordPayment($clientId: ID!, $requestId: ID!, $amountCents: Int!, $method: PaymentMethod!, $date: AWSDate!, $reference: String, $invoiceIds: [ID!]) {
    recordPayment(clientId: $clientId, requestId: $requestId, amountCents: $amountCents, method: $method, date: $date, reference: $reference, invoiceIds: $invoiceIds) { id appliedCents }
  }
`) as TypedDocument<Op.RecordPaymentMutation, Op.RecordPaymentMutationVariables>;
const REFUND_PAYMENT = (/* GraphQL */ `
  mutation RefundPayment($clientId: ID!, $paymentId: ID!, $requestId: ID!, $amountCents: Int!) {
    refundPayment(clientId: $clientId, paymentId: $paymentId, requestId: $requestId, amountCents: $amountCents) { id refundedCents }
  }
`) as TypedDocument<Op.RefundPaymentMutation, Op.RefundPaymentMutationVariables>;
const INVOICE_PDF = (/* GraphQL */ `
  query GetInvoicePdf($clientId: ID!, $id: ID!) { getInvoicePdf(clientId: $clientId, id: $id) { fileName contentType base64 } }
`) as TypedDocument<Op.GetInvoicePdfQuery, Op.GetInvoicePdfQueryVariables>;
const CATALOG = (/* GraphQL */ `
  query GetBillingCatalogDecimals { getBillingCatalog { decimals currency } }
`) as TypedDocument<Op.GetBillingCatalogDecimalsQuery, Op.GetBillingCatalogDecimalsQueryVariables>;

export function listBilling(variables: Op.ListBillingQueryVariables) {
  return call(LIST_BILLING, variables, (d) => d.listBilling);
}
export function getClientBilling(clientId: string) {
  return call(GET_CLIENT_BILLING, { clientId }, (d) => d.getClientBilling);
}
export function createInvoice(clientId: string, lineIds: string[], requestId: string) {
  return call(CREATE_INVOICE, { clientId, lineIds, requestId }, (d) => d.createInvoice);
}
export function sendInvoice(clientId: string, id: string, version: number) {
  return call(SEND_INVOICE, { clientId, id, version }, (d) => d.sendInvoice);
}
export function voidInvoice(clientId: string, id: string, version: number) {
  return call(VOID_INVOICE, { clientId, id, version }, (d) => d.voidInvoice);
}
export function recordPayment(variables: Op.RecordPaymentMutationVariables) {
  return call(RECORD_PAYMENT, variables, (d) => d.recordPayment);
}
export function refundPayment(variables: Op.RefundPaymentMutationVariables) {
  return call(REFUND_PAYMENT, variables, (d) => d.refundPayment);
}
export function getInvoicePdf(clientId: string, id: string) {
  return call(INVOICE_PDF, { clientId, id }, (d) => d.getInvoicePdf);
}
export function getMoneyFormat() {
  return call(CATALOG, {}, (d) => d.getBillingCatalog);
}

/** Saves a PDF answered as base64 under its own (PHI-free) file name. */
export function savePdf(pdf: { fileName: string; base64: string }): void {
  const bytes = Uint8Array.from(atob(pdf.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = pdf.fileName;
  link.click();
  URL.revokeObjectURL(url);
}
