import { Navigate, useParams } from 'react-router-dom';
import { useT } from '../i18n/I18nProvider';
import { LEGAL_DOCUMENTS } from './legal';
import { PublicLayout } from './PublicLayout';
import { siteName } from './site';
import '../i18n/pages/legal';

/**
 * The four agreements a clinician accepts at sign-up (spec part 1 §2, step 3), one public page
 * each at /legal/<slug>, written for this product. Texts: legal.<slug>.title, .lead and, per
 * section n, .<n>.heading and .<n>.text. Light page: no Cloudscape.
 */
export default function LegalPage() {
  const t = useT();
  const { document = '' } = useParams();
  const sections = LEGAL_DOCUMENTS[document];
  if (!sections) return <Navigate to="/" replace />;
  const key = (rest: string) => `legal.${document}.${rest}`;
  const site = { siteName: siteName() };
  return (
    <PublicLayout>
      <article className="pub-section pub-help pub-legal" aria-labelledby="legal-title">
        <h1 id="legal-title">{t(key('title'))}</h1>
        <p className="pub-lead">{t(key('lead'), site)}</p>
        {Array.from({ length: sections }, (_, i) => (
          <section key={i} aria-labelledby={`legal-${i + 1}`}>
            <h2 id={`legal-${i + 1}`}>{t(key(`${i + 1}.heading`))}</h2>
            <p>{t(key(`${i + 1}.text`), site)}</p>
          </section>
        ))}
        <p className="pub-legal-contact">{t('legal.contact', site)}</p>
      </article>
    </PublicLayout>
  );
}
