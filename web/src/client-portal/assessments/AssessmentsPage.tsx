import { useEffect, useState } from 'react';
import { Notice } from '../parts/form';
import { openAssessments, saveAnswers, submitAnswers, type OpenAssessment } from './api';
import { AssessmentForm } from './AssessmentForm';
import { useAssessmentTexts } from './texts';

/** The signed-in client's questionnaires (`/portal/assessments`; issue 13): the open ones, then one at a time. */
export default function AssessmentsPage() {
  const { at, formatDateTime } = useAssessmentTexts();
  const [list, setList] = useState<OpenAssessment[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [current, setCurrent] = useState<OpenAssessment | null>(null);

  useEffect(() => {
    let live = true;
    void openAssessments().then((outcome) => {
      if (!live) return;
      if (outcome.ok) setList(outcome.value);
      else setError(at('loadFailed'));
    });
    return () => {
      live = false;
    };
  }, [at]);

  if (current) {
    return (
      <>
        <h1>{current.practiceName ? at('fromPractice', { practice: current.practiceName }) : at('title')}</h1>
        <AssessmentForm assessment={current} save={(answers) => saveAnswers(current, answers)} submit={(answers) => submitAnswers(current, answers)} />
      </>
    );
  }
  return (
    <>
      <h1>{at('listTitle')}</h1>
      {!list && !error && <p role="status">{at('loading')}</p>}
      {error && <Notice kind="error">{error}</Notice>}
      {list && list.length === 0 && <p>{at('noneOpen')}</p>}
      {list && list.length > 0 && (
        <ul className="cp-list">
          {list.map((a) => (
            <li key={`${a.practiceId}.${a.assignmentId}`} className="cp-card">
              <h2 lang="en">{a.instrument.title}</h2>
              <p className="cp-muted">{at('dueBy', { date: formatDateTime(a.expiresAt, { dateStyle: 'long' }) })}</p>
              <button type="button" className="cp-button cp-primary" onClick={() => setCurrent(a)}>{at('open')}</button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
