/**
 * The local pool's token-signing key. cognito-local ships one RSA key pair inside its npm package
 * (lib/keys/), so anyone could sign tokens the pool would accept. Here each data folder gets its
 * own RS256 key, made on first start and kept in <dataDir>/signing-key.json (owner-only file mode);
 * a runtime without a data folder (--memory, tests) makes one for that run. Its public half is the
 * JWKS the pool serves and AppSync's stand-in verifies against.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PoolSigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public JWK as the pool's jwks.json lists it. */
  publicJwk: Record<string, string>;
}

export const SIGNING_KEY_FILE = 'signing-key.json';

function fromPrivate(privateKey: KeyObject): PoolSigningKey {
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' }) as Record<string, string>;
  // RFC 7638 thumbprint (members in lexicographic order) as the key id.
  const kid = createHash('sha256').update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n })).digest('base64url');
  return { kid, privateKey, publicKey, publicJwk: { kty: jwk.kty, n: jwk.n, e: jwk.e, alg: 'RS256', use: 'sig', kid } };
}

/** A fresh key that lives only as long as this process. */
export function newSigningKey(): PoolSigningKey {
  return fromPrivate(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
}

/** The key of `dir`: read from its file, or made and written there (mode 0600) on first use. */
export function loadSigningKey(dir: string): PoolSigningKey {
  const file = join(dir, SIGNING_KEY_FILE);
  if (existsSync(file)) {
    const { privateJwk } = JSON.parse(readFileSync(file, 'utf8'));
    return fromPrivate(createPrivateKey({ key: privateJwk, format: 'jwk' }));
  }
  mkdirSync(dir, { recursive: true });
  const key = newSigningKey();
  writeFileSync(file, JSON.stringify({ privateJwk: key.privateKey.export({ format: 'jwk' }) }), { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}
