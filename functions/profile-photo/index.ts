/**
 * profile-photo: AppSync Lambda data source for the therapist's profile photo (spec §5: JPG only,
 * under 2 MB — enforced here, not only in the browser).
 *   - getProfilePhotoUploadUrl(contentType, size): refuses anything but image/jpeg ('You can only
 *     upload JPG file!') and sizes of 2 MB or more ('Image must smaller than 2MB!'); returns a
 *     presigned PUT (5 minutes) for a fresh quarantine key uploads/<sub>/<uuid>.jpg, bound to
 *     Content-Type image/jpeg (a signed header: a PUT declaring anything else is refused).
 *   - confirmProfilePhoto(key): reads the quarantined upload and always deletes it; too large, or not
 *     a JPEG that decodes whole (functions/profile-photo/jpeg.ts) → the same messages; else the
 *     re-encoded image is written to images/all/<sub>/<uuid>.jpg as image/jpeg with
 *     Content-Disposition inline and becomes the profile's photo (the previous one is deleted).
 *     Nothing the browser sent is ever served: only what our encoder wrote (issue 11 §7).
 *   - getProfilePhotoUrl: presigned GET of the caller's photo (5 minutes) that answers image/jpeg,
 *     inline, whatever the object was stored with, or null.
 * Payload: {field, caller: {sub, practiceId}, args}. Logs carry error names only.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PHOTO_RULES, therapistKey } from '../../domain/profile.ts';
import { dynamo, table } from '../shared/aws.ts';
import { s3ObjectStore, type ContentHeaders, type ObjectStore } from '../shared/object-store.ts';
import { PhotoRejected, reencodeJpeg } from './jpeg.ts';
import { appsyncHandler, Refusal } from '../shared/refusal.ts';

export interface PhotoRequest {
  field: 'getProfilePhotoUploadUrl' | 'confirmProfilePhoto' | 'getProfilePhotoUrl';
  caller: { sub: string; practiceId: string };
  args: { contentType?: string; size?: number; key?: string };
}

export const URL_SECONDS = 300;
/** Uploads wait here until confirmProfilePhoto has checked them; never handed out for reading. */
export const UPLOAD_PREFIX = 'uploads/';
/** How a profile photo is stored and served. */
export const PHOTO_HEADERS: ContentHeaders = { contentType: PHOTO_RULES.contentType, contentDisposition: 'inline; filename="profile-photo.jpg"' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function isOwnKey(key: unknown, root: string, sub: string): key is string {
  if (typeof key !== 'string') return false;
  const prefix = `${root}${sub}/`;
  return key.startsWith(prefix) && key.endsWith('.jpg') && UUID.test(key.slice(prefix.length, -'.jpg'.length));
}

/** The caller's own photo keys: images/all/<sub>/<uuid>.jpg. */
export const isOwnPhotoKey = (key: unknown, sub: string): key is string => isOwnKey(key, PHOTO_RULES.prefix, sub);
/** The caller's own quarantined uploads: uploads/<sub>/<uuid>.jpg. */
export const isOwnUploadKey = (key: unknown, sub: string): key is string => isOwnKey(key, UPLOAD_PREFIX, sub);

const expiresAt = () => Math.floor(Date.now() / 1000) + URL_SECONDS;

export async function uploadUrl(request: PhotoRequest, store: ObjectStore) {
  const { contentType, size } = request.args;
  if (contentType !== PHOTO_RULES.contentType) throw new Refusal(PHOTO_RULES.wrongType, 'ValidationError');
  if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0 || size >= PHOTO_RULES.maxBytes) throw new Refusal(PHOTO_RULES.tooLarge, 'ValidationError');
  const key = `${UPLOAD_PREFIX}${request.caller.sub}/${randomUUID()}.jpg`;
  return { key, url: await store.presignPut(key, URL_SECONDS, PHOTO_RULES.contentType), expiresAt: expiresAt() };
}

async function currentPhoto(caller: PhotoRequest['caller']): Promise<string | null> {
  const out = await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: therapistKey(caller.practiceId, caller.sub), ConsistentRead: true }));
  const path = (out.Item?.photo as { s3path?: string } | undefined)?.s3path;
  return path ?? null;
}

export async function confirm(request: PhotoRequest, store: ObjectStore) {
  const { caller, args } = request;
  if (!isOwnUploadKey(args.key, caller.sub)) throw new Refusal('Photo not found', 'NotFound');
  const upload = args.key;
  const bytes = await store.read(upload, PHOTO_RULES.maxBytes);
  if (bytes === null) throw new Refusal('Photo not found', 'NotFound');
  // The upload is consumed whatever the outcome: only the re-encoded image is kept.
  await store.remove(upload);
  if (bytes.length >= PHOTO_RULES.maxBytes) throw new Refusal(PHOTO_RULES.tooLarge, 'ValidationError');
  let image: Uint8Array;
  try {
    image = reencodeJpeg(bytes);
  } catch (err) {
    if (!(err instanceof PhotoRejected)) throw err;
    throw new Refusal(err.reason === 'tooLarge' ? PHOTO_RULES.tooLarge : PHOTO_RULES.wrongType, 'ValidationError');
  }
  const key = PHOTO_RULES.prefix + upload.slice(UPLOAD_PREFIX.length);
  await store.write(key, image, PHOTO_HEADERS);
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
  return { key: path, url: await store.presignGet(path, URL_SECONDS, PHOTO_HEADERS), expiresAt: expiresAt() };
}

let defaultStore: ObjectStore | undefined;

async function run(event: PhotoRequest, _context?: unknown, store: ObjectStore = (defaultStore ??= s3ObjectStore())) {
  if (!event?.caller?.sub || !event.caller.practiceId) throw new Refusal('Not Authorized', 'Unauthorized');
  try {
    switch (event.field) {
      case 'getProfilePhotoUploadUrl':
        return await uploadUrl(event, store);
      case 'confirmProfilePhoto':
        return await confirm(event, store);
      case 'getProfilePhotoUrl':
        return await readUrl(event, store);
      default:
        throw new Refusal('Unknown field', 'BadRequest');
    }
  } catch (err) {
    if (!(err as { errorType?: string }).errorType) console.error('profile-photo failed', (err as Error)?.name ?? 'Error');
    throw err;
  }
}

/** Refusals come back as data, anything else as the logged generic error (functions/shared/refusal.ts). */
export const handler = appsyncHandler('profile-photo', run);
