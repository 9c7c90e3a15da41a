import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSigningKey, newSigningKey, SIGNING_KEY_FILE } from '../../../local/cognito/signing-key.ts';

const dirs: string[] = [];
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'signing-key-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the local pool signing key', () => {
  it("is made per data folder, kept owner-only, reused on the next start, and never cognito-local's packaged key", () => {
    const shipped = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: { n: string } };
    const a = dir();
    const first = loadSigningKey(a);
    expect(statSync(join(a, SIGNING_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadSigningKey(a).publicJwk).toEqual(first.publicJwk);
    const other = loadSigningKey(dir());
    expect(other.publicJwk.n).not.toBe(first.publicJwk.n);
    for (const key of [first, other, newSigningKey()]) {
      expect(key.publicJwk.n).not.toBe(shipped.jwk.n);
      expect(key.publicJwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: key.kid });
      expect(key.publicJwk).not.toHaveProperty('d');
    }
  });
});
