import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { hasLoggedInFlag } from '../auth/logged-in-flag';
import { getRuntimeConfig } from '../platform/config';
import { PublicLayout } from '../public/PublicLayout';

const FEATURES = [
  {
    title: 'Evidence-based therapy apps',
    text: 'Clients practise DBT, CBT and ACT skills between sessions in companion apps, and you see what they did.',
  },
  {
    title: 'Paperless notes',
    text: 'Write progress notes and documentation in one place, signed and stored securely.',
  },
  {
    title: 'Insights',
    text: "See clients' diary entries, exercises and trends at a glance before each session.",
  },
  {
    title: 'Outcome measurement and reimbursement',
    text: 'Assign standardized assessments such as PHQ-9 and GAD-7 and track scores over time.',
  },
  { title: 'Scheduling', text: 'Book appointments and recurring sessions with the whole team.' },
  { title: 'Teletherapy', text: 'Hold secure video sessions: clients join from a link, with no account needed.' },
  { title: 'Directory listing', text: 'Get listed and matched with clients looking for your approach.' },
];

export default function LandingPage() {
  const { siteName } = getRuntimeConfig();
  const location = useLocation();
  const loggedIn = hasLoggedInFlag();

  useEffect(() => {
    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, [location.hash]);

  return (
    <PublicLayout>
      <section className="pub-hero">
        <div className="pub-section">
          <h1>Evidence-based care between sessions, and a practice that runs itself.</h1>
          <p className="pub-lead">
            {siteName} connects you with your clients' therapy apps and gives your practice notes, assessments,
            scheduling, billing and secure video in one HIPAA-compliant place.
          </p>
          <div className="pub-actions">
            {loggedIn ? (
              <Link to="/app/clients" className="pub-button">
                Go to your dashboard
              </Link>
            ) : (
              <Link to="/signup" className="pub-button">
                Sign up free
              </Link>
            )}
            <Link to="/pricing" className="pub-button-secondary">
              See pricing
            </Link>
          </div>
          <div className="pub-stats">
            <div className="pub-stat">
              <strong>97%</strong> of clinicians recommend it
            </div>
            <div className="pub-stat">
              <strong>up to $24</strong> extra reimbursement per session
            </div>
          </div>
        </div>
      </section>

      <section id="about" className="pub-section" aria-labelledby="features-title">
        <h2 id="features-title">Everything your practice needs</h2>
        <p className="pub-lead">
          Built for therapists, psychologists, psychiatrists, treatment centers and support groups, and for the team
          members who keep them running.
        </p>
        <div className="pub-grid">
          {FEATURES.map((feature) => (
            <div key={feature.title} className="pub-card">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="pub-cta" aria-labelledby="cta-title">
        <div className="pub-section">
          <h2 id="cta-title">Start with the Basic plan, free</h2>
          <p>View your clients' diary entries and exercises at no cost. Upgrade when your practice is ready.</p>
          <Link to="/signup" className="pub-button">
            Signup Now
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
