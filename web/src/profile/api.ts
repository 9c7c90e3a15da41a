/** The signed-in clinician's profile and photo (schema.graphql Therapist, PresignedUrl, Photo). */
import { call } from '../settings/graphql';

export interface Therapist {
  id: string;
  photo: { s3path: string } | null;
  person: Record<string, string | null>;
  address: Record<string, string | null>;
  provider: Record<string, string | null> | null;
  version: number;
  updatedAt: string | null;
}

export interface PresignedUrl {
  key: string;
  url: string;
  expiresAt: number;
}

const FIELDS = `id photo { s3path } person { first middle last gender dob phone } address { line1 line2 city state zip }
  provider { type firstName lastName phone taxId street city state zip taxonomyCode npi practiceName practiceDetailName } version updatedAt`;

export function getTherapist(): Promise<Therapist> {
  return call(`query GetTherapist { getTherapist { ${FIELDS} } }`, {}, (d) => d.getTherapist as Therapist);
}

export function editTherapist(version: number, input: Record<string, unknown>): Promise<Therapist> {
  return call(`mutation EditTherapist($version: Int!, $input: TherapistInput!) { editTherapist(version: $version, input: $input) { ${FIELDS} } }`, { version, input }, (d) => d.editTherapist as Therapist);
}

export function getProfilePhotoUploadUrl(contentType: string, size: number): Promise<PresignedUrl> {
  return call(
    `mutation GetProfilePhotoUploadUrl($contentType: String!, $size: Int!) { getProfilePhotoUploadUrl(contentType: $contentType, size: $size) { key url expiresAt } }`,
    { contentType, size },
    (d) => d.getProfilePhotoUploadUrl as PresignedUrl,
  );
}

export function confirmProfilePhoto(key: string): Promise<{ s3path: string }> {
  return call(`mutation ConfirmProfilePhoto($key: String!) { confirmProfilePhoto(key: $key) { s3path } }`, { key }, (d) => d.confirmProfilePhoto as { s3path: string });
}

export function getProfilePhotoUrl(): Promise<PresignedUrl | null> {
  return call(`query GetProfilePhotoUrl { getProfilePhotoUrl { key url expiresAt } }`, {}, (d) => (d.getProfilePhotoUrl as PresignedUrl | null) ?? null);
}

/** PUT the file to the presigned URL (the bucket, not the API). */
export async function putToPresignedUrl(url: string, file: Blob): Promise<void> {
  const response = await fetch(url, { method: 'PUT', body: file, headers: { 'Content-Type': 'image/jpeg' } });
  if (!response.ok) throw new Error(`Upload failed (${response.status})`);
}
