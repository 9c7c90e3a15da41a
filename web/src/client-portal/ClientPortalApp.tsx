/**
 * The client portal (/portal/…): its own route tree, texts, session and light layout. It loads
 * lazily from the one web app's router (web/src/routes.tsx) and never imports the console's shell,
 * pages or design system (docs/decisions.md, "Client portal web (issue 12)").
 */
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageErrorBoundary } from '../public/ErrorBoundary';
import { PortalI18nProvider, usePortalI18n } from './i18n';
import { PUBLIC_PAGES, SIGNED_IN_PAGES } from './pages';
import { PORTAL_PATHS } from './paths';
import { PublicFrame, SignedInFrame } from './PortalFrame';
import { PortalSessionProvider } from './session';

function Loading() {
  const { t } = usePortalI18n();
  return (
    <p role="status" className="cp-loading">
      {t('clientPortal.loading')}
    </p>
  );
}

const element = (Page: (typeof PUBLIC_PAGES)[number]['Page']) => (
  <PageErrorBoundary>
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  </PageErrorBoundary>
);

export default function ClientPortalApp() {
  return (
    <PortalI18nProvider>
      <PortalSessionProvider>
        <Routes>
          <Route element={<PublicFrame />}>
            {PUBLIC_PAGES.map(({ path, Page }) => (
              <Route key={path} path={path} element={element(Page)} />
            ))}
          </Route>
          <Route element={<SignedInFrame />}>
            {SIGNED_IN_PAGES.map(({ path, Page }) =>
              path === '' ? <Route key="home" index element={element(Page)} /> : <Route key={path} path={path} element={element(Page)} />,
            )}
          </Route>
          <Route path="*" element={<Navigate to={PORTAL_PATHS.home} replace />} />
        </Routes>
      </PortalSessionProvider>
    </PortalI18nProvider>
  );
}
