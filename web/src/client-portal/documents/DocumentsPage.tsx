/** /portal/documents (issue 12): the client's consent documents to sign and intake forms to fill, then what is done. */
import { useEffect, useState } from 'react';
import { Notice } from '../parts/form';
import { clientDocuments, type PortalDocument } from './api';
import { ConsentCard } from './ConsentCard';
import { IntakeCard } from './IntakeCard';
import { localizeDocument, useIntakeTexts } from './intake-i18n';
import { useDocumentTexts } from './texts';

const keyOf = (d: PortalDocument) => `${d.practiceId}:${d.kind}:${d.id}`;

export default function DocumentsPage() {
  const { dt } = useDocumentTexts();
  const [docs, setDocs] = useState<PortalDocument[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // The intake forms' questions in the portal's language: loaded only when an intake form is listed.
  const intake = useIntakeTexts((docs ?? []).some((d) => d.kind === 'INTAKE_FORM'));

  useEffect(() => {
    clientDocuments().then(setDocs, () => setFailed(true));
  }, []);

  const changed = (doc: PortalDocument) => {
    setDocs((list) => (list ?? []).map((d) => (keyOf(d) === keyOf(doc) ? doc : d)));
    const title = localizeDocument(doc, intake.texts).title;
    setDone(doc.kind === 'CONSENT' ? dt('signedDone', { title }) : dt('sentDone', { title }));
  };

  if (failed) return <Notice kind="error">{dt('loadFailed')}</Notice>;
  if (!docs || !intake.ready) return <p role="status">{dt('loading')}</p>;
  const shown = docs.map((d) => localizeDocument(d, intake.texts));
  const waiting = shown.filter((d) => d.status === 'TO_SIGN' || d.status === 'TO_FILL');
  const finished = shown.filter((d) => d.status !== 'TO_SIGN' && d.status !== 'TO_FILL');
  const card = (d: PortalDocument) => (d.kind === 'CONSENT' ? <ConsentCard key={keyOf(d)} doc={d} onChanged={changed} /> : <IntakeCard key={keyOf(d)} doc={d} onChanged={changed} />);
  return (
    <>
      <h1>{dt('title')}</h1>
      <p>{dt('intro')}</p>
      {done && <Notice kind="success">{done}</Notice>}
      <h2>{dt('waiting', { count: waiting.length })}</h2>
      {waiting.length === 0 ? <p>{dt('nothingWaiting')}</p> : waiting.map(card)}
      {finished.length > 0 && <h2>{dt('finished')}</h2>}
      {finished.map(card)}
    </>
  );
}
