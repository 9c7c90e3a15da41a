import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createLocalS3, LOCAL_S3_CREDENTIALS } from '../../local/s3.ts';

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
});
