/**
 * The shell's own calls at mount: the practice's app list (schema.graphql getAppsUsed) for the
 * Apps menu, and the profile photo's short-lived URL (getProfilePhotoUrl) for the avatar.
 */
import { api } from '../auth/api';
import type { AppList } from './navigation';
import type { TypedDocument } from '../platform/typed-document';
import type { AppsUsedQuery, AppsUsedQueryVariables, ProfilePhotoUrlQuery, ProfilePhotoUrlQueryVariables } from '../platform/operations.generated';

const APPS_USED = (/* GraphQL */ `
  query AppsUsed {
    getAppsUsed { apps { ACT DBT IFS CBT COACH MI } }
  }
`) as TypedDocument<AppsUsedQuery, AppsUsedQueryVariables>;

const PROFILE_PHOTO_URL = (/* GraphQL */ `
  query ProfilePhotoUrl {
    getProfilePhotoUrl { url expiresAt }
  }
`) as TypedDocument<ProfilePhotoUrlQuery, ProfilePhotoUrlQueryVariables>;

export async function fetchAppsUsed(): Promise<AppList> {
  const result = (await api().graphql({ query: APPS_USED })) as { data: AppsUsedQuery };
  return result.data.getAppsUsed.apps;
}

/** A presigned GET of the photo; expiresAt in epoch seconds. */
export type PhotoUrl = NonNullable<ProfilePhotoUrlQuery['getProfilePhotoUrl']>;

/** The photo's presigned URL, or null when the user has none. */
export async function fetchProfilePhotoUrl(): Promise<PhotoUrl | null> {
  const result = (await api().graphql({ query: PROFILE_PHOTO_URL })) as { data: ProfilePhotoUrlQuery };
  return result.data.getProfilePhotoUrl ?? null;
}
