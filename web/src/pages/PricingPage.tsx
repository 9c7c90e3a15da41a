import { Link } from 'react-router-dom';
import { PublicLayout } from '../public/PublicLayout';

const PLANS = [
  { name: 'Basic', price: '$0', detail: "View clients' diary entries and exercises." },
  { name: 'Premium', price: '$20 / month', detail: 'Adds homework and standardized assessments (PHQ-9, GAD-7).' },
  {
    name: 'Professional',
    price: '$40 / month',
    detail: 'Adds the full practice suite: appointments, secure chat, video, notes, billing, client portal.',
  },
];

/** Pricing guide; the feature matrix arrives with the pricing issue. */
export default function PricingPage() {
  return (
    <PublicLayout>
      <section className="pub-section">
        <h1>Pricing</h1>
        <div className="pub-grid">
          {PLANS.map((plan) => (
            <div key={plan.name} className="pub-card">
              <h2>{plan.name}</h2>
              <p className="pub-price">{plan.price}</p>
              <p>{plan.detail}</p>
            </div>
          ))}
        </div>
        <p>Tele Health add-on: $8 per month per clinician.</p>
        <p>
          <Link to="/signup" className="pub-button">
            Signup Now
          </Link>
        </p>
      </section>
    </PublicLayout>
  );
}
