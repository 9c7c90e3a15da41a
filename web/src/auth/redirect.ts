/**
 * Where to go after sign-in. The origin of a blocked visit is kept in router state and, to survive
 * a reload of /signin, in sessionStorage. Only same-site paths are accepted (no open redirect).
 */
import { HOME_PATH } from '../shell/paths';

export const REDIRECT_STORAGE_KEY = 'portal.redirectAfterSignIn';

export interface FromState {
  from?: string;
}

/** A path on this site (not //host, not a URL, not the sign-in page), or null. */
export function safeRedirectTarget(candidate: unknown): string | null {
  if (typeof candidate !== 'string') return null;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return null;
  if (/[\u0000-\u001f]/.test(candidate)) return null;
  const path = candidate.split(/[?#]/)[0];
  if (path === '/signin' || path.startsWith('/signin/')) return null;
  return candidate;
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function rememberOrigin(path: string, storage: StorageLike = sessionStorage): void {
  const target = safeRedirectTarget(path);
  if (target) storage.setItem(REDIRECT_STORAGE_KEY, target);
}

/** The target after sign-in: router state first, then the stored origin, then /app/clients. No side effects. */
export function redirectTarget(state: unknown, storage: Pick<StorageLike, 'getItem'> = sessionStorage): string {
  const fromState = state && typeof state === 'object' ? safeRedirectTarget((state as FromState).from) : null;
  return fromState ?? safeRedirectTarget(storage.getItem(REDIRECT_STORAGE_KEY)) ?? HOME_PATH;
}

/** Called once the user has been sent on. */
export function forgetOrigin(storage: Pick<StorageLike, 'removeItem'> = sessionStorage): void {
  storage.removeItem(REDIRECT_STORAGE_KEY);
}
