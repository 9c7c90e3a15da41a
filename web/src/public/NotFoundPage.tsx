import { useT } from '../i18n/I18nProvider';
import { ErrorScreen } from './ErrorScreen';

/**
 * 404 (spec part 2 §8). Unknown paths do not come here: the spec sends them to /signin, and unknown
 * /app paths to /app/clients. Pages render this in place when what a link names does not exist
 * (a record id, a video room). A plain anchor, not a router Link, so it works outside a router.
 */
export default function NotFoundPage() {
  const t = useT();
  return (
    <ErrorScreen code="404" title={t('error.notFound.title')}>
      <p className="pub-lead">{t('error.notFound.text')}</p>
      <a href="/" className="pub-button">
        {t('error.backHome')}
      </a>
    </ErrorScreen>
  );
}
