/**
 * profile-photo: AppSync Lambda data source for the therapist's profile photo (spec §5: JPG only,
 * under 2 MB — enforced here, not only in the browser).
 *   - getProfilePhotoUploadUrl(contentType, size): refuses anything but image/jpeg ('You can only
 *     upload JPG file!') and sizes of 2 MB or more ('Image must smaller than 2MB!'); returns a
 *     presigned PUT for a fresh key images/all/<sub>/<uuid>.jpg (5 minutes).
 *   - confirmProfilePhoto(key): after the upload, reads the object; too large or not a JPEG (magic
 *     bytes FF D8 FF) → deleted and the same messages; else it becomes the profile's photo (the
 *     previous one is deleted).
 *   - getProfilePhotoUrl: presigned GET of the caller's photo (5 minutes), or null.
 * Payload: {field, caller: {sub, practiceId}, args}. Logs carry error names only.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PHOTO_RULES, therapistKey } from '../../domain/profile.ts';
import { dynamo, table } from '../shared/aws.ts';
import { s3ObjectStore, type ObjectStore } from '../shared/object-store.ts';

export interface PhotoRequest {
  field: 'getProfilePhotoUploadUrl' | 'confirmProfilePhoto' | 'getProfilePhotoUrl';
  caller: { sub: string; practiceId: string };
  args: { contentType?: string; size?: number; key?: string };
}

export const URL_SECONDS = 300;

function appsyncError(message: string, errorType: string): Error {
  return Object.assign(new Error(message), { name: errorType, errorType });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The caller's own photo keys: images/all/<sub>/<uuid>.jpg. */
export function isOwnPhotoKey(key: unknown, sub: string): key is string {
  if (typeof key !== 'string') return false;
  const prefix = `${PHOTO_RULES.prefix}${sub}/`;
  return key.startsWith(prefix) && key.endsWith('.jpg') && UUID.test(key.slice(prefix.length, -'.jpg'.length));
}

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

const expiresAt = () => Math.floor(Date.now() / 1000) + URL_SECONDS;

export async function uploadUrl(request: PhotoRequest, store: ObjectStore) {
  const { contentType, size } = request.args;
  if (contentType !== PHOTO_RULES.contentType) throw appsyncError(PHOTO_RULES.wrongType, 'ValidationError');
  if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0 || size >= PHOTO_RULES.maxBytes) throw appsyncError(PHOTO_RULES.tooLarge, 'ValidationError');
  const key = `${PHOTO_RULES.prefix}${request.caller.sub}/${randomUUID()}.jpg`;
  return { key, url: await store.presignPut(key, URL_SECONDS), expiresAt: expiresAt() };
}

async function currentPhoto(caller: PhotoRequest['caller']): Promise<string | null> {
  const out = await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: therapistKey(caller.practiceId, caller.sub), ConsistentRead: true }));
  const path = (out.Item?.photo as { s3path?: string } | undefined)?.s3path;
  return path ?? null;
}

export async function confirm(request: PhotoRequest, store: ObjectStore) {
  const { caller, args } = request;
  if (!isOwnPhotoKey(args.key, caller.sub)) throw appsyncError('Photo not found', 'NotFound');
  const key = args.key;
  const bytes = await store.read(key, PHOTO_RULES.maxBytes);
  if (bytes === null) throw appsyncError('Photo not found', 'NotFound');
  if (bytes.length >= PHOTO_RULES.maxBytes) {
    await store.remove(key);
    throw appsyncError(PHOTO_RULES.tooLarge, 'ValidationError');
  }
  if (!isJpeg(bytes)) {
    await store.remove(key);
    throw appsyncError(PHOTO_RULES.wrongType, 'ValidationError');
  }
  const previous = await currentPhoto(caller);
  await dynamo().send(
    new UpdateCommand({
      TableName: table('PRACTICE_TABLE'),
      Key: therapistKey(caller.practiceId, caller.sub),
      UpdateExpression: 'SET photo = :photo, entityType = :entity',
      ExpressionAttributeValues: { ':photo': { s3path: key }, ':entity': 'Therapist' },
    }),
  );
  if (previous && previous !== key && isOwnPhotoKey(previous, caller.sub)) await store.remove(previous).catch(() => undefined);
  return { s3path: key };
}

export async function readUrl(request: PhotoRequest, store: ObjectStore) {
  const path = await currentPhoto(request.caller);
  if (!path) return null;
  return { key: path, url: await store.presignGet(path, URL_SECONDS), expiresAt: expiresAt() };
}

let defaultStore: ObjectStore | undefined;

export async function handler(event: PhotoRequest, _context?: unknown, store: ObjectStore = (defaultStore ??= s3ObjectStore())) {
  if (!event?.caller?.sub || !event.caller.practiceId) throw appsyncError('Not Authorized', 'Unauthorized');
  try {
    switch (event.field) {
      case 'getProfilePhotoUploadUrl':
        return await uploadUrl(event, store);
      case 'confirmProfilePhoto':
        return await confirm(event, store);
      case 'getProfilePhotoUrl':
        return await readUrl(event, store);
      default:
        throw appsyncError('Unknown field', 'BadRequest');
    }
  } catch (err) {
    if (!(err as { errorType?: string }).errorType) console.error('profile-photo failed', (err as Error)?.name ?? 'Error');
    throw err;
  }
}
