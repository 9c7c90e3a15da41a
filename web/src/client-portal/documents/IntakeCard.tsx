/** One intake form to fill (issue 12): the library form's questions by type; answers go to the practice, which accepts them into the record. */
import { useId, useState } from 'react';
import { MESSAGES } from '../../../../domain/messages';
import { refusalMessage } from '../api';
import { Field, Form, Notice, Submit } from '../parts/form';
import { submitIntakeForm, type PortalDocument, type PortalIntakeField } from './api';
import { useDocumentTexts } from './texts';

/** The questions a refusal names (`answers.<key>`), by the labels the client reads. */
function refusedQuestions(failure: unknown, doc: PortalDocument): string[] {
  const fields = (failure as { errors?: { errorInfo?: { fields?: { field?: unknown }[] } | null }[] } | null)?.errors?.[0]?.errorInfo?.fields;
  const keys = new Set((Array.isArray(fields) ? fields : []).map((f) => (typeof f?.field === 'string' ? f.field.replace(/^answers\./, '') : '')));
  return (doc.form?.sections ?? []).flatMap((s) => s.fields).filter((f) => keys.has(f.key)).map((f) => f.label);
}

type Answer = string | boolean | string[] | undefined;

function Question({ field, value, onChange }: { field: PortalIntakeField; value: Answer; onChange(value: Answer): void }) {
  const { dt } = useDocumentTexts();
  const id = useId();
  const label = field.required ? `${field.label} (${dt('required')})` : field.label;
  if (field.type === 'yesNo') {
    return (
      <fieldset className="cp-choices">
        <legend>{label}</legend>
        {field.help && <p className="cp-hint">{field.help}</p>}
        {[true, false].map((choice) => (
          <label key={String(choice)} className="cp-choice">
            <input type="radio" name={id} checked={value === choice} onChange={() => onChange(choice)} /> {choice ? dt('yes') : dt('no')}
          </label>
        ))}
      </fieldset>
    );
  }
  if (field.type === 'acknowledgement') {
    return (
      <div className="cp-choice">
        <input id={id} type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />
        <label htmlFor={id}>{label}</label>
      </div>
    );
  }
  if (field.type === 'choice' || field.type === 'multiChoice') {
    const many = field.type === 'multiChoice';
    const picked = (Array.isArray(value) ? value : []);
    return (
      <fieldset className="cp-choices">
        <legend>{label}</legend>
        {(field.options ?? []).map((option) => (
          <label key={option.value} className="cp-choice">
            <input
              type={many ? 'checkbox' : 'radio'}
              name={id}
              checked={many ? picked.includes(option.value) : value === option.value}
              onChange={(event) => onChange(many ? (event.target.checked ? [...picked, option.value] : picked.filter((p) => p !== option.value)) : option.value)}
            />{' '}
            {option.label}
          </label>
        ))}
      </fieldset>
    );
  }
  if (field.type === 'longText') {
    return (
      <div className="cp-field">
        <label htmlFor={id}>{label}</label>
        <textarea id={id} rows={4} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} />
      </div>
    );
  }
  const inputType = field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text';
  return <Field label={label} hint={field.help ?? undefined} type={inputType} value={typeof value === 'string' ? value : ''} onChange={onChange} />;
}

export function IntakeCard({ doc, onChanged }: { doc: PortalDocument; onChanged(doc: PortalDocument): void }) {
  const { dt, tm, formatDateTime } = useDocumentTexts();
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const given = Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)));
      onChanged(await submitIntakeForm(doc, given));
    } catch (failure) {
      // The rule's own words without the API's summary of field keys, in the client's language.
      const spoken = (refusalMessage(failure) ?? MESSAGES.defaultError).split(' (Invalid ')[0];
      const questions = refusedQuestions(failure, doc);
      const message = spoken === MESSAGES.intakeAnswerRequired ? dt('answerRequired') : tm(spoken);
      setError(questions.length > 0 ? `${message} ${dt('checkQuestions', { questions: questions.join(' · ') })}` : message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cp-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{doc.title}</h2>
      <p className="cp-muted">{doc.practiceName}</p>
      {doc.note && <Notice kind="info">{dt('note', { note: doc.note })}</Notice>}
      {doc.status !== 'TO_FILL' ? (
        <p>{dt('sent', { date: doc.submittedAt ? formatDateTime(doc.submittedAt) : '' })}</p>
      ) : (
        <Form onSubmit={() => void send()} label={doc.title}>
          <p>{doc.form?.description}</p>
          {(doc.form?.sections ?? []).map((section) => (
            <fieldset key={section.title} className="cp-choices">
              <legend>{section.title}</legend>
              {section.fields.map((field) => (
                <Question key={field.key} field={field} value={answers[field.key]} onChange={(value) => setAnswers((a) => ({ ...a, [field.key]: value }))} />
              ))}
            </fieldset>
          ))}
          {error && <Notice kind="error">{error}</Notice>}
          <Submit busy={busy}>{dt('send')}</Submit>
        </Form>
      )}
    </section>
  );
}
