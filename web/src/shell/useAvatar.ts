import { fetchAuthSession } from 'aws-amplify/auth';
import { useEffect, useRef, useState } from 'react';
import { routeAccess, type Viewer } from '../../../domain/route-access';
import { fetchProfilePhotoUrl, type PhotoUrl } from './shell-api';

export interface Avatar {
  /** The profile photo's short-lived URL, or null (no photo, not loaded yet, or unreadable). */
  photoUrl: string | null;
  /** Shown instead of a photo: the first letters of the given and family names (or the e-mail). */
  initials: string;
}

export const PROFILE_PATH = '/app/profile';
/** Ask again this long before the photo's URL expires (it lives 5 minutes). */
const RENEW_BEFORE_MS = 60_000;

export function initialsOf(given: string | undefined, family: string | undefined, email: string | undefined): string {
  const letter = (text: string | undefined) => (text ?? '').trim().charAt(0).toUpperCase();
  const fromName = letter(given) + letter(family);
  return fromName || letter(email) || '?';
}

/** Given and family name from the ID token (Cognito's standard claims). */
async function readNameClaims(): Promise<{ given?: string; family?: string }> {
  const { tokens } = await fetchAuthSession();
  const claims = tokens?.idToken?.payload ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { given: text(claims.given_name), family: text(claims.family_name) };
}

export interface AvatarSources {
  loadPhoto: () => Promise<PhotoUrl | null>;
  loadName: () => Promise<{ given?: string; family?: string }>;
  now: () => number;
}

const DEFAULT_SOURCES: AvatarSources = { loadPhoto: fetchProfilePhotoUrl, loadName: readNameClaims, now: Date.now };

/**
 * The avatar menu's picture (spec part 2 §2.3): the profile photo through a presigned URL, or the
 * user's initials. The photo is read at mount, again after the profile page (where it is
 * uploaded) and again on navigation once its URL is about to expire. A user without a Profile
 * (coordinators) gets initials only. A failed read falls back to initials, silently: the photo
 * is decoration.
 */
export function useAvatar(viewer: Viewer | null, email: string | undefined, pathname: string, sources: AvatarSources = DEFAULT_SOURCES): Avatar {
  const [name, setName] = useState<{ given?: string; family?: string }>({});
  const [photo, setPhoto] = useState<PhotoUrl | null>(null);
  const [request, setRequest] = useState(0);
  const previousPath = useRef(pathname);
  const hasProfile = viewer !== null && routeAccess(PROFILE_PATH, viewer) === 'allowed';

  useEffect(() => {
    let live = true;
    sources.loadName().then(
      (read) => live && setName(read),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [sources]);

  // Leaving the profile page (a new photo?) or an expiring URL: read it again.
  useEffect(() => {
    const left = previousPath.current === PROFILE_PATH && pathname !== PROFILE_PATH;
    previousPath.current = pathname;
    const expiring = photo !== null && photo.expiresAt * 1000 - sources.now() < RENEW_BEFORE_MS;
    if (left || expiring) setRequest((r) => r + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of route asks again (photo and now are read, not watched).
  }, [pathname]);

  useEffect(() => {
    if (!hasProfile) {
      setPhoto(null);
      return;
    }
    let live = true;
    sources.loadPhoto().then(
      (read) => live && setPhoto(read),
      () => live && setPhoto(null),
    );
    return () => {
      live = false;
    };
  }, [hasProfile, request, sources]);

  return { photoUrl: photo?.url ?? null, initials: initialsOf(name.given, name.family, email) };
}
