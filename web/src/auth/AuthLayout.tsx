import '@cloudscape-design/global-styles/index.css';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { CloudscapeI18n, loadCloudscapeMessages } from '../i18n/CloudscapeI18n';
import { currentLocale } from '../i18n/I18nProvider';
import { AuthProvider, useAuth } from './AuthContext';
import { IdleLogoff } from './idleLogoff';
import { rememberOrigin } from './redirect';
import { SessionSpinner } from './SessionSpinner';

// Cloudscape's labels in the page's language, fetched alongside the page chunks rather than after them.
void loadCloudscapeMessages(currentLocale()).catch(() => undefined);

/**
 * Root of everything that needs Amplify and Cloudscape (/signin, /video/:id, /app/*). It is a lazy
 * chunk, so the public pages never download either library.
 */
export default function AuthLayout() {
  return (
    <CloudscapeI18n>
      <AuthProvider>
        <IdleLogoff />
        <Outlet />
      </AuthProvider>
    </CloudscapeI18n>
  );
}

/** Lets a signed-in user through; otherwise remembers where they were going and sends them to /signin. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <SessionSpinner />;
  if (status === 'signedOut') {
    const from = location.pathname + location.search;
    rememberOrigin(from);
    return <Navigate to="/signin" replace state={{ from }} />;
  }
  return <Outlet />;
}
