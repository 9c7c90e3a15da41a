/**
 * A signed consent document as a PDF (issue 12): for the client's record and
 * /app/billings/documents. It shows exactly the version the client signed — its title, its text
 * and its version number — and the signature: the typed name, that the client ticked "I agree",
 * when (UTC, ISO 8601) and from which address the request came.
 */
import { renderPdf, type Block } from './layout.ts';

export interface SignedConsent {
  practiceName: string;
  title: string;
  details: string;
  version: number;
  typedName: string;
  /** ISO 8601 time of the signature (the server's clock). */
  signedAt: string;
  /** The request's source address as the API saw it. */
  ip: string;
  documentId: string;
}

export function signedConsentBlocks(consent: SignedConsent): Block[] {
  return [
    { kind: 'subheading', text: consent.practiceName },
    { kind: 'heading', text: consent.title },
    { kind: 'field', label: 'Document version', value: String(consent.version) },
    { kind: 'rule' },
    { kind: 'paragraph', text: consent.details },
    { kind: 'space' },
    { kind: 'rule' },
    { kind: 'subheading', text: 'Electronic signature' },
    { kind: 'paragraph', text: 'I have read this document and I agree to it.' },
    { kind: 'field', label: 'Signed by (typed name)', value: consent.typedName },
    { kind: 'field', label: 'Agreed', value: 'Yes (checkbox ticked)' },
    { kind: 'field', label: 'Signed at (UTC)', value: consent.signedAt },
    { kind: 'field', label: 'IP address', value: consent.ip },
    { kind: 'field', label: 'Document', value: `${consent.documentId}, version ${consent.version}` },
  ];
}

export function renderSignedConsent(consent: SignedConsent): Promise<Uint8Array> {
  return renderPdf(signedConsentBlocks(consent), { title: `${consent.title} (signed)`, subject: 'Signed consent document', createdAt: new Date(consent.signedAt) });
}
