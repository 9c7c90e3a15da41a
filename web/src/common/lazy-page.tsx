import { Suspense, type ReactNode } from 'react';
import { useT } from '../i18n/I18nProvider';
import { PageErrorBoundary } from '../public/ErrorBoundary';

function Loading() {
  const t = useT();
  return (
    <p role="status" style={{ font: '16px system-ui, sans-serif', padding: 24 }}>
      {t('common.loading')}
    </p>
  );
}

/** A lazy page, with the 500 page instead of a blank screen if it fails to load or render. */
export const page = (element: ReactNode) => (
  <PageErrorBoundary>
    <Suspense fallback={<Loading />}>{element}</Suspense>
  </PageErrorBoundary>
);
