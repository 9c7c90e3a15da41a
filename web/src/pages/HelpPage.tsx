import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ArrowLeftIcon } from '../public/icons';
import { PublicLayout } from '../public/PublicLayout';
import { Tabs, type TabItem } from '../public/Tabs';

/** The spec's four help tabs (part 1 §1), in its order. The tab id is the URL hash: /help#homework. */
const TOPICS: TabItem[] = [
  {
    id: 'access',
    label: 'Access & Invitations',
    content: (
      <>
        <h2>Access & Invitations</h2>
        <p>
          Your clients keep their diary cards and exercises in their own therapy app. You see that work only after a
          client accepts your invitation, and only for as long as they keep sharing.
        </p>
        <h3>Invite a client</h3>
        <ol>
          <li>Open Clients and choose Add, or pick an existing client.</li>
          <li>Enter the e-mail address the client uses in their app and send the invitation.</li>
          <li>The client opens the invitation in the app and accepts it. Their entries then appear under the client.</li>
        </ol>
        <h3>If an invitation is not accepted</h3>
        <ul>
          <li>Check the e-mail address: it must be the one the client signed up to the app with.</li>
          <li>Send the invitation again from the client's page; only the newest invitation is valid.</li>
          <li>A client can stop sharing at any time from the app. You keep what was shared before.</li>
        </ul>
        <h3>Team members</h3>
        <p>
          The practice owner and administrators invite colleagues from Team Members and choose a role for each. The role
          decides which clients, notes and billing screens a colleague can open.
        </p>
      </>
    ),
  },
  {
    id: 'entries',
    label: 'Entries & Stats',
    content: (
      <>
        <h2>Entries & Stats</h2>
        <p>
          Every diary card, exercise and skill a client logs in a shared app shows up under that client, newest first,
          with the date it was recorded.
        </p>
        <h3>Read the entries</h3>
        <ul>
          <li>Choose a client, then the app, to see their entries with emotions, urges and the skills they used.</li>
          <li>Narrow the list to a date range, for example the week since your last session.</li>
          <li>Dates read YYYY-MM-DD, and entry times MM/DD/YYYY, in your practice's time zone.</li>
        </ul>
        <h3>Stats and insights</h3>
        <p>
          Stats turn the entries into charts: how often each skill was used, how ratings moved over the weeks, and how
          regularly the client logged. Insights show the same across your whole caseload, so you can see who may need
          attention before their next appointment.
        </p>
      </>
    ),
  },
  {
    id: 'homework',
    label: 'Homework',
    content: (
      <>
        <h2>Homework</h2>
        <p>
          Homework sends a client an exercise from their therapy app to practise before the next session. It needs the
          Premium or Professional plan.
        </p>
        <h3>Assign or schedule homework</h3>
        <ol>
          <li>Open Homework, then Assign or Schedule.</li>
          <li>Choose the client or group, the exercise, and when it is due. Make it repeat for ongoing practice.</li>
          <li>The client is reminded in the app and marks the homework done there.</li>
        </ol>
        <h3>Follow up</h3>
        <ul>
          <li>The Homework List shows every assignment with its due date and whether it was completed.</li>
          <li>Open an assignment to see what the client wrote while doing it.</li>
          <li>Cancel an assignment that no longer fits; the client stops seeing it.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'assessments',
    label: 'Assessments',
    content: (
      <>
        <h2>Assessments</h2>
        <p>
          Standardized assessments such as the PHQ-9 (depression) and GAD-7 (anxiety) measure how a client is doing over
          time. They need the Premium or Professional plan.
        </p>
        <h3>Assign an assessment</h3>
        <ol>
          <li>Open Assessments, then Assign.</li>
          <li>Choose the client and the questionnaire, and send it once or on a schedule, such as every two weeks.</li>
          <li>The client answers in the app; the score is calculated as soon as they submit.</li>
        </ol>
        <h3>Read the results</h3>
        <ul>
          <li>Results lists each completed assessment with its total score and severity band.</li>
          <li>A chart shows the scores over time, so progress and setbacks stand out.</li>
          <li>Population shows the scores across all your clients, for outcome reporting and reimbursement.</li>
        </ul>
      </>
    ),
  },
];

export default function HelpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const fromHash = location.hash.slice(1);
  const selected = TOPICS.some((topic) => topic.id === fromHash) ? fromHash : TOPICS[0].id;

  // Back returns to the page the visitor came from; opened directly, it goes to the landing page.
  function back(event: MouseEvent<HTMLAnchorElement>) {
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (historyIndex > 0) {
      event.preventDefault();
      navigate(-1);
    }
  }

  return (
    <PublicLayout>
      <section className="pub-section pub-help" aria-labelledby="help-title">
        <Link to="/" className="pub-back" onClick={back}>
          <ArrowLeftIcon />
          Back
        </Link>
        <h1 id="help-title">Help</h1>
        <p className="pub-lead">Answers to the questions clinicians ask most when they start.</p>
        <Tabs
          label="Help topics"
          items={TOPICS}
          selected={selected}
          onSelect={(id) => navigate({ hash: id }, { replace: true })}
        />
      </section>
    </PublicLayout>
  );
}
