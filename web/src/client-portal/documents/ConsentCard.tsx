/**
 * One consent document to sign (issue 12): its exact text, the typed name and "I agree"; or, signed,
 * who signed it and when. Each field says what is missing under it, in the portal's language, before
 * anything is sent (the API's same rules, domain/documents/client-documents.ts); the API's refusal of
 * a name that is not the client's own on record shows under the name.
 */
import { useId, useState } from 'react';
import { validateSignature } from '../../../../domain/documents/client-documents';
import { MESSAGES } from '../../../../domain/messages';
import { refusalMessage } from '../api';
import { Field, Form, Notice, Submit } from '../parts/form';
import { signConsentDocument, type PortalDocument } from './api';
import { useDocumentTexts } from './texts';

/** The API's words for the signature's fields → this page's catalog keys (the client's language). */
const FIELD_TEXTS: Record<string, string> = {
  [MESSAGES.signNameRequired]: 'signature.nameRequired',
  [MESSAGES.signAgreeRequired]: 'signature.agreeRequired',
  [MESSAGES.signNameMismatch]: 'signature.nameMismatch',
};

type FieldErrors = { typedName?: string; agreed?: string };

/** The fields of a refusal (errorInfo.fields: field, reason, message), or [] when it has none. */
function refusedFields(failure: unknown): { field: string; message?: string }[] {
  const info = (failure as { errors?: { errorInfo?: { fields?: unknown } }[] } | null)?.errors?.[0]?.errorInfo;
  return Array.isArray(info?.fields) ? (info.fields as { field: string; message?: string }[]) : [];
}

export function ConsentCard({ doc, onChanged }: { doc: PortalDocument; onChanged(doc: PortalDocument): void }) {
  const { dt, tm, formatDateTime } = useDocumentTexts();
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const headingId = useId();
  const agreeId = useId();
  /** One of the API's messages in the client's language: this page's own words for the signature, else the portal's. */
  const say = (message: string) => (FIELD_TEXTS[message] ? dt(FIELD_TEXTS[message]) : tm(message));
  const errorsOf = (problems: { field: string; message?: string }[]): FieldErrors => {
    const errors: FieldErrors = {};
    for (const p of problems) {
      if ((p.field === 'typedName' || p.field === 'agreed') && p.message && !errors[p.field]) errors[p.field] = say(p.message);
    }
    return errors;
  };

  const sign = async () => {
    setError(null);
    const local = errorsOf(validateSignature(name, agreed).problems);
    setFieldErrors(local);
    if (local.typedName || local.agreed) return;
    setBusy(true);
    try {
      onChanged(await signConsentDocument(doc, name, agreed));
    } catch (failure) {
      const refused = errorsOf(refusedFields(failure));
      if (refused.typedName || refused.agreed) setFieldErrors(refused);
      else setError(say(refusalMessage(failure) ?? MESSAGES.defaultError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cp-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{doc.title}</h2>
      <p className="cp-muted">{dt('fromPractice', { practice: doc.practiceName, version: doc.version ?? 0 })}</p>
      {doc.note && <Notice kind="info">{dt('note', { note: doc.note })}</Notice>}
      <div className="cp-document-text" tabIndex={0} aria-label={dt('textOf', { title: doc.title })} style={{ whiteSpace: 'pre-wrap', maxHeight: '40vh', overflowY: 'auto', border: '1px solid #ccc', padding: 12, borderRadius: 6 }}>
        {doc.details}
      </div>
      {doc.status === 'SIGNED' ? (
        <p>{dt('signedBy', { name: doc.typedName ?? '', date: doc.signedAt ? formatDateTime(doc.signedAt) : '' })}</p>
      ) : (
        <Form onSubmit={() => void sign()} label={dt('signForm', { title: doc.title })}>
          {error && <Notice kind="error">{error}</Notice>}
          <Field
            label={dt('typedName')}
            hint={dt('typedNameHint')}
            value={name}
            onChange={(value) => {
              setName(value);
              setFieldErrors((errors) => ({ ...errors, typedName: undefined }));
            }}
            error={fieldErrors.typedName}
            autoComplete="name"
          />
          <div className="cp-choice">
            <input
              id={agreeId}
              type="checkbox"
              checked={agreed}
              onChange={(event) => {
                setAgreed(event.target.checked);
                setFieldErrors((errors) => ({ ...errors, agreed: undefined }));
              }}
              aria-invalid={fieldErrors.agreed ? true : undefined}
              aria-describedby={fieldErrors.agreed ? `${agreeId}-error` : undefined}
            />
            <label htmlFor={agreeId}>{dt('agree')}</label>
          </div>
          {fieldErrors.agreed && (
            <p id={`${agreeId}-error`} className="cp-field-error">
              {fieldErrors.agreed}
            </p>
          )}
          <Submit busy={busy}>{dt('sign')}</Submit>
        </Form>
      )}
    </section>
  );
}
