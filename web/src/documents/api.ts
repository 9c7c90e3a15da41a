/**
 * Consent documents and intake forms (schema.graphql, issue 12): the console's calls. Consent
 * documents are versioned (every edit a new version; delete archives); the intake template library
 * is data the server ships; the practice's chosen forms are one versioned settings item.
 */
import { call } from '../settings/graphql';

export interface ConsentDocument {
  id: string;
  title: string;
  details: string;
  included: boolean;
  version: number;
  textVersion: number;
  status: 'ACTIVE' | 'ARCHIVED';
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

export interface ConsentDocumentPage {
  items: ConsentDocument[];
  nextToken: string | null;
}

const DOC = 'id title details included version textVersion status createdAt updatedAt archivedAt';

export function getConsentDocuments(archived: boolean, nextToken: string | null): Promise<ConsentDocumentPage> {
  return call(
    `query GetConsentDocuments($archived: Boolean, $nextToken: String) { getConsentDocuments(archived: $archived, nextToken: $nextToken) { items { ${DOC} } nextToken } }`,
    { archived, nextToken },
    (d) => d.getConsentDocuments as ConsentDocumentPage,
  );
}

export function addConsentDocument(title: string, details: string, included: boolean): Promise<ConsentDocument> {
  return call(
    `mutation AddConsentDocument($title: String!, $details: String!, $included: Boolean) { addConsentDocument(title: $title, details: $details, included: $included) { ${DOC} } }`,
    { title, details, included },
    (d) => d.addConsentDocument as ConsentDocument,
  );
}

export function editConsentDocument(doc: ConsentDocument, title: string, details: string, included: boolean): Promise<ConsentDocument> {
  return call(
    `mutation EditConsentDocument($id: ID!, $version: Int!, $title: String!, $details: String!, $included: Boolean!) {
      editConsentDocument(id: $id, version: $version, title: $title, details: $details, included: $included) { ${DOC} } }`,
    { id: doc.id, version: doc.version, title, details, included },
    (d) => d.editConsentDocument as ConsentDocument,
  );
}

export function deleteConsentDocument(id: string): Promise<ConsentDocument> {
  return call(`mutation DeleteConsentDocument($id: ID!) { deleteConsentDocument(id: $id) { ${DOC} } }`, { id }, (d) => d.deleteConsentDocument as ConsentDocument);
}

export interface IntakeField {
  key: string;
  label: string;
  type: string;
  required: boolean;
  prefill: string | null;
  help: string | null;
  options: { value: string; label: string }[] | null;
}

export interface IntakeTemplate {
  formName: string;
  title: string;
  description: string;
  audience: 'adult' | 'guardian' | 'partner';
  sections: { title: string; fields: IntakeField[] }[];
}

export interface IntakeFormSettings {
  forms: { formName: string; title: string; default: boolean }[];
  defaultForm: string | null;
  version: number;
}

export function getTemplateLibrary(): Promise<IntakeTemplate[]> {
  return call(
    'query GetTemplateLibraryMetadata { getTemplateLibraryMetadata { formName title description audience sections { title fields { key label type required prefill help options { value label } } } } }',
    {},
    (d) => d.getTemplateLibraryMetadata as IntakeTemplate[],
  );
}

const SETTINGS = 'forms { formName title default } defaultForm version';

export function getIntakeFormSettings(): Promise<IntakeFormSettings> {
  return call(`query GetTherapistIntakeFormSettings { getTherapistIntakeFormSettings { ${SETTINGS} } }`, {}, (d) => d.getTherapistIntakeFormSettings as IntakeFormSettings);
}

export function chooseIntakeForm(formName: string): Promise<IntakeFormSettings> {
  return call(`mutation SetTherapistIntakeFormSettings($formName: ID!) { setTherapistIntakeFormSettings(formName: $formName) { ${SETTINGS} } }`, { formName }, (d) => d.setTherapistIntakeFormSettings as IntakeFormSettings);
}

export function stopUsingIntakeForm(formName: string): Promise<IntakeFormSettings> {
  return call(
    `mutation RemoveTherapistIntakeFormSettings($formName: ID!) { removeTherapistIntakeFormSettings(formName: $formName) { ${SETTINGS} } }`,
    { formName },
    (d) => d.removeTherapistIntakeFormSettings as IntakeFormSettings,
  );
}

export function setDefaultIntakeForm(formName: string, isDefault: boolean): Promise<IntakeFormSettings> {
  return call(
    `mutation SetTherapistIntakeFormSettingsDefault($formName: ID!, $default: Boolean!) { setTherapistIntakeFormSettingsDefault(formName: $formName, default: $default) { ${SETTINGS} } }`,
    { formName, default: isDefault },
    (d) => d.setTherapistIntakeFormSettingsDefault as IntakeFormSettings,
  );
}

/** A client's consent document or intake form (schema ClientDocument). */
export interface ClientDocument {
  practiceId: string;
  practiceName: string;
  clientId: string;
  kind: 'CONSENT' | 'INTAKE_FORM';
  id: string;
  title: string;
  status: 'TO_SIGN' | 'SIGNED' | 'TO_FILL' | 'SUBMITTED' | 'ACCEPTED';
  version: number | null;
  details: string | null;
  signedAt: string | null;
  typedName: string | null;
  ip: string | null;
  form: IntakeTemplate | null;
  submissionId: string | null;
  answers: string | null;
  submittedAt: string | null;
  acceptedAt: string | null;
  note: string | null;
  sharedAt: string | null;
}

const CLIENT_DOC = `practiceId practiceName clientId kind id title status version details signedAt typedName ip submissionId answers submittedAt acceptedAt note sharedAt
  form { formName title description audience sections { title fields { key label type required prefill help options { value label } } } }`;

export function getClientDocuments(practiceId: string, clientId: string): Promise<ClientDocument[]> {
  return call(
    `query GetClientDocuments($therapistId: ID!, $clientId: ID!) { getClientDocuments(therapistId: $therapistId, clientId: $clientId) { ${CLIENT_DOC} } }`,
    { therapistId: practiceId, clientId },
    (d) => d.getClientDocuments as ClientDocument[],
  );
}

export function acceptIntakeAnswers(clientId: string, submissionId: string, clientVersion: number): Promise<{ version: number }> {
  return call(
    'mutation AcceptIntakeAnswers($clientId: ID!, $submissionId: ID!, $clientVersion: Int!) { acceptIntakeAnswers(clientId: $clientId, submissionId: $submissionId, clientVersion: $clientVersion) { id version } }',
    { clientId, submissionId, clientVersion },
    (d) => d.acceptIntakeAnswers as { version: number },
  );
}

export function shareClientDocuments(clientId: string, documents: string[], emailText: string): Promise<{ emailed: boolean }> {
  return call(
    'mutation ShareClientDocuments($clientId: ID!, $documents: [ID!]!, $emailText: String) { shareClientDocuments(clientId: $clientId, documents: $documents, emailText: $emailText) { emailed } }',
    { clientId, documents, emailText },
    (d) => d.shareClientDocuments as { emailed: boolean },
  );
}

/** A signature as a PDF (base64 from the API), for the client's record. */
export function getSignedConsentPdf(clientId: string, documentId: string, version: number): Promise<{ fileName: string; contentType: string; base64: string }> {
  return call(
    'query GetSignedConsentPdf($clientId: ID!, $documentId: ID!, $version: Int!) { getSignedConsentPdf(clientId: $clientId, documentId: $documentId, version: $version) { fileName contentType base64 } }',
    { clientId, documentId, version },
    (d) => d.getSignedConsentPdf as { fileName: string; contentType: string; base64: string },
  );
}
