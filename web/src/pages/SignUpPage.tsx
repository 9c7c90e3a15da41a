import { Link } from 'react-router-dom';
import { PublicLayout } from '../public/PublicLayout';

/** Placeholder until the sign-up wizard (spec part 1 §2) lands; it always offers a way on. */
export default function SignUpPage() {
  return (
    <PublicLayout>
      <section className="pub-section">
        <h1>Sign up</h1>
        <p className="pub-lead">The clinician sign-up wizard arrives with the sign-up issue.</p>
        <p>
          Already have an account? <Link to="/signin">Sign in</Link>
        </p>
      </section>
    </PublicLayout>
  );
}
