/** One consent document to sign (issue 12): its exact text, the typed name and "I agree"; or, signed, who signed it and when. */
import { useId, useState } from 'react';
import { MESSAGES } from '../../../../domain/messages';
import { refusalMessage } from '../api';
import { Field, Form, Notice, Submit } from '../parts/form';
import { signConsentDocument, type PortalDocument } from './api';
import { useDocumentTexts } from './texts';

export function ConsentCard({ doc, onChanged }: { doc: PortalDocument; onChanged(doc: PortalDocument): void }) {
  const { dt, tm, formatDateTime } = useDocumentTexts();
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const agreeId = useId();

  const sign = async () => {
    setBusy(true);
    setError(null);
    try {
      onChanged(await signConsentDocument(doc, name, agreed));
    } catch (failure) {
      setError(tm(refusalMessage(failure) ?? MESSAGES.defaultError));
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
          <Field label={dt('typedName')} hint={dt('typedNameHint')} value={name} onChange={setName} autoComplete="name" />
          <div className="cp-choice">
            <input id={agreeId} type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
            <label htmlFor={agreeId}>{dt('agree')}</label>
          </div>
          <Submit busy={busy}>{dt('sign')}</Submit>
        </Form>
      )}
    </section>
  );
}
