/**
 * Billing documents (issue 15) for the console: the list of every sent invoice, superbill and
 * statement (/app/billings/documents), a document's PDF again, and generating a client's
 * statement or superbill of a month (optionally e-mailing them a link to their portal).
 */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type * as Op from '../platform/operations.generated';

export type BillingDocument = Op.ListBillingDocumentsQuery['listBillingDocuments']['items'][number];
export type BillingDocumentKind = Op.BillingDocumentKind;

const LIST = (/* GraphQL */ `
  query ListBillingDocuments($kind: BillingDocumentKind, $clientId: ID, $from: AWSDate, $to: AWSDate, $nextToken: String) {
    listBillingDocuments(kind: $kind, clientId: $clientId, from: $from, to: $to, nextToken: $nextToken) {
      items { id kind clientId clientName title from to invoiceId generatedAt generatedByName sentAt sentByName }
      nextToken
    }
  }
`) as TypedDocument<Op.ListBillingDocumentsQuery, Op.ListBillingDocumentsQueryVariables>;

const PDF = (/* GraphQL */ `
  query GetBillingDocumentPdf($id: ID!) { getBillingDocumentPdf(id: $id) { fileName contentType base64 } }
`) as TypedDocument<Op.GetBillingDocumentPdfQuery, Op.GetBillingDocumentPdfQueryVariables>;

const GENERATE = (/* GraphQL */ `
  mutation GenerateBillingDocument($clientId: ID!, $kind: BillingDocumentKind!, $month: String, $requestId: ID!, $send: Boolean) {
    generateBillingDocument(clientId: $clientId, kind: $kind, month: $month, requestId: $requestId, send: $send) { id title sentAt }
  }
`) as TypedDocument<Op.GenerateBillingDocumentMutation, Op.GenerateBillingDocumentMutationVariables>;

export function listBillingDocuments(variables: Op.ListBillingDocumentsQueryVariables) {
  return call(LIST, variables, (d) => d.listBillingDocuments);
}
export function getBillingDocumentPdf(id: string) {
  return call(PDF, { id }, (d) => d.getBillingDocumentPdf);
}
export function generateBillingDocument(variables: Op.GenerateBillingDocumentMutationVariables) {
  return call(GENERATE, variables, (d) => d.generateBillingDocument);
}


export { savePdf } from './api';
