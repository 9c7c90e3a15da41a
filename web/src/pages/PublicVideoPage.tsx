import { Link } from 'react-router-dom';
import { PublicLayout } from '../public/PublicLayout';

/** A client joins a video call from a link (/public/video/:id?/:therapistId), no login. Placeholder. */
export default function PublicVideoPage() {
  return (
    <PublicLayout>
      <section className="pub-section">
        <h1>Welcome</h1>
        <p className="pub-lead">Joining video calls from this link is not available yet.</p>
        <p>
          <Link to="/">Back to home</Link>
        </p>
      </section>
    </PublicLayout>
  );
}
