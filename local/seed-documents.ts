/**
 * The demo practice's consent documents and intake forms (issue 12): three consent documents (two
 * sent to new clients), the intake forms it uses (the adult intake as the default), and the demo
 * client's signature of the informed consent — written as the API writes them (domain/documents).
 */
import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { signedConsentDocItem } from '../domain/billing/keys.ts';
import { clientKey } from '../domain/client.ts';
import { CONSENT_STATUS, consentHeadItem, consentVersionItem, type ConsentInput } from '../domain/documents/consent.ts';
import { intakeSettingsKey } from '../domain/documents/intake.ts';
import { signatureKey } from '../domain/documents/client-documents.ts';

export const DEMO_CONSENTS: Array<ConsentInput & { id: string }> = [
  {
    id: 'demo-informed-consent',
    title: 'Informed consent for treatment',
    included: true,
    details: [
      'Therapy is a collaborative process. Your clinician will explain the approach they recommend, what it involves, and other options you have.',
      'You may ask questions at any time and you may stop treatment at any time.',
      '',
      'Confidentiality: what you share stays between you and the practice, except where the law requires us to act — a serious risk of harm to you or someone else, suspected abuse or neglect of a child or a vulnerable adult, or a court order.',
      '',
      'Sessions last 45 to 55 minutes. Please give 24 hours notice to cancel.',
    ].join('\n'),
  },
  {
    id: 'demo-telehealth-consent',
    title: 'Consent to telehealth services',
    included: true,
    details: [
      'Some sessions take place by secure video. Join from a private place where you cannot be overheard.',
      'If the connection fails, your clinician will call you at the phone number on your record.',
      'Telehealth may not suit every situation; your clinician may recommend meeting in person.',
    ].join('\n'),
  },
  {
    id: 'demo-financial-policy',
    title: 'Financial policy and cancellations',
    included: false,
    details: 'Payment is due at the time of service. Sessions cancelled with less than 24 hours notice, or missed, are charged the full fee unless the cancellation was due to an emergency.',
  },
];

/** The forms the demo practice uses; the adult intake goes to new clients. */
export const DEMO_INTAKE_FORMS = [
  { formName: 'adult-intake', default: true },
  { formName: 'minor-intake', default: false },
  { formName: 'release-of-information', default: false },
];

export async function seedDemoDocuments(
  db: DynamoDBDocumentClient,
  practiceTable: string,
  practiceId: string,
  ownerSub: string,
  demoClient: { clientId: string; clientSub: string },
  now = new Date(),
): Promise<void> {
  const stamp = now.toISOString();
  const put = (Item: Record<string, unknown>) => db.send(new PutCommand({ TableName: practiceTable, Item }));
  for (const doc of DEMO_CONSENTS) {
    const data = { title: doc.title, details: doc.details, included: doc.included };
    await put(consentHeadItem(practiceId, doc.id, data, { version: 1, textVersion: 1, status: CONSENT_STATUS.active, createdAt: stamp, createdBy: ownerSub, updatedAt: stamp, updatedBy: ownerSub }));
    await put(consentVersionItem(practiceId, doc.id, data, 1, stamp, ownerSub));
  }
  await put({ ...intakeSettingsKey(practiceId), entity: 'IntakeFormSettings', forms: DEMO_INTAKE_FORMS, version: 1, updatedAt: stamp, updatedBy: ownerSub });
  // The demo client signed the informed consent when they joined the portal; the telehealth consent still waits for them.
  const signed = DEMO_CONSENTS[0];
  await put({
    ...signatureKey(practiceId, demoClient.clientId, signed.id, 1),
    entity: 'ConsentSignature',
    practiceId,
    clientId: demoClient.clientId,
    documentId: signed.id,
    version: 1,
    title: signed.title,
    typedName: 'Taylor Brooks',
    agreed: true,
    signedAt: stamp,
    ip: '127.0.0.1',
    signedBy: demoClient.clientSub,
  });
  // …and that signature listed on /app/billings/documents, as signing writes it.
  const client = (await db.send(new GetCommand({ TableName: practiceTable, Key: clientKey(practiceId, demoClient.clientId) }))).Item ?? {};
  const person = (client.personalDetail ?? {}) as { first?: string; last?: string };
  await put(signedConsentDocItem(practiceId, {
    id: randomUUID(), clientId: demoClient.clientId, clientName: [person.first, person.last].filter(Boolean).join(' '), filedUnder: (client.therapistId as string | undefined) || ownerSub,
    documentId: signed.id, version: 1, title: signed.title, typedName: 'Taylor Brooks', signedAt: stamp, signedBy: demoClient.clientSub,
  }));
}
