import { fetchAuthSession, fetchMFAPreference, getCurrentUser, signOut } from 'aws-amplify/auth';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ensureAmplifyConfigured } from '../platform/amplify';
import { endServerSession, logUserAuthEvent } from './auth-events';
import { isAllowedUser, sessionUserFromClaims, type SessionUser } from './identity';
import { hasLoggedInFlag } from './logged-in-flag';
import { storedLocale, storeLocale } from '../i18n/locales';
import { tourFlags } from '../shell/first-time-login';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  /** Called by the sign-in page once Amplify reports DONE and the user is allowed in. */
  signedIn(user: SessionUser): void;
  /** Records LOGOUT, ends the session on the server, signs out everywhere, clears local storage. The caller navigates. */
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

export const AuthContextProvider = AuthContext.Provider;

/** The user of the current Amplify session, or null. Never throws. */
export async function readSessionUser(): Promise<SessionUser | null> {
  try {
    await getCurrentUser();
    const { tokens } = await fetchAuthSession();
    if (!tokens?.idToken) return null;
    return sessionUserFromClaims(tokens.idToken.payload);
  } catch {
    return null;
  }
}

/**
 * Clears local storage as sign-out must (spec part 1 §4), keeping only the visitor's language and
 * the welcome tour's per-user flags (opaque ids: the tour shows on a first sign-in only).
 */
function clearLocalStorage(): void {
  const language = storedLocale();
  const flags = tourFlags();
  localStorage.clear();
  if (language) storeLocale(language);
  for (const [name, value] of flags) localStorage.setItem(name, value);
}

/** Drops the local session (tokens and the spec's stored values) without any network call to fail on. */
export async function clearLocalSession(): Promise<void> {
  try {
    await signOut();
  } catch {
    // Nothing to sign out of.
  }
  clearLocalStorage();
}

/** Whether the user has an MFA method (authenticator app or SMS) enabled; false when it can't be read. */
async function hasMfa(): Promise<boolean> {
  try {
    const preference = await fetchMFAPreference();
    return (preference.enabled ?? []).some((method) => method === 'TOTP' || method === 'SMS');
  } catch {
    return false;
  }
}

/**
 * Spec part 1 §4 "session check at startup": no flag → clear; failed check → logged out; no MFA
 * method enabled → cleared (MFA is required to stay logged in).
 */
async function checkSession(): Promise<SessionUser | null> {
  if (!hasLoggedInFlag()) {
    if (await readSessionUser()) await clearLocalSession();
    return null;
  }
  const user = await readSessionUser();
  if (!user || !isAllowedUser(user) || !(await hasMfa())) {
    await clearLocalSession();
    return null;
  }
  return user;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  ensureAmplifyConfigured();
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [user, setUser] = useState<SessionUser | null>(null);

  useEffect(() => {
    let live = true;
    void checkSession().then((found) => {
      if (!live) return;
      setUser(found);
      setStatus(found ? 'signedIn' : 'signedOut');
    });
    return () => {
      live = false;
    };
  }, []);

  const signedIn = useCallback((next: SessionUser) => {
    setUser(next);
    setStatus('signedIn');
  }, []);

  const logout = useCallback(async () => {
    await logUserAuthEvent('LOGOUT');
    // Before Cognito's sign-out: the API refuses this sign-in's tokens from here on (issue 11 §2).
    await endServerSession();
    try {
      await signOut({ global: true });
    } catch {
      await clearLocalSession();
    }
    clearLocalStorage();
    setUser(null);
    setStatus('signedOut');
  }, []);

  const value = useMemo(() => ({ status, user, signedIn, logout }), [status, user, signedIn, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
