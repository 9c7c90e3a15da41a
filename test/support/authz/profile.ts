/**
 * Authorization matrix rows: one's own profile and photo. Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { randomUUID } from 'node:crypto';
import { encode } from 'jpeg-js';
import { A, U, call, outcomeOf, type AuthzDomain } from './matrix.ts';

/** A real 8×8 JPEG: allowed callers confirm an upload the photo Lambda decodes and keeps. */
const MATRIX_JPEG = encode({ data: Buffer.alloc(8 * 8 * 4, 0x80), width: 8, height: 8 }, 80).data;

export const profile: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // One's own profile and photo: every role lists "profile"; coordinators do not (homework, groups only).
    'Query.getTherapist':                [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
    'Mutation.editTherapist':            [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
    'Query.getProfilePhotoUrl':          [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
    'Mutation.getProfilePhotoUploadUrl': [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
    'Mutation.confirmProfilePhoto':      [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
  },
  operations: {
    'Query.getTherapist': async (who) => outcomeOf(await call(who, '{ getTherapist { id version } }'), 'Query.getTherapist'),
    'Mutation.editTherapist': async (who) => {
      const version = (await call(who, '{ getTherapist { version } }')).data?.getTherapist.version ?? 0;
      const input = { person: { first: 'Matrix', last: who, gender: 'x', dob: '01/01/1980', phone: '5125550100' }, address: { line1: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } };
      return outcomeOf(await call(who, 'mutation ($v: Int!, $input: TherapistInput!) { editTherapist(version: $v, input: $input) { version } }', { v: version, input }), 'Mutation.editTherapist');
    },
    'Query.getProfilePhotoUrl': async (who) => outcomeOf(await call(who, '{ getProfilePhotoUrl { url } }'), 'Query.getProfilePhotoUrl'),
    'Mutation.getProfilePhotoUploadUrl': async (who) =>
      outcomeOf(await call(who, 'mutation { getProfilePhotoUploadUrl(contentType: "image/jpeg", size: 1000) { url } }'), 'Mutation.getProfilePhotoUploadUrl'),
    'Mutation.confirmProfilePhoto': async (who) => {
      // Allowed callers upload a real JPEG first; a denied one is refused before any key is looked at.
      const upload = await call(who, `mutation { getProfilePhotoUploadUrl(contentType: "image/jpeg", size: ${MATRIX_JPEG.length}) { key url } }`);
      const key = upload.data?.getProfilePhotoUploadUrl.key ?? `images/all/${randomUUID()}/${randomUUID()}.jpg`;
      if (upload.data) await fetch(upload.data.getProfilePhotoUploadUrl.url, { method: 'PUT', body: new Uint8Array(MATRIX_JPEG), headers: { 'content-type': 'image/jpeg' } });
      return outcomeOf(await call(who, 'mutation ($key: String!) { confirmProfilePhoto(key: $key) { s3path } }', { key }), 'Mutation.confirmProfilePhoto');
    },
  },
};
