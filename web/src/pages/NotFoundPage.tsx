import { ErrorScreen } from '../public/ErrorScreen';

/**
 * 404 (spec part 2 §8). Unknown paths do not come here: the spec sends them to /signin, and unknown
 * /app paths to /app/clients. Pages render this in place when what a link names does not exist
 * (a record id, a video room). A plain anchor, not a router Link, so it works outside a router.
 */
export default function NotFoundPage() {
  return (
    <ErrorScreen code="404" title="Looks like you got lost">
      <p className="pub-lead">The page you're looking for doesn't exist or has been moved.</p>
      <a href="/" className="pub-button">
        Back Home
      </a>
    </ErrorScreen>
  );
}
