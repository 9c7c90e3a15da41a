/**
 * The client's consent documents and intake forms (issue 12): clientDocuments across the practices
 * that linked them, signing the exact version read, sending intake answers. The server scopes all of
 * it to the caller's own links and takes the time and address of a signature itself.
 */
import { graphqlRequest } from '../../platform/graphql';

export interface PortalIntakeField {
  key: string;
  label: string;
  type: string;
  required: boolean;
  help: string | null;
  options: { value: string; label: string }[] | null;
}

export interface PortalDocument {
  practiceId: string;
  practiceName: string;
  kind: 'CONSENT' | 'INTAKE_FORM';
  id: string;
  title: string;
  status: 'TO_SIGN' | 'SIGNED' | 'TO_FILL' | 'SUBMITTED' | 'ACCEPTED';
  version: number | null;
  details: string | null;
  signedAt: string | null;
  typedName: string | null;
  submittedAt: string | null;
  note: string | null;
  form: { formName: string; title: string; description: string; sections: { title: string; fields: PortalIntakeField[] }[] } | null;
}

const DOC =
  'practiceId practiceName kind id title status version details signedAt typedName submittedAt note form { formName title description sections { title fields { key label type required help options { value label } } } }';

export async function clientDocuments(): Promise<PortalDocument[]> {
  const result = await graphqlRequest({ query: `query ClientDocuments { clientDocuments { ${DOC} } }` });
  return (result.data as { clientDocuments: PortalDocument[] }).clientDocuments;
}

export async function signConsentDocument(doc: PortalDocument, typedName: string, agreed: boolean): Promise<PortalDocument> {
  const result = await graphqlRequest({
    query: `mutation SignConsentDocument($practiceId: ID!, $documentId: ID!, $version: Int!, $typedName: String!, $agreed: Boolean!) {
      signConsentDocument(practiceId: $practiceId, documentId: $documentId, version: $version, typedName: $typedName, agreed: $agreed) { ${DOC} } }`,
    variables: { practiceId: doc.practiceId, documentId: doc.id, version: doc.version, typedName, agreed },
  });
  return (result.data as { signConsentDocument: PortalDocument }).signConsentDocument;
}

export async function submitIntakeForm(doc: PortalDocument, answers: Record<string, unknown>): Promise<PortalDocument> {
  const result = await graphqlRequest({
    query: `mutation SubmitIntakeForm($practiceId: ID!, $formId: ID!, $answers: AWSJSON!) { submitIntakeForm(practiceId: $practiceId, formId: $formId, answers: $answers) { ${DOC} } }`,
    variables: { practiceId: doc.practiceId, formId: doc.id, answers: JSON.stringify(answers) },
  });
  return (result.data as { submitIntakeForm: PortalDocument }).submitIntakeForm;
}
