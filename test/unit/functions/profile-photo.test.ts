// The profile-photo Lambda's rules with an in-memory object store: spec §5 messages on the declared
// type and size; uploads go to a quarantine key bound to image/jpeg, and confirm decodes the whole
// file and stores only a re-encoded JPEG (issue 11 §7): JPEG magic bytes followed by HTML are
// refused, and what is kept is served as image/jpeg, inline; keys are the caller's own.
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decode, encode } from 'jpeg-js';
import { confirm, isOwnPhotoKey, isOwnUploadKey, readUrl, uploadUrl, PHOTO_HEADERS, type PhotoRequest } from '../../../functions/profile-photo/index.ts';
import { exifOrientation, reencodeJpeg } from '../../../functions/profile-photo/jpeg.ts';
import type { ContentHeaders, ObjectStore } from '../../../functions/shared/object-store.ts';

Object.assign(process.env, { PRACTICE_TABLE: 'portal-test-Practice', AWS_REGION: 'us-east-1' });
const ddb = mockClient(DynamoDBDocumentClient);

interface Stored {
  bytes: Uint8Array;
  headers?: ContentHeaders;
}
function memoryStore(objects = new Map<string, Stored>()) {
  const calls: { put: Array<{ key: string; contentType?: string }>; get: Array<{ key: string; response?: ContentHeaders }> } = { put: [], get: [] };
  const store: ObjectStore = {
    presignPut: async (key, _s, contentType) => (calls.put.push({ key, contentType }), `https://bucket.example/${key}?put`),
    presignGet: async (key, _s, response) => (calls.get.push({ key, response }), `https://bucket.example/${key}?get`),
    read: async (key, max) => objects.get(key)?.bytes.slice(0, max + 1) ?? null,
    write: async (key, bytes, headers) => void objects.set(key, { bytes, headers }),
    remove: async (key) => void objects.delete(key),
  };
  return Object.assign(store, { objects, calls });
}
const caller = { sub: 'u1', practiceId: 'p1' };
const req = (field: PhotoRequest['field'], args: PhotoRequest['args']): PhotoRequest => ({ field, caller, args });
const UPLOAD = 'uploads/u1/0f8fad5b-d9cb-469f-a165-70867728950e.jpg';
const FINAL = 'images/all/u1/0f8fad5b-d9cb-469f-a165-70867728950e.jpg';
const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A real JPEG: a small gradient, optionally with an EXIF block and comments. */
function realJpeg(options: { exifBuffer?: Buffer; comments?: string[] } = {}): Buffer {
  const width = 40;
  const height = 30;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([(i * 3) & 255, (i * 7) & 255, 90, 255], i * 4);
  return encode({ width, height, data, ...options } as Parameters<typeof encode>[0], 85).data;
}

/** "Exif\0\0" + little-endian TIFF: Orientation 6 and an ImageDescription that stands for location data. */
function exifWithOrientation(orientation: number, description: string): Buffer {
  const text = Buffer.from(`${description}\0`, 'latin1');
  const tiff = Buffer.alloc(8 + 2 + 2 * 12 + 4);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(2, 8);
  tiff.writeUInt16LE(0x010e, 10); // ImageDescription, ASCII, at the end
  tiff.writeUInt16LE(2, 12);
  tiff.writeUInt32LE(text.length, 14);
  tiff.writeUInt32LE(tiff.length, 18);
  tiff.writeUInt16LE(0x0112, 22); // Orientation, SHORT
  tiff.writeUInt16LE(3, 24);
  tiff.writeUInt32LE(1, 26);
  tiff.writeUInt16LE(orientation, 30);
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, text]);
}

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
});

describe('profile-photo', () => {
  it('hands out a PUT URL only for JPG under 2 MB, with the spec messages, for a quarantine key bound to image/jpeg', async () => {
    const store = memoryStore();
    const ok = await uploadUrl(req('getProfilePhotoUploadUrl', { contentType: 'image/jpeg', size: 2 * 1024 * 1024 - 1 }), store);
    expect(isOwnUploadKey(ok.key, 'u1')).toBe(true);
    expect(isOwnPhotoKey(ok.key, 'u1')).toBe(false);
    expect(store.calls.put).toEqual([{ key: ok.key, contentType: 'image/jpeg' }]);
    await expect(uploadUrl(req('getProfilePhotoUploadUrl', { contentType: 'image/png', size: 10 }), store)).rejects.toThrow('You can only upload JPG file!');
    await expect(uploadUrl(req('getProfilePhotoUploadUrl', { contentType: 'text/html', size: 10 }), store)).rejects.toThrow('You can only upload JPG file!');
    await expect(uploadUrl(req('getProfilePhotoUploadUrl', { contentType: 'image/jpeg', size: 2 * 1024 * 1024 }), store)).rejects.toThrow('Image must smaller than 2MB!');
    await expect(uploadUrl(req('getProfilePhotoUploadUrl', { contentType: 'image/jpeg', size: 0 }), store)).rejects.toThrow('Image must smaller than 2MB!');
  });

  it('refuses JPEG magic bytes followed by HTML (the probe): deleted, nothing stored, the profile untouched', async () => {
    for (const bytes of [
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(HTML)]),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from(HTML)]),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(1000, 7)]),
      realJpeg().subarray(0, 300), // truncated: does not decode whole
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    ]) {
      const store = memoryStore(new Map([[UPLOAD, { bytes, headers: { contentType: 'text/html' } }]]));
      await expect(confirm(req('confirmProfilePhoto', { key: UPLOAD }), store)).rejects.toMatchObject({ message: 'You can only upload JPG file!', errorType: 'ValidationError' });
      expect([...store.objects.keys()]).toEqual([]);
    }
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('refuses 2 MB and more, and deletes the upload', async () => {
    const store = memoryStore(new Map([[UPLOAD, { bytes: new Uint8Array(2 * 1024 * 1024).fill(0xff) }]]));
    await expect(confirm(req('confirmProfilePhoto', { key: UPLOAD }), store)).rejects.toThrow('Image must smaller than 2MB!');
    expect(store.objects.size).toBe(0);
  });

  it('keeps only a re-encoded JPEG: served as image/jpeg inline; trailing HTML, comments and EXIF other than the orientation are gone', async () => {
    const original = realJpeg({ exifBuffer: exifWithOrientation(6, 'home at 51.5074N 0.1278W'), comments: ['<script>alert(1)</script>'] });
    expect(Buffer.from(original).toString('latin1')).toContain('51.5074N');
    const polyglot = Buffer.concat([original, Buffer.from(HTML)]);
    const store = memoryStore(new Map([[UPLOAD, { bytes: polyglot, headers: { contentType: 'text/html' } }]]));
    expect(await confirm(req('confirmProfilePhoto', { key: UPLOAD }), store)).toEqual({ s3path: FINAL });
    expect(store.objects.has(UPLOAD)).toBe(false);
    const kept = store.objects.get(FINAL)!;
    expect(kept.headers).toEqual({ contentType: 'image/jpeg', contentDisposition: 'inline; filename="profile-photo.jpg"' });
    const text = Buffer.from(kept.bytes).toString('latin1');
    for (const gone of ['<html', '<script', '51.5074N']) expect(text).not.toContain(gone);
    const image = decode(kept.bytes, { useTArray: true, tolerantDecoding: false }) as ReturnType<typeof decode> & { exifBuffer?: Uint8Array };
    expect([image.width, image.height]).toEqual([40, 30]);
    expect(exifOrientation(image.exifBuffer)).toBe(6);
    expect(ddb.commandCalls(UpdateCommand)[0].args[0].input.ExpressionAttributeValues).toMatchObject({ ':photo': { s3path: FINAL } });

    ddb.on(GetCommand).resolves({ Item: { photo: { s3path: FINAL } } });
    const read = await readUrl(req('getProfilePhotoUrl', {}), store);
    expect(read?.key).toBe(FINAL);
    expect(store.calls.get).toEqual([{ key: FINAL, response: PHOTO_HEADERS }]);
  });

  it('refuses an image too large to decode in pixels with the size message', () => {
    // A 9000 x 5000 frame header (45 MP) is refused before any pixel is decoded.
    const big = Buffer.from(realJpeg());
    const sof = big.indexOf(Buffer.from([0xff, 0xc0]));
    big.writeUInt16BE(5000, sof + 5);
    big.writeUInt16BE(9000, sof + 7);
    expect(() => reencodeJpeg(big)).toThrow(expect.objectContaining({ reason: 'tooLarge' }));
  });

  it('accepts only the caller’s own keys', async () => {
    expect(isOwnPhotoKey('images/all/u2/0f8fad5b-d9cb-469f-a165-70867728950e.jpg', 'u1')).toBe(false);
    expect(isOwnPhotoKey('images/all/u1/../u2/0f8fad5b-d9cb-469f-a165-70867728950e.jpg', 'u1')).toBe(false);
    expect(isOwnUploadKey('uploads/u2/0f8fad5b-d9cb-469f-a165-70867728950e.jpg', 'u1')).toBe(false);
    // A final key is not an upload: it cannot be confirmed again (nor replaced by what the browser sent).
    const store = memoryStore(new Map([[FINAL, { bytes: realJpeg() }]]));
    await expect(confirm(req('confirmProfilePhoto', { key: FINAL }), store)).rejects.toMatchObject({ errorType: 'NotFound' });
    expect(store.objects.has(FINAL)).toBe(true);
  });
});
