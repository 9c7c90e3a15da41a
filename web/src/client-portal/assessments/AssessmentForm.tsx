import { useEffect, useRef, useState } from 'react';
import { Notice } from '../parts/form';
import { formItems, savedAnswers, type Answers, type OpenAssessment, type Outcome, type Submitted } from './api';
import { useAssessmentTexts } from './texts';
import './assessments.css';

interface Props {
  assessment: OpenAssessment;
  save(answers: Answers): Promise<Outcome<unknown>>;
  submit(answers: Answers): Promise<Outcome<Submitted>>;
}

/**
 * One questionnaire, one item at a time (a phone's screen): each item a radio group whose legend is
 * the question, Back and Next, then a review with Change links and Submit. Every answer is saved as
 * it is chosen. After submitting: thanks, and the crisis-line text when the answers need review.
 */
export function AssessmentForm({ assessment, save, submit }: Props) {
  const { at, formatDateTime } = useAssessmentTexts();
  const [answers, setAnswers] = useState<Answers>(() => savedAnswers(assessment));
  const [step, setStep] = useState(0);
  const [saveFailed, setSaveFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Submitted | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const all = formItems(assessment);
  const asked = all.filter((i) => !i.enableWhen || answers[i.enableWhen.question] === i.enableWhen.answer);
  const reviewing = step >= asked.length;
  const item = reviewing ? null : asked[step];

  // Each step moves the focus to its heading, so a screen reader reads the new question.
  useEffect(() => heading.current?.focus(), [step, done]);

  const choose = (linkId: string, value: number) => {
    const next = { ...answers, [linkId]: value };
    // An item no longer asked (its enableWhen changed) drops its answer.
    for (const i of all) if (i.enableWhen && next[i.enableWhen.question] !== i.enableWhen.answer) delete next[i.linkId];
    setAnswers(next);
    void save(next).then((outcome) => setSaveFailed(!outcome.ok));
  };

  const send = async () => {
    setBusy(true);
    setError(null);
    const outcome = await submit(answers);
    setBusy(false);
    if (outcome.ok) setDone(outcome.value);
    else setError(outcome.message);
  };

  if (done) {
    return (
      <section className="cp-card" aria-labelledby="cp-assessment-done">
        <h2 id="cp-assessment-done" ref={heading} tabIndex={-1}>{at('done')}</h2>
        {done.crisisText && (
          <div className="cp-notice cp-error" role="alert">
            <strong>{at('crisisTitle')}</strong>
            <p>{done.crisisText}</p>
          </div>
        )}
      </section>
    );
  }

  return (
    <section className="cp-card" aria-labelledby="cp-assessment-step">
      <p className="cp-muted">{assessment.instrument.title}</p>
      {assessment.instrument.languages.length === 1 && <p className="cp-muted" lang="en">{at('englishOnly')}</p>}
      <p className="cp-muted">{at('dueBy', { date: formatDateTime(assessment.expiresAt, { dateStyle: 'long' }) })}</p>
      {item ? (
        <form className="cp-form" noValidate onSubmit={(e) => { e.preventDefault(); setStep(step + 1); }}>
          <h2 id="cp-assessment-step" ref={heading} tabIndex={-1}>{at('progress', { current: step + 1, total: asked.length })}</h2>
          <fieldset className="cp-choices">
            <legend lang="en">
              {step === 0 || asked[step - 1]?.enableWhen === undefined ? <span className="cp-muted">{assessment.instrument.preamble} </span> : null}
              {item.text}
            </legend>
            {item.answerOption.map((o) => (
              <label key={o.value} className="cp-choice" lang="en">
                <input type="radio" name={`item-${item.linkId}`} value={o.value} checked={answers[item.linkId] === o.value} onChange={() => choose(item.linkId, o.value)} />
                {o.display}
              </label>
            ))}
          </fieldset>
          {saveFailed && <Notice kind="info">{at('saveFailed')}</Notice>}
          <div className="cp-actions">
            {step > 0 && <button type="button" className="cp-button" onClick={() => setStep(step - 1)}>{at('back')}</button>}
            <button type="submit" className="cp-button cp-primary">{at('next')}</button>
          </div>
          <p className="cp-muted">{at('saved')}</p>
        </form>
      ) : (
        <div className="cp-form">
          <h2 id="cp-assessment-step" ref={heading} tabIndex={-1}>{at('review')}</h2>
          <ol className="cp-review">
            {asked.map((i, n) => (
              <li key={i.linkId}>
                <span lang="en">{i.text}</span>{' '}
                <strong lang="en">{i.answerOption.find((o) => o.value === answers[i.linkId])?.display ?? at('unanswered')}</strong>{' '}
                <button type="button" className="cp-link" onClick={() => setStep(n)}>{at('change')}</button>
              </li>
            ))}
          </ol>
          {error && <Notice kind="error">{error}</Notice>}
          <div className="cp-actions">
            <button type="button" className="cp-button" onClick={() => setStep(asked.length - 1)}>{at('back')}</button>
            <button type="button" className="cp-button cp-primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void send()}>{busy ? at('submitting') : at('submit')}</button>
          </div>
        </div>
      )}
      <p className="cp-muted" lang="en">{assessment.instrument.copyright}</p>
    </section>
  );
}
