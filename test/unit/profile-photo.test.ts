// The profile-photo Lambda's rules with an in-memory object store: spec §5 messages on the declared
// type and size, and on the stored bytes (wrong objects deleted); keys are the caller's own.
import { describe, expect, it } from 'vitest';
import { isJpeg, isOwnPhotoKey, uploadUrl, confirm, type PhotoRequest } from '../../functions/profile-photo/index.ts';
import type { ObjectStore } from '../../functions/shared/object-store.ts';

function memoryStore(objects = new Map<string, Uint8Array>()): ObjectStore & { objects: Map<string, Uint8Array> } {
  return {
    objects,
    presignPut: async (key) => `https://bucket.example/${key}?put`,
    presignGet: async (key) => `https://bucket.example/${key}?get`,
    read: async (key, max) => objects.get(key)?.slice(0, max + 1) ?? null,
    remove: async (key) => void objects.delete(key),
  };
}
const caller = { sub: 'u1', practiceId: 'p1' };
const req = (field: PhotoRequest['field'], args: PhotoRequest['args']): PhotoRequest => ({ field, caller, args });

describe('profile-photo', () => {
  it('hands out a PUT URL only for JPG under 2 MB, with the spec messages', async () => {
    const store = memoryStore();
    const ok = await uploadUrl(req('getProfilePhotoUploadUrl', { contentType: 'image/jpeg', size: 2 * 1024 * 1024 - 1 }), store);
    expect(isOwnPhotoKey(ok.key, 'u1')).toBe(true);
    await expect(uploadUrl(req('getProfilePhotoUploadUrl', { contentType: 'image/png', size: 10 }), store)).rejects.toThrow('You can only upload JPG file!');
    await expect(uploadUrl(req('getProfilePhotoUploadUrl', { contentType: 'image/jpeg', size: 2 * 1024 * 1024 }), store)).rejects.toThrow('Image must smaller than 2MB!');
    await expect(uploadUrl(req('getProfilePhotoUploadUrl', { contentType: 'image/jpeg', size: 0 }), store)).rejects.toThrow('Image must smaller than 2MB!');
  });

  it('checks the stored bytes and deletes what is wrong', async () => {
    const key = 'images/all/u1/0f8fad5b-d9cb-469f-a165-70867728950e.jpg';
    const store = memoryStore(new Map([[key, new Uint8Array([0x89, 0x50, 0x4e, 0x47])]]));
    await expect(confirm(req('confirmProfilePhoto', { key }), store)).rejects.toThrow('You can only upload JPG file!');
    expect(store.objects.has(key)).toBe(false);
    store.objects.set(key, new Uint8Array(2 * 1024 * 1024).fill(0xff));
    await expect(confirm(req('confirmProfilePhoto', { key }), store)).rejects.toThrow('Image must smaller than 2MB!');
    expect(store.objects.has(key)).toBe(false);
  });

  it('accepts only the caller’s own keys', () => {
    expect(isOwnPhotoKey('images/all/u2/0f8fad5b-d9cb-469f-a165-70867728950e.jpg', 'u1')).toBe(false);
    expect(isOwnPhotoKey('images/all/u1/../u2/0f8fad5b-d9cb-469f-a165-70867728950e.jpg', 'u1')).toBe(false);
    expect(isJpeg(new Uint8Array([0xff, 0xd8, 0xff]))).toBe(true);
    expect(isJpeg(new Uint8Array([0xff, 0xd8]))).toBe(false);
  });
});
