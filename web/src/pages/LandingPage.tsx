import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatUsd, PLAN_OFFERS } from '../../../domain/pricing';
import { hasLoggedInFlag } from '../auth/logged-in-flag';
import { FEATURE_ICONS, type FeatureIcon } from '../public/icons';
import { HeroIllustration } from '../public/HeroIllustration';
import { PublicLayout } from '../public/PublicLayout';
import { siteName } from '../public/site';

interface Feature {
  id: string;
  icon: FeatureIcon;
  title: string;
  text: string;
  points: string[];
}

/** The spec's feature sections (part 1 §1), in its order. */
const FEATURES: Feature[] = [
  {
    id: 'therapy-apps',
    icon: 'apps',
    title: 'Evidence-based therapy apps',
    text: 'Your clients practise between sessions in companion apps for DBT, CBT, ACT, MI and IFS. When they share, their work appears in your portal.',
    points: ['Diary cards, skills and exercises logged as they happen', 'Clients decide what to share with you'],
  },
  {
    id: 'notes',
    icon: 'notes',
    title: 'Paperless notes',
    text: 'Write progress notes from templates, keep intake forms and consent documents with the client record, and stop filing paper.',
    points: ['Templates for progress notes and documentation', 'Intake and consent forms filled in online'],
  },
  {
    id: 'insights',
    icon: 'insights',
    title: 'Insights',
    text: 'See emotions, urges and skills used over the weeks in charts, so the session starts from what actually happened.',
    points: ['Trends per client and across your caseload', 'Spot a difficult week before the session'],
  },
  {
    id: 'outcomes',
    icon: 'outcomes',
    title: 'Outcome measurement and reimbursement',
    text: 'Send standardized assessments such as the PHQ-9 and GAD-7 on a schedule, track scores over time, and bill for measurement-based care.',
    points: ['Scores and severity charted automatically', 'Up to an extra $24 per session in reimbursement'],
  },
  {
    id: 'scheduling',
    icon: 'scheduling',
    title: 'Scheduling',
    text: 'Book one-off and recurring appointments for the whole practice, and send clients reminders so fewer sessions are missed.',
    points: ['Calendar for every clinician on the team', 'Appointment reminders for clients'],
  },
  {
    id: 'teletherapy',
    icon: 'teletherapy',
    title: 'Teletherapy',
    text: 'Hold secure video sessions. Clients join from a link in their browser, with no account to create and nothing to install.',
    points: ['Screen sharing and a shareable room link', 'Add Tele Health to any plan per clinician'],
  },
  {
    id: 'directory',
    icon: 'directory',
    title: 'Directory listing',
    text: 'Get listed where people look for help. Intelligent matching introduces you to clients who fit your specialties.',
    points: ['A profile with your therapies and settings', 'Preferred listing on every plan'],
  },
];

export default function LandingPage() {
  const location = useLocation();
  const loggedIn = hasLoggedInFlag();
  const name = siteName();
  const free = PLAN_OFFERS[0];

  // Header links such as /#about land here from other pages.
  useEffect(() => {
    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, [location.hash]);

  return (
    <PublicLayout>
      <section className="pub-hero" aria-labelledby="hero-title">
        <div className="pub-section pub-hero-inner">
          <div>
            <p className="pub-eyebrow">{name} for Clinicians</p>
            <h1 id="hero-title">Evidence-based care between sessions, and a practice that runs itself.</h1>
            <p className="pub-lead">
              Connect with your clients' therapy apps, then keep notes, assessments, scheduling, billing and secure
              video in one HIPAA-compliant place.
            </p>
            <div className="pub-actions">
              {loggedIn ? (
                <Link to="/app/clients" className="pub-button pub-button-large">
                  Go to your dashboard
                </Link>
              ) : (
                <Link to="/signup" className="pub-button pub-button-large">
                  Sign up free
                </Link>
              )}
              <Link to="/pricing" className="pub-button-secondary pub-button-large">
                See pricing
              </Link>
            </div>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section className="pub-claims" aria-label="Why clinicians choose it">
        <div className="pub-section pub-claims-inner">
          <p className="pub-claim">
            <strong>97%</strong> <span>recommend {name} to a colleague</span>
          </p>
          <p className="pub-claim">
            <strong>$24</strong> <span>up to an extra $24 per session in reimbursement for measuring outcomes</span>
          </p>
          <p className="pub-claim">
            <strong>{formatUsd(free.monthlyPriceUsd)}</strong> <span>to start: the {free.name} plan is free</span>
          </p>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="features-title">
        <h2 id="features-title">Everything your practice needs</h2>
        <p className="pub-lead">
          Start with what your clients already do in their apps, and add the practice tools when you need them.
        </p>
        <div className="pub-features">
          {FEATURES.map((feature) => (
            <article key={feature.id} id={feature.id} className="pub-feature" aria-labelledby={`${feature.id}-title`}>
              <span className="pub-feature-icon">{FEATURE_ICONS[feature.icon]}</span>
              <h3 id={`${feature.id}-title`}>{feature.title}</h3>
              <p>{feature.text}</p>
              <ul>
                {feature.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>

      <section id="about" className="pub-about" aria-labelledby="about-title">
        <div className="pub-section">
          <h2 id="about-title">About us</h2>
          <p>
            {name} is built for therapists, psychologists, psychiatrists, treatment centers and support groups, and for
            the team members and coordinators who keep a practice running. It grew out of the therapy apps clients
            already use between sessions: the portal is where that work reaches the clinician.
          </p>
          <p>
            We keep the tools close to evidence-based practice (DBT, CBT, ACT and more), keep client data private under
            HIPAA, and let each practice choose how much of the suite it needs.
          </p>
        </div>
      </section>

      <section className="pub-cta" aria-labelledby="cta-title">
        <div className="pub-section">
          <h2 id="cta-title">Start with the {free.name} plan, free</h2>
          <p>
            View your clients' diary entries and exercises at no cost. Upgrade to homework, assessments or the full
            practice suite when you are ready.
          </p>
          <div className="pub-actions pub-actions-center">
            {loggedIn ? (
              <Link to="/app/clients" className="pub-button pub-button-inverse">
                Dashboard
              </Link>
            ) : (
              <Link to="/signup" className="pub-button pub-button-inverse">
                Signup Now
              </Link>
            )}
            <Link to="/pricing" className="pub-link-inverse">
              Compare plans
            </Link>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
