import { ErrorScreen } from '../public/ErrorScreen';

/**
 * 500 (spec part 2 §8). Shown by PageErrorBoundary (web/src/public/ErrorBoundary.tsx) when a page
 * fails to render or its code fails to load; the URL stays, so Try again reloads the same page.
 */
export default function ServerErrorPage() {
  return (
    <ErrorScreen code="500" title="Internal Server Error">
      <p className="pub-lead">Something went wrong. Please try again later.</p>
      <div className="pub-actions pub-actions-center">
        <button type="button" className="pub-button" onClick={() => window.location.reload()}>
          Try again
        </button>
        <a href="/" className="pub-button-secondary">
          Back Home
        </a>
      </div>
    </ErrorScreen>
  );
}
