/**
 * Cognito's two doors, kept apart as in AWS. The user-facing operations (sign-up, sign-in, the
 * caller's own attributes and MFA with their access token...) are public. Every other operation —
 * Admin*, SetUserPoolMfaConfig, ListUsers, pool and client configuration — needs an AWS SigV4
 * signature; locally the one key that can make it is the runtime's own (`LocalAdminCredentials`,
 * made fresh at every start and handed to the in-process Lambdas through the environment, and to
 * tests through `runtime.cognito.adminCredentials`). The signature is recomputed over the method,
 * path, query, signed headers and body with @smithy/signature-v4 and compared in constant time;
 * x-amz-date must be within 5 minutes. Unsigned → MissingAuthenticationTokenException, another key
 * → UnrecognizedClientException, a wrong signature → InvalidSignatureException (AWS's codes).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';
import { ACCESS_TOKEN_TARGETS } from './access-token.ts';

export interface LocalAdminCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** Operations any caller may send unsigned (they act only with a password, a code, a session or the caller's own token). */
export const PUBLIC_TARGETS = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  // The caller's own account, by their access token.
  ...ACCESS_TOKEN_TARGETS,
  'RevokeToken',
  'GetTokensFromRefreshToken',
  // Also authorized by the caller's own access token in Cognito (not implemented by cognito-local).
  'SetUserSettings',
  'ConfirmDevice',
  'ForgetDevice',
  'GetDevice',
  'ListDevices',
  'UpdateDeviceStatus',
  'GetUserAuthFactors',
]);

/** The operation named by x-amz-target, read as cognito-local reads it (the part after the first dot). */
export function targetOf(req: IncomingMessage): string {
  const header = req.headers['x-amz-target'];
  return typeof header === 'string' ? (header.split('.')[1] ?? '') : '';
}

/** Operations arrive as POST; anything else (a CORS preflight, the pool's .well-known GETs) names none. */
export function needsSignature(req: IncomingMessage): boolean {
  return req.method === 'POST' && !PUBLIC_TARGETS.has(targetOf(req));
}

export function newAdminCredentials(): LocalAdminCredentials {
  return { accessKeyId: `LOCAL${randomBytes(8).toString('hex').toUpperCase()}`, secretAccessKey: randomBytes(30).toString('base64url') };
}

/** Node's SHA-256 / HMAC-SHA-256 in the shape the signer wants. */
class Sha256 {
  private readonly hash;
  constructor(secret?: string | Uint8Array) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', typeof secret === 'string' ? Buffer.from(secret) : secret);
  }
  update(data: string | Uint8Array) {
    this.hash.update(typeof data === 'string' ? Buffer.from(data) : data);
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

export class SignatureError extends Error {
  constructor(
    readonly code: 'MissingAuthenticationTokenException' | 'UnrecognizedClientException' | 'InvalidSignatureException',
    message: string,
  ) {
    super(message);
  }
}

const AUTH = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;
const MAX_SKEW_MS = 5 * 60 * 1000;

function amzDate(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : null;
}

/** Throws SignatureError unless `req` (with its raw `body`) is signed with `credentials`, covering at least `mustSign` (Cognito's admin calls: host, x-amz-date, x-amz-target). */
export async function verifySignature(req: IncomingMessage, body: string, credentials: LocalAdminCredentials, now = Date.now(), mustSign: string[] = ['host', 'x-amz-date', 'x-amz-target']): Promise<void> {
  const header = req.headers.authorization;
  if (typeof header !== 'string' || !header) throw new SignatureError('MissingAuthenticationTokenException', 'Missing Authentication Token');
  const m = AUTH.exec(header);
  if (!m) throw new SignatureError('InvalidSignatureException', 'Authorization header requires a valid AWS4-HMAC-SHA256 signature.');
  const [, accessKeyId, day, region, service, signedHeaderList, signature] = m;
  if (accessKeyId !== credentials.accessKeyId) throw new SignatureError('UnrecognizedClientException', 'The security token included in the request is invalid.');
  const dateHeader = req.headers['x-amz-date'];
  const signedAt = typeof dateHeader === 'string' ? amzDate(dateHeader) : null;
  if (!signedAt || !String(dateHeader).startsWith(day) || Math.abs(now - signedAt.getTime()) > MAX_SKEW_MS) {
    throw new SignatureError('InvalidSignatureException', 'Signature expired or x-amz-date missing.');
  }
  const names = signedHeaderList.split(';');
  if (!mustSign.every((name) => names.includes(name))) {
    throw new SignatureError('InvalidSignatureException', `The request signature must cover ${mustSign.join(', ')}.`);
  }
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = req.headers[name];
    if (value === undefined) throw new SignatureError('InvalidSignatureException', `Signed header ${name} is missing.`);
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // The signer trusts a stated payload hash: it must be the body's.
  const stated = req.headers['x-amz-content-sha256'];
  if (stated !== undefined && stated !== createHash('sha256').update(body).digest('hex')) {
    throw new SignatureError('InvalidSignatureException', 'The provided x-amz-content-sha256 header does not match what was computed.');
  }
  const url = new URL(req.url ?? '/', 'http://local');
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? ([] as string[]).concat(query[k], v) : v;
  const signer = new SignatureV4({ credentials, region, service, sha256: Sha256 as never });
  const signed = await signer.sign(
    { method: req.method ?? 'POST', protocol: 'http:', hostname: headers.host, path: url.pathname, query, headers, body } as never,
    { signingDate: signedAt, signableHeaders: new Set(names) },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String((signed as { headers: Record<string, string> }).headers.authorization ?? ''))?.[1] ?? '';
  const expectedHeaders = /SignedHeaders=([^,]+)/.exec(String((signed as { headers: Record<string, string> }).headers.authorization ?? ''))?.[1];
  if (expectedHeaders !== signedHeaderList || expected.length !== 64 || !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) {
    throw new SignatureError('InvalidSignatureException', 'The request signature we calculated does not match the signature you provided.');
  }
}

export function readBody(req: IncomingMessage, limit = 1_000_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new SignatureError('InvalidSignatureException', 'Request too large.'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function sendSignatureError(res: ServerResponse, error: SignatureError): void {
  const status = error.code === 'UnrecognizedClientException' ? 400 : 403;
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': error.code });
  res.end(JSON.stringify({ __type: error.code, message: error.message }));
}
