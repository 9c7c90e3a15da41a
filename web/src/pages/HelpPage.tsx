import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../public/PublicLayout';

const TOPICS = [
  { id: 'access', title: 'Access & Invitations', text: 'How to invite clients to connect their app with your practice.' },
  { id: 'entries', title: 'Entries & Stats', text: "How to read clients' diary entries and statistics." },
  { id: 'homework', title: 'Homework', text: 'How to assign and review homework.' },
  { id: 'assessments', title: 'Assessments', text: 'How to assign standardized assessments and read the scores.' },
];

/** Help page with the spec's four tabs; full articles arrive with the help issue. */
export default function HelpPage() {
  const [active, setActive] = useState(TOPICS[0].id);
  const topic = TOPICS.find((t) => t.id === active) ?? TOPICS[0];
  return (
    <PublicLayout>
      <section className="pub-section">
        <Link to="/">Back</Link>
        <h1>Help</h1>
        <div role="tablist" aria-label="Help topics" className="pub-tabs">
          {TOPICS.map((t) => (
            <button
              key={t.id}
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={t.id === active}
              aria-controls="help-panel"
              onClick={() => setActive(t.id)}
            >
              {t.title}
            </button>
          ))}
        </div>
        <div role="tabpanel" id="help-panel" aria-labelledby={`tab-${topic.id}`}>
          <h2>{topic.title}</h2>
          <p>{topic.text}</p>
        </div>
      </section>
    </PublicLayout>
  );
}
