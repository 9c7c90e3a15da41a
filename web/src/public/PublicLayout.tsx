import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { hasLoggedInFlag } from '../auth/logged-in-flag';
import { useT } from '../i18n/I18nProvider';
import { LanguageSelect } from '../i18n/LanguageSelect';
import { PageErrorBoundary } from './ErrorBoundary';
import { LogoMark } from './icons';
import { siteName } from './site';
import './public.css';
import { DASHBOARD_PATH } from '../shell/paths';

/**
 * Frame of the public pages (landing, pricing, help, sign-up, the client's video join). Plain React
 * and one small CSS file: these pages are what strangers load first, so they stay free of
 * Cloudscape and Amplify (ARCHITECTURE §7; web/scripts/check-bundles.ts enforces it).
 */
export function PublicHeader() {
  // The spec's isLoggedin flag: Signup Now becomes Dashboard for someone already signed in.
  const loggedIn = hasLoggedInFlag();
  const t = useT();
  return (
    <header className="pub-header">
      <Link to="/" className="pub-brand">
        <LogoMark />
        <span>{siteName()}</span>
      </Link>
      <nav aria-label={t('public.nav.main')} className="pub-nav">
        <Link to="/#about">{t('public.nav.about')}</Link>
        <Link to="/pricing">{t('public.nav.pricing')}</Link>
        <Link to="/help">{t('public.nav.help')}</Link>
        <Link to="/signin">{t('public.nav.login')}</Link>
        {loggedIn ? (
          <Link to={DASHBOARD_PATH} className="pub-button">
            {t('public.nav.dashboard')}
          </Link>
        ) : (
          <Link to="/signup" className="pub-button">
            {t('public.nav.signup')}
          </Link>
        )}
      </nav>
      <LanguageSelect className="language-select pub-language" />
    </header>
  );
}

export function PublicFooter() {
  const name = siteName();
  const t = useT();
  return (
    <footer className="pub-footer">
      <div className="pub-footer-inner">
        <div>
          <p className="pub-footer-brand">
            <LogoMark /> {t('public.tagline', { siteName: name })}
          </p>
          <p>{t('public.footer.about')}</p>
        </div>
        <nav aria-label={t('public.nav.footer')} className="pub-footer-nav">
          <Link to="/#about">{t('public.nav.about')}</Link>
          <Link to="/pricing">{t('public.nav.pricing')}</Link>
          <Link to="/help">{t('public.nav.help')}</Link>
          <Link to="/signin">{t('public.nav.login')}</Link>
          <Link to="/signup">{t('public.nav.signup')}</Link>
        </nav>
      </div>
      <p className="pub-footer-legal">{t('public.footer.legal', { year: String(new Date().getFullYear()), siteName: name })}</p>
    </footer>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <PageErrorBoundary>
      <div className="pub">
        <a href="#main" className="pub-skip">
          {t('public.skipToContent')}
        </a>
        <PublicHeader />
        <main id="main" className="pub-main" tabIndex={-1}>
          {children}
        </main>
        <PublicFooter />
      </div>
    </PageErrorBoundary>
  );
}
