import { useT } from '../i18n/I18nProvider';
import { ErrorScreen } from './ErrorScreen';

/**
 * 500 (spec part 2 §8). Shown by PageErrorBoundary (web/src/public/ErrorBoundary.tsx) when a page
 * fails to render or its code fails to load; the URL stays, so Try again reloads the same page.
 */
export default function ServerErrorPage() {
  const t = useT();
  return (
    <ErrorScreen code="500" title={t('error.server.title')}>
      <p className="pub-lead">{t('error.server.text')}</p>
      <div className="pub-actions pub-actions-center">
        <button type="button" className="pub-button" onClick={() => window.location.reload()}>
          {t('error.tryAgain')}
        </button>
        <a href="/" className="pub-button-secondary">
          {t('error.backHome')}
        </a>
      </div>
    </ErrorScreen>
  );
}
