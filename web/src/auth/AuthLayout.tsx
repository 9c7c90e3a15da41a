import '@cloudscape-design/global-styles/index.css';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AuthProvider, useAuth } from './AuthContext';
import { IdleLogoff } from './idleLogoff';
import { rememberOrigin } from './redirect';
import { SessionSpinner } from './SessionSpinner';

/**
 * Root of everything that needs Amplify and Cloudscape (/signin, /video/:id, /app/*). It is a lazy
 * chunk, so the public pages never download either library.
 */
export default function AuthLayout() {
  return (
    <AuthProvider>
      <IdleLogoff />
      <Outlet />
    </AuthProvider>
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
