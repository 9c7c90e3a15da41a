import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createLocalS3, LOCAL_S3_CREDENTIALS } from '../../../local/s3.ts';

describe('local S3 stand-in (presigned GET/PUT)', () => {
  let server: Server;
  let s3: S3Client;
  let root: string;
  let now = new Date();

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 's3-'));
    const local = createLocalS3({ rootDir: root, now: () => now });
    server = createServer((req, res) => {
      const path = new URL(req.url!, 'http://x').pathname.replace(/^\/_local\/s3/, '');
      void local.handle(req, res, path);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    s3 = new S3Client({
      endpoint: `http://127.0.0.1:${port}/_local/s3`,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: LOCAL_S3_CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
  });
  afterAll(() => {
    server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('stores an object by presigned PUT and returns it by presigned GET', async () => {
    const put = await getSignedUrl(s3, new PutObjectCommand({ Bucket: 'images', Key: 'images/all/p1.jpg' }), { expiresIn: 300 });
    const body = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const stored = await fetch(put, { method: 'PUT', body, headers: { 'content-type': 'image/jpeg' } });
    expect(stored.status).toBe(200);
    const get = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'images', Key: 'images/all/p1.jpg' }), { expiresIn: 300 });
    const read = await fetch(get);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await read.arrayBuffer())).toEqual(body);
  });

  it('refuses a tampered signature, a changed key and an expired URL', async () => {
    const get = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'images', Key: 'images/all/p1.jpg' }), { expiresIn: 60 });
    const tampered = get.replace(/X-Amz-Signature=([0-9a-f])/, (_m, c) => `X-Amz-Signature=${c === 'a' ? 'b' : 'a'}`);
    expect((await fetch(tampered)).status).toBe(403);
    expect((await fetch(get.replace('p1.jpg', 'p2.jpg'))).status).toBe(403);
    expect((await fetch(get.split('?')[0])).status).toBe(403);
    now = new Date(Date.now() + 120_000);
    expect((await fetch(get)).status).toBe(403);
    now = new Date();
  });

  it('binds a PUT to its signed Content-Type: another type is refused and nothing is stored (issue 11 §7)', async () => {
    const key = 'uploads/u1/bound.jpg';
    const put = await getSignedUrl(s3, new PutObjectCommand({ Bucket: 'images', Key: key, ContentType: 'image/jpeg' }), { expiresIn: 300, signableHeaders: new Set(['content-type']) });
    expect(new URL(put).searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    const probe = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')]);
    expect((await fetch(put, { method: 'PUT', body: probe, headers: { 'content-type': 'text/html' } })).status).toBe(403);
    expect((await fetch(put, { method: 'PUT', body: probe })).status).toBe(403);
    const get = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'images', Key: key }), { expiresIn: 300 });
    expect((await fetch(get)).status).toBe(404);
    expect((await fetch(put, { method: 'PUT', body: probe, headers: { 'content-type': 'image/jpeg' } })).status).toBe(200);
    const read = await fetch(get);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the stored Content-Disposition, the signed response-* overrides, and always nosniff', async () => {
    const key = 'images/all/u1/photo.jpg';
    const headers = { 'content-type': 'image/jpeg', 'content-disposition': 'inline; filename="profile-photo.jpg"' };
    const put = await getSignedUrl(s3, new PutObjectCommand({ Bucket: 'images', Key: key, ContentType: headers['content-type'], ContentDisposition: headers['content-disposition'] }), {
      expiresIn: 300,
      signableHeaders: new Set(['content-type']),
    });
    expect((await fetch(put, { method: 'PUT', body: Buffer.from([0xff, 0xd8, 0xff]), headers: { ...headers, 'content-disposition': 'attachment' } })).status).toBe(403);
    expect((await fetch(put, { method: 'PUT', body: Buffer.from([0xff, 0xd8, 0xff]), headers })).status).toBe(200);
    const plain = await fetch(await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'images', Key: key }), { expiresIn: 300 }));
    expect(Object.fromEntries(['content-type', 'content-disposition', 'x-content-type-options'].map((h) => [h, plain.headers.get(h)]))).toEqual({
      'content-type': 'image/jpeg',
      'content-disposition': 'inline; filename="profile-photo.jpg"',
      'x-content-type-options': 'nosniff',
    });

    // An object stored as text/html (an unbound PUT) is served as the signed GET says, as S3 does.
    const html = 'images/all/u1/html.jpg';
    const unbound = await getSignedUrl(s3, new PutObjectCommand({ Bucket: 'images', Key: html }), { expiresIn: 300 });
    expect((await fetch(unbound, { method: 'PUT', body: '<html></html>', headers: { 'content-type': 'text/html' } })).status).toBe(200);
    const forced = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'images', Key: html, ResponseContentType: 'image/jpeg', ResponseContentDisposition: 'inline; filename="profile-photo.jpg"' }), { expiresIn: 300 });
    const read = await fetch(forced);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
    expect(read.headers.get('content-disposition')).toBe('inline; filename="profile-photo.jpg"');
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    // The overrides are signed: changing one breaks the URL.
    expect((await fetch(forced.replace('response-content-type=image%2Fjpeg', 'response-content-type=text%2Fhtml'))).status).toBe(403);
  });
});
