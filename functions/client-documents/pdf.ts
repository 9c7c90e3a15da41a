/**
 * getSignedConsentPdf (issue 12): one signature of one exact version, rendered by the PDF module
 * (functions/shared/pdf/signed-consent.ts) from what was stored when the client signed — the
 * version's snapshot and the signature's typed name, time and address.
 */
import { signatureKey } from '../../domain/documents/client-documents.ts';
import { isDocumentId } from '../../domain/documents/consent.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { renderSignedConsent } from '../shared/pdf/signed-consent.ts';
import { Refusal } from '../shared/refusal.ts';
import { consentVersion, getItem } from './records.ts';
import type { PracticeRef } from './view.ts';

export async function signedConsentPdf(ref: PracticeRef, documentId: unknown, version: unknown): Promise<{ fileName: string; contentType: string; base64: string }> {
  const valid = isDocumentId(documentId) && typeof version === 'number' && Number.isInteger(version) && version > 0;
  const signature = valid ? await getItem(signatureKey(ref.practiceId, ref.clientId, documentId as string, version)) : null;
  const text = signature ? await consentVersion(ref.practiceId, documentId as string, version as number) : null;
  if (!signature || !text) throw new Refusal(MESSAGES.consentNotFound, 'NotFound');
  const bytes = await renderSignedConsent({
    practiceName: ref.practiceName,
    title: text.title,
    details: text.details,
    version: signature.version,
    typedName: signature.typedName,
    signedAt: signature.signedAt,
    ip: signature.ip,
    documentId: signature.documentId,
  });
  // The file name carries no PHI: the document and version only.
  return { fileName: `signed-consent-${signature.documentId}-v${signature.version}.pdf`, contentType: 'application/pdf', base64: Buffer.from(bytes).toString('base64') };
}
