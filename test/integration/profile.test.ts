/**
 * The profile against the whole local runtime: getTherapist / editTherapist (required lists,
 * versioned) and the photo — JPG only and under 2 MB, enforced by the API on the declared type and
 * size, by the upload URL (bound to image/jpeg) and, after the upload, by decoding the whole file
 * (issue 11 §7): what is kept is a re-encoded JPEG served as image/jpeg, inline, nosniff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode, encode } from 'jpeg-js';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';

let runtime: Runtime;
const tokens: Record<string, string> = {};
async function call(who: string, query: string, variables: Record<string, unknown> = {}) {
  const { body } = await graphql(`${runtime.url}/graphql`, tokens[who], query, variables);
  return body;
}

const THERAPIST = `id version photo { s3path } person { first middle last gender dob phone } address { line1 line2 city state zip }
  provider { type firstName lastName phone taxId street city state zip taxonomyCode npi practiceName practiceDetailName }`;
const EDIT = `mutation ($version: Int!, $input: TherapistInput!) { editTherapist(version: $version, input: $input) { ${THERAPIST} } }`;
const UPLOAD = 'mutation ($t: String!, $s: Int!) { getProfilePhotoUploadUrl(contentType: $t, size: $s) { key url expiresAt } }';
const CONFIRM = 'mutation ($key: String!) { confirmProfilePhoto(key: $key) { s3path } }';
/** A real JPEG (a small gradient). */
const JPEG = (() => {
  const data = Buffer.alloc(48 * 32 * 4);
  for (let i = 0; i < 48 * 32; i++) data.set([i & 255, (i * 5) & 255, 120, 255], i * 4);
  return encode({ width: 48, height: 32, data }, 85).data;
})();
const HTML = '<html><body><script>alert(document.domain)</script></body></html>';
/** The probe: JPEG magic bytes followed by HTML. */
const PROBE = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(HTML)]);

const profile = {
  person: { first: 'Olivia', last: 'Owens', gender: 'female', dob: '04/05/1980', phone: '512-555-0199' },
  address: { line1: '1 Main St', city: 'Austin', state: 'tx', zip: '78701' },
};

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  for (const who of ['owner', 'biller', 'coordinator']) tokens[who] = (await signInSeeded(runtime.url, `${who}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken;
});
afterAll(async () => {
  await runtime?.stop();
});

async function upload(who: string, body: Buffer, type = 'image/jpeg', size = body.length) {
  const out = await call(who, UPLOAD, { t: type, s: size });
  if (out.errors) return { errors: out.errors };
  const put = await fetch(out.data.getProfilePhotoUploadUrl.url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': 'image/jpeg' } });
  expect(put.status).toBe(200);
  return { key: out.data.getProfilePhotoUploadUrl.key as string };
}

describe('profile', () => {
  it('reads the profile the sign-up started (name, phone), saves it with the required fields, refuses a stale version', async () => {
    const start = (await call('owner', `{ getTherapist { ${THERAPIST} } }`)).data.getTherapist;
    // The seed leaves the owner's Profile as sign-up does (issue 19): name and phone, version 1.
    expect(start).toMatchObject({ version: 1, photo: null, provider: null, person: { first: 'Olivia', last: 'Owens', phone: '+15035550142' } });
    const missing = await call('owner', EDIT, { version: 1, input: { person: { first: 'Olivia' }, provider: { type: 'individual' } } });
    expect(missing.errors?.[0].errorType).toBe('ValidationError');
    for (const f of ['person.last', 'person.gender', 'person.dob', 'person.phone', 'address.line1', 'address.city', 'address.state', 'address.zip', 'provider.taxId', 'provider.npi', 'provider.taxonomyCode', 'provider.practiceName']) {
      expect(missing.errors?.[0].message).toContain(f);
    }
    const saved = await call('owner', EDIT, { version: 1, input: profile });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.editTherapist).toMatchObject({ version: 2, person: { phone: '+15125550199', dob: '04/05/1980' }, address: { state: 'TX' } });
    expect((await call('owner', EDIT, { version: 1, input: profile })).errors?.[0].errorType).toBe('ConflictError');
    const provider = { type: 'individual', firstName: 'Olivia', lastName: 'Owens', phone: '5125550199', taxId: '12-3456789', street: '1 Main', city: 'Austin', state: 'TX', zip: '78701-1234', taxonomyCode: '101YM0800X', npi: '1500000009', practiceName: 'Calm Minds' };
    const withProvider = await call('owner', EDIT, { version: 2, input: { ...profile, provider } });
    expect(withProvider.errors).toBeUndefined();
    expect(withProvider.data.editTherapist.provider).toMatchObject({ taxId: '123456789', zip: '787011234' });
  });

  it('refuses a non-JPG type and a 2 MB size with the spec messages', async () => {
    expect((await call('owner', UPLOAD, { t: 'image/png', s: 1000 })).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'You can only upload JPG file!' });
    expect((await call('owner', UPLOAD, { t: 'image/jpeg', s: 2 * 1024 * 1024 })).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Image must smaller than 2MB!' });
  });

  it('uploads a JPEG, confirms it onto the profile and reads it back through a presigned GET as image/jpeg; the photo survives an edit', async () => {
    const { key } = await upload('owner', Buffer.concat([JPEG, Buffer.from(HTML)]));
    expect(key).toMatch(/^uploads\//);
    const confirmed = await call('owner', CONFIRM, { key });
    expect(confirmed.errors).toBeUndefined();
    const s3path = confirmed.data.confirmProfilePhoto.s3path as string;
    expect(s3path).toMatch(/^images\/all\//);
    const read = await call('owner', '{ getProfilePhotoUrl { key url } }');
    expect(read.data.getProfilePhotoUrl.key).toBe(s3path);
    const got = await fetch(read.data.getProfilePhotoUrl.url);
    expect(got.headers.get('content-type')).toBe('image/jpeg');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toBe('inline; filename="profile-photo.jpg"');
    // What is served is our re-encoding of the pixels: it decodes whole, and the appended HTML is gone.
    const bytes = Buffer.from(await got.arrayBuffer());
    expect(decode(bytes, { useTArray: true, tolerantDecoding: false })).toMatchObject({ width: 48, height: 32 });
    expect(bytes.toString('latin1')).not.toContain('<script');
    const now = (await call('owner', `{ getTherapist { ${THERAPIST} } }`)).data.getTherapist;
    const edited = await call('owner', EDIT, { version: now.version, input: profile });
    expect(edited.data.editTherapist.photo).toEqual({ s3path });
  });

  it('refuses the probe — JPEG magic bytes followed by HTML, sent as text/html — and never serves it as text/html', async () => {
    const out = await call('biller', UPLOAD, { t: 'image/jpeg', s: PROBE.length });
    const { key, url } = out.data.getProfilePhotoUploadUrl;
    // The upload URL is bound to image/jpeg: declaring text/html is refused and nothing is stored.
    expect((await fetch(url, { method: 'PUT', body: new Uint8Array(PROBE), headers: { 'content-type': 'text/html' } })).status).toBe(403);
    expect((await call('biller', CONFIRM, { key })).errors?.[0].errorType).toBe('NotFound');
    // Declared as image/jpeg, the bytes still do not decode as a JPEG: refused with the spec's message and deleted.
    expect((await fetch(url, { method: 'PUT', body: new Uint8Array(PROBE), headers: { 'content-type': 'image/jpeg' } })).status).toBe(200);
    expect((await call('biller', CONFIRM, { key })).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'You can only upload JPG file!' });
    expect((await call('biller', CONFIRM, { key })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('biller', '{ getProfilePhotoUrl { url } }')).data.getProfilePhotoUrl).toBeNull();
  });

  it('deletes an upload whose bytes are not a JPEG or are too large, whatever was declared', async () => {
    const fake = await upload('biller', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(fake.key).toMatch(/^uploads\//);
    expect((await call('biller', CONFIRM, { key: fake.key })).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'You can only upload JPG file!' });
    expect((await call('biller', CONFIRM, { key: fake.key })).errors?.[0].errorType).toBe('NotFound');
    const big = await upload('biller', Buffer.concat([JPEG, Buffer.alloc(2 * 1024 * 1024)]), 'image/jpeg', 1000);
    expect((await call('biller', CONFIRM, { key: big.key })).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Image must smaller than 2MB!' });
    expect((await call('biller', '{ getProfilePhotoUrl { url } }')).data.getProfilePhotoUrl).toBeNull();
  });

  it('only one’s own keys can be confirmed; coordinators have no profile', async () => {
    const { key } = await upload('owner', JPEG);
    expect((await call('biller', CONFIRM, { key })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('coordinator', `{ getTherapist { id } }`)).errors?.[0].errorType).toBe('Unauthorized');
  });
});
