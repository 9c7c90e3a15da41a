/**
 * Who is signed in to the client portal: a Cognito user of the shared pool in the Clients group
 * (client-contract.md, ARCHITECTURE §9). A clinician's session in the same browser is not a client
 * session: the portal treats it as signed out and never signs it out on its own.
 */
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { ensureAmplifyConfigured } from '../platform/amplify';
import { CLIENTS_GROUP } from '../../../domain/identity';
import { PORTAL_PATHS } from './paths';

/** Signed out with `notice`: a catalog key saying why (signed out, inactivity), shown by the sign-in page. */
export type PortalSession = { status: 'loading' } | { status: 'signedOut'; notice?: string } | { status: 'signedIn'; email: string };

interface SessionContextValue {
  session: PortalSession;
  /** Reads the session again (after a sign-in). Resolves what it found. */
  refresh(): Promise<PortalSession>;
  /** Ends the session; the sign-in page then shows `notice` (a catalog key). */
  signOut(notice?: string): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** The groups in a token payload ('cognito:groups'). */
export function tokenGroups(payload: Record<string, unknown> | undefined): string[] {
  const groups = payload?.['cognito:groups'];
  return Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [];
}

export const isClientAccount = (groups: readonly string[]) => groups.includes(CLIENTS_GROUP);

/** The current client session, or signed out (no tokens, or tokens of a non-client account). */
export async function readPortalSession(): Promise<PortalSession> {
  try {
    const payload = (await fetchAuthSession()).tokens?.idToken?.payload as Record<string, unknown> | undefined;
    if (!payload || !isClientAccount(tokenGroups(payload))) return { status: 'signedOut' };
    return { status: 'signedIn', email: typeof payload.email === 'string' ? payload.email : '' };
  } catch {
    return { status: 'signedOut' };
  }
}

/** Ends the session everywhere (Cognito global sign-out); locally at least, if that fails. */
export async function endSession(): Promise<void> {
  try {
    await signOut({ global: true });
  } catch {
    try {
      await signOut();
    } catch {
      // Nothing to sign out of.
    }
  }
}

export function PortalSessionProvider({ children }: { children: ReactNode }) {
  ensureAmplifyConfigured();
  const [session, setSession] = useState<PortalSession>({ status: 'loading' });
  const refresh = useCallback(async () => {
    const found = await readPortalSession();
    setSession(found);
    return found;
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const end = useCallback(async (notice?: string) => {
    await endSession();
    setSession({ status: 'signedOut', notice });
  }, []);
  const value = useMemo(() => ({ session, refresh, signOut: end }), [session, refresh, end]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function usePortalSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('usePortalSession outside PortalSessionProvider');
  return value;
}

/** A signed-in page: signed-out visitors go to the portal's sign-in, which brings them back. */
export function RequireClient({ children }: { children: ReactNode }) {
  const { session } = usePortalSession();
  const location = useLocation();
  if (session.status === 'loading') return null;
  // Sent away by a sign-out (with its notice) or because nobody is signed in (then back here after signing in).
  if (session.status === 'signedOut') return <Navigate to={PORTAL_PATHS.signIn} replace state={session.notice ? {} : { from: location.pathname }} />;
  return <>{children}</>;
}
