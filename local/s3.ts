/**
 * The local stand-in for S3: serves presigned GET and PUT URLs (path style, under /_local/s3) made
 * by the AWS SDK's presigner with the local credentials. The signature and the expiry are checked
 * as S3 checks them, so a URL that was not handed out by the API, or has expired, is refused. Signed
 * headers are checked as S3 does: a PUT whose URL binds Content-Type (or Content-Disposition) must
 * send exactly that value. Objects live under <dataDir>/s3/<bucket>/<key> with their Content-Type and
 * Content-Disposition beside them; a GET answers with those, or with the signed
 * response-content-type / response-content-disposition overrides as S3 does, and always with
 * X-Content-Type-Options: nosniff (the stand-in shares the portal's origin; S3 itself does not send
 * that header, see docs/decisions.md "Profile photos").
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@aws-crypto/sha256-js';
import type { RequestHandler } from './http.ts';
import { readBody } from './http.ts';

export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
const MAX_OBJECT_BYTES = 10 * 1024 * 1024;
const SIGNER_ADDED = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'];
/** Headers a presigned URL of ours may bind besides host. */
const SIGNABLE = new Set(['content-type', 'content-disposition']);

interface ObjectMeta {
  contentType?: string;
  contentDisposition?: string;
}

function xmlError(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

function parseAmzDate(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : null;
}

export function createLocalS3(options: { rootDir: string; region?: string; now?: () => Date }): { handle: RequestHandler } {
  const region = options.region ?? 'us-east-1';
  const now = options.now ?? (() => new Date());
  const signer = new SignatureV4({ service: 's3', region, credentials: LOCAL_S3_CREDENTIALS, sha256: Sha256, uriEscapePath: false, applyChecksum: false });

  async function signatureValid(url: URL, method: string, requestHeaders: IncomingHttpHeaders): Promise<string | null> {
    const host = requestHeaders.host ?? '';
    const params = url.searchParams;
    const date = parseAmzDate(params.get('X-Amz-Date') ?? '');
    const expires = Number(params.get('X-Amz-Expires'));
    const signature = params.get('X-Amz-Signature');
    if (!date || !signature || !Number.isInteger(expires) || expires <= 0 || expires > 604800) return 'AccessDenied';
    if (now().getTime() > date.getTime() + expires * 1000) return 'AccessDenied';
    const signedHeaders = (params.get('X-Amz-SignedHeaders') ?? '').split(';');
    if (!signedHeaders.includes('host') || signedHeaders.some((h) => h !== 'host' && !SIGNABLE.has(h))) return 'AccessDenied';
    const bound: Record<string, string> = {};
    for (const name of signedHeaders.filter((h) => h !== 'host')) {
      const value = requestHeaders[name];
      if (typeof value !== 'string') return 'SignatureDoesNotMatch';
      bound[name] = value;
    }
    const query: Record<string, string> = {};
    for (const [k, v] of params) if (!SIGNER_ADDED.includes(k) && k !== 'X-Amz-Content-Sha256') query[k] = v;
    // The presigner signs the payload as the value it put in X-Amz-Content-Sha256 (UNSIGNED-PAYLOAD).
    const payloadHash = params.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    const [hostname, port] = host.split(':');
    const expected = await signer.presign(
      { method, protocol: 'http:', hostname, port: port ? Number(port) : undefined, path: url.pathname, query, headers: { host, ...bound, 'X-Amz-Content-Sha256': payloadHash } },
      { signingDate: date, expiresIn: expires, signableHeaders: new Set(Object.keys(bound)) },
    );
    if (expected.query?.['X-Amz-SignedHeaders'] !== params.get('X-Amz-SignedHeaders')) return 'SignatureDoesNotMatch';
    const a = Buffer.from(String(expected.query?.['X-Amz-Signature']));
    const b = Buffer.from(signature);
    return a.length === b.length && createHash('sha256').update(a).digest().equals(createHash('sha256').update(b).digest()) ? null : 'SignatureDoesNotMatch';
  }

  function objectPath(path: string): string | null {
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts.length < 2) return null;
    const file = normalize(join(options.rootDir, ...parts));
    return file.startsWith(normalize(options.rootDir) + sep) ? file : null;
  }

  const handle: RequestHandler = async (req, res, path) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const fail = (status: number, code: string, message: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(xmlError(code, message));
    };
    if (req.method !== 'GET' && req.method !== 'PUT') return fail(405, 'MethodNotAllowed', 'Only presigned GET and PUT are supported');
    const file = objectPath(path);
    if (!file) return fail(400, 'InvalidRequest', 'Bucket and key are required');
    const denied = await signatureValid(url, req.method, req.headers);
    if (denied) return fail(403, denied, 'Request has expired or its signature does not match');
    if (req.method === 'PUT') {
      const body = await readBody(req, MAX_OBJECT_BYTES).catch(() => null);
      if (!body) return fail(400, 'EntityTooLarge', 'Object too large');
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, body);
      const meta: ObjectMeta = { contentType: req.headers['content-type'] ?? 'application/octet-stream', contentDisposition: req.headers['content-disposition'] };
      await writeFile(`${file}.meta.json`, JSON.stringify(meta));
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return res.end();
    }
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
    const meta = JSON.parse(await readFile(`${file}.meta.json`, 'utf8').catch(() => '{}')) as ObjectMeta;
    // As S3: the signed response-* parameters override what the object was stored with.
    const contentType = url.searchParams.get('response-content-type') ?? meta.contentType ?? 'application/octet-stream';
    const disposition = url.searchParams.get('response-content-disposition') ?? meta.contentDisposition;
    res.writeHead(200, {
      'content-type': contentType,
      ...(disposition ? { 'content-disposition': disposition } : {}),
      'x-content-type-options': 'nosniff',
      'content-length': info.size,
      'cache-control': 'private, no-store',
    });
    res.end(await readFile(file));
  };
  return { handle };
}
