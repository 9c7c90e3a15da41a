import { useEffect, useRef, useState } from 'react';
import { Notice } from '../parts/form';
import { readLink, saveLink, submitLink, tokenFromHash, type Answers, type OpenAssessment } from './api';
import { AssessmentForm } from './AssessmentForm';
import { useAssessmentTexts } from './texts';

/**
 * The single-use link's page (`/portal/assessment#<token>`, no sign-in; issue 13): the one
 * questionnaire the link opens, answered one item at a time, saved as it goes. The token stays in
 * memory; once submitted the link leaves the address bar.
 */
export default function LinkAssessmentPage() {
  const { at } = useAssessmentTexts();
  const token = useRef(tokenFromHash(window.location.hash));
  const [assessment, setAssessment] = useState<OpenAssessment | null>(null);
  const [refusal, setRefusal] = useState<string | null>(token.current ? null : at('incompleteLink'));

  useEffect(() => {
    if (!token.current) return;
    let live = true;
    void readLink(token.current).then((outcome) => {
      if (!live) return;
      if (outcome.ok) setAssessment(outcome.value);
      else setRefusal(outcome.message);
    });
    return () => {
      live = false;
    };
  }, []);

  const submit = async (answers: Answers) => {
    const outcome = await submitLink(token.current!, answers);
    if (outcome.ok) window.history.replaceState(window.history.state, '', '/portal/assessment');
    return outcome;
  };

  return (
    <>
      <h1>{assessment?.practiceName ? at('fromPractice', { practice: assessment.practiceName }) : at('title')}</h1>
      {!assessment && !refusal && <p role="status">{at('loading')}</p>}
      {refusal && <Notice kind="error">{refusal}</Notice>}
      {assessment && <AssessmentForm assessment={assessment} save={(answers) => saveLink(token.current!, answers)} submit={submit} />}
    </>
  );
}
