/**
 * The client portal's own light layout (no design system): a header with the portal's name, the
 * language and (signed in) Sign out; the navigation (nav.ts) under it; the page. Mobile first.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { createIdleTimer } from '../auth/idle';
import { LanguageSelect } from '../i18n/LanguageSelect';
import { getRuntimeConfig } from '../platform/config';
import { usePortalI18n } from './i18n';
import { PORTAL_NAV } from './nav';
import { Notice } from './parts/form';
import { PORTAL_PATHS } from './paths';
import { RequireClient, usePortalSession } from './session';
import { ClientSelfProvider, useClientSelf } from './self';
import './portal.css';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

function Header({ title, signedIn }: { title: string; signedIn: boolean }) {
  const { t } = usePortalI18n();
  const { signOut } = usePortalSession();
  return (
    <header className="cp-header">
      <span className="cp-brand">{title}</span>
      <div className="cp-header-actions">
        <LanguageSelect className="language-select cp-language" />
        {signedIn && (
          <button
            type="button"
            className="cp-button cp-small"
            onClick={() => void signOut('clientPortal.signin.signedOut')}
          >
            {t('clientPortal.signOut')}
          </button>
        )}
      </div>
    </header>
  );
}

function Shell({ title, signedIn, children }: { title: string; signedIn: boolean; children: ReactNode }) {
  const { t } = usePortalI18n();
  return (
    <div className="cp-app">
      <a className="cp-skip" href="#cp-main">
        {t('clientPortal.skip')}
      </a>
      <Header title={title} signedIn={signedIn} />
      {children}
    </div>
  );
}

const defaultTitle = (t: (key: string, values?: Record<string, string>) => string) => t('clientPortal.brand', { siteName: getRuntimeConfig().siteName });

/** Sign-in, forgot password, invitation: the frame without navigation. */
export function PublicFrame() {
  const { t } = usePortalI18n();
  return (
    <Shell title={defaultTitle(t)} signedIn={false}>
      <main id="cp-main" className="cp-main" tabIndex={-1}>
        <Outlet />
      </main>
    </Shell>
  );
}

/** Signs the client out after the configured idle minutes (HIPAA addressable safeguard), warning a minute before. */
function useIdleLogoff(): boolean {
  const { signOut } = usePortalSession();
  const [warning, setWarning] = useState(false);
  const timer = useRef<ReturnType<typeof createIdleTimer> | null>(null);
  useEffect(() => {
    const idle = createIdleTimer({
      timeoutMs: getRuntimeConfig().idleTimeoutMinutes * 60_000,
      onWarn: () => setWarning(true),
      onActive: () => setWarning(false),
      onExpire: () => void signOut('clientPortal.signin.idle'),
    });
    timer.current = idle;
    const onInput = () => idle.activity();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onInput, { passive: true, capture: true });
    return () => {
      idle.stop();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onInput, { capture: true });
    };
  }, [signOut]);
  return warning;
}

function SignedInShell() {
  const { t } = usePortalI18n();
  const { load } = useClientSelf();
  const warning = useIdleLogoff();
  const first = load.status === 'ready' ? load.self.practices[0] : undefined;
  return (
    <Shell title={first?.portalName || defaultTitle(t)} signedIn>
      <nav className="cp-nav" aria-label={t('clientPortal.nav.label')}>
        <ul>
          {PORTAL_NAV.map((entry) => (
            <li key={entry.path}>
              <NavLink to={entry.path} end={entry.path === PORTAL_PATHS.home}>
                {t(entry.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="cp-main" className="cp-main" tabIndex={-1}>
        {warning && <Notice kind="info">{t('clientPortal.idleWarning')}</Notice>}
        {load.status === 'failed' ? <Notice kind="error">{t('clientPortal.loadFailed')}</Notice> : <Outlet />}
      </main>
    </Shell>
  );
}

/** The signed-in pages: only a client session gets here (others go to the portal's sign-in). */
export function SignedInFrame() {
  return (
    <RequireClient>
      <ClientSelfProvider>
        <SignedInShell />
      </ClientSelfProvider>
    </RequireClient>
  );
}
