/**
 * The shell's own calls at mount: the practice's app list (schema.graphql getAppsUsed) for the
 * Apps menu, and the profile photo's short-lived URL (getProfilePhotoUrl) for the avatar.
 */
import { api } from '../auth/api';
import type { AppList } from './navigation';

const APPS_USED = /* GraphQL */ `
  query AppsUsed {
    getAppsUsed { apps { ACT DBT IFS CBT COACH MI } }
  }
`;

const PROFILE_PHOTO_URL = /* GraphQL */ `
  query ProfilePhotoUrl {
    getProfilePhotoUrl { url expiresAt }
  }
`;

export async function fetchAppsUsed(): Promise<AppList> {
  const result = (await api().graphql({ query: APPS_USED })) as { data: { getAppsUsed: { apps: AppList } } };
  return result.data.getAppsUsed.apps;
}

/** A presigned GET of the photo; expiresAt in epoch seconds. */
export interface PhotoUrl {
  url: string;
  expiresAt: number;
}

/** The photo's presigned URL, or null when the user has none. */
export async function fetchProfilePhotoUrl(): Promise<PhotoUrl | null> {
  const result = (await api().graphql({ query: PROFILE_PHOTO_URL })) as { data: { getProfilePhotoUrl: PhotoUrl | null } };
  return result.data.getProfilePhotoUrl ?? null;
}
