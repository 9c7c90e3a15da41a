import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PLAN_OFFERS } from '../../../domain/pricing';
import { hasLoggedInFlag } from '../auth/logged-in-flag';
import { planKey } from '../i18n/catalog';
import { useI18n } from '../i18n/I18nProvider';
import { FEATURE_ICONS, type FeatureIcon } from './icons';
import { HeroIllustration } from './HeroIllustration';
import { PublicLayout } from './PublicLayout';
import { siteName } from './site';
import { DASHBOARD_PATH } from '../shell/paths';
import '../i18n/pages/landing';

/** The spec's feature sections (part 1 §1), in its order; texts under landing.feature.<id>.*. */
const FEATURES: Array<{ id: string; icon: FeatureIcon }> = [
  { id: 'therapy-apps', icon: 'apps' },
  { id: 'notes', icon: 'notes' },
  { id: 'insights', icon: 'insights' },
  { id: 'outcomes', icon: 'outcomes' },
  { id: 'scheduling', icon: 'scheduling' },
  { id: 'teletherapy', icon: 'teletherapy' },
  { id: 'directory', icon: 'directory' },
];

export default function LandingPage() {
  const location = useLocation();
  const loggedIn = hasLoggedInFlag();
  const name = siteName();
  const free = PLAN_OFFERS[0];
  const { t, formatMoney } = useI18n();
  const freeName = t(planKey(free.id, 'name'));

  // Header links such as /#about land here from other pages.
  useEffect(() => {
    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, [location.hash]);

  return (
    <PublicLayout>
      <section className="pub-hero" aria-labelledby="hero-title">
        <div className="pub-section pub-hero-inner">
          <div>
            <p className="pub-eyebrow">{t('public.tagline', { siteName: name })}</p>
            <h1 id="hero-title">{t('landing.hero.title')}</h1>
            <p className="pub-lead">{t('landing.hero.lead')}</p>
            <div className="pub-actions">
              {loggedIn ? (
                <Link to={DASHBOARD_PATH} className="pub-button pub-button-large">
                  {t('landing.hero.dashboard')}
                </Link>
              ) : (
                <Link to="/signup" className="pub-button pub-button-large">
                  {t('landing.hero.signup')}
                </Link>
              )}
              <Link to="/pricing" className="pub-button-secondary pub-button-large">
                {t('landing.hero.pricing')}
              </Link>
            </div>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section className="pub-claims" aria-label={t('landing.claims.label')}>
        <div className="pub-section pub-claims-inner">
          <p className="pub-claim">
            <strong>{t('landing.claims.recommend.figure')}</strong> <span>{t('landing.claims.recommend.text', { siteName: name })}</span>
          </p>
          <p className="pub-claim">
            <strong>{formatMoney(24)}</strong> <span>{t('landing.claims.reimbursement', { amount: formatMoney(24) })}</span>
          </p>
          <p className="pub-claim">
            <strong>{formatMoney(free.monthlyPriceUsd)}</strong> <span>{t('landing.claims.free', { plan: freeName })}</span>
          </p>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="features-title">
        <h2 id="features-title">{t('landing.features.title')}</h2>
        <p className="pub-lead">{t('landing.features.lead')}</p>
        <div className="pub-features">
          {FEATURES.map(({ id, icon }) => (
            <article key={id} id={id} className="pub-feature" aria-labelledby={`${id}-title`}>
              <span className="pub-feature-icon">{FEATURE_ICONS[icon]}</span>
              <h3 id={`${id}-title`}>{t(`landing.feature.${id}.title`)}</h3>
              <p>{t(`landing.feature.${id}.text`)}</p>
              <ul>
                <li>{t(`landing.feature.${id}.point1`, { amount: formatMoney(24) })}</li>
                <li>{t(`landing.feature.${id}.point2`, { amount: formatMoney(24) })}</li>
              </ul>
            </article>
          ))}
        </div>
      </section>

      <section id="about" className="pub-about" aria-labelledby="about-title">
        <div className="pub-section">
          <h2 id="about-title">{t('landing.about.title')}</h2>
          <p>{t('landing.about.text1', { siteName: name })}</p>
          <p>{t('landing.about.text2')}</p>
        </div>
      </section>

      <section className="pub-cta" aria-labelledby="cta-title">
        <div className="pub-section">
          <h2 id="cta-title">{t('landing.cta.title', { plan: freeName })}</h2>
          <p>{t('landing.cta.text')}</p>
          <div className="pub-actions pub-actions-center">
            {loggedIn ? (
              <Link to={DASHBOARD_PATH} className="pub-button pub-button-inverse">
                {t('public.nav.dashboard')}
              </Link>
            ) : (
              <Link to="/signup" className="pub-button pub-button-inverse">
                {t('public.nav.signup')}
              </Link>
            )}
            <Link to="/pricing" className="pub-link-inverse">
              {t('landing.cta.compare')}
            </Link>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
