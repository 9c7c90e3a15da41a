/**
 * The media bucket, as the Lambdas need it: presigned PUT and GET for the browser, and reading,
 * writing or deleting an object the API must check or produce. A presigned PUT can bind the
 * Content-Type (a signed header: a PUT with any other type is refused, by S3 and the stand-in); a
 * presigned GET can fix the response's Content-Type and Content-Disposition (signed
 * response-content-type / response-content-disposition, honoured by S3 and the stand-in). In AWS: S3 (BUCKET). Locally: the runtime's S3 stand-in
 * (S3_ENDPOINT, presigned URLs only), so reads go through a presigned GET and deletes remove the
 * stand-in's file under LOCAL_S3_ROOT. Chosen by the environment; no business code asks where it runs.
 */
import { rm } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/** Content headers stored with an object, or forced on a presigned GET's response. */
export interface ContentHeaders {
  contentType: string;
  contentDisposition?: string;
}

export interface ObjectStore {
  /** With `contentType`, the URL only accepts a PUT that sends exactly that Content-Type. */
  presignPut(key: string, expiresIn: number, contentType?: string): Promise<string>;
  /** With `response`, the GET answers with those headers whatever the object was stored with. */
  presignGet(key: string, expiresIn: number, response?: ContentHeaders): Promise<string>;
  /** The object's first `maxBytes` + 1 bytes at most (enough to tell "too large"), or null when missing. */
  read(key: string, maxBytes: number): Promise<Uint8Array | null>;
  /** Stores `body` under `key` with these content headers. */
  write(key: string, body: Uint8Array, headers: ContentHeaders): Promise<void>;
  remove(key: string): Promise<void>;
}

function bucket(env: NodeJS.ProcessEnv): string {
  const name = env.BUCKET;
  if (!name) throw new Error('BUCKET is not set');
  return name;
}

export function s3ObjectStore(env: NodeJS.ProcessEnv = process.env): ObjectStore {
  const local = env.S3_ENDPOINT;
  const client = new S3Client({
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(local ? { endpoint: local, forcePathStyle: true, region: env.AWS_REGION ?? 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  const Bucket = bucket(env);
  const presignGet = (key: string, expiresIn: number, response?: ContentHeaders) =>
    getSignedUrl(
      client,
      new GetObjectCommand({ Bucket, Key: key, ...(response ? { ResponseContentType: response.contentType, ResponseContentDisposition: response.contentDisposition } : {}) }),
      { expiresIn },
    );
  // The presigner leaves Content-Type unsigned unless asked: signing it binds the PUT to that type.
  const presignPut = (key: string, expiresIn: number, headers?: ContentHeaders) =>
    getSignedUrl(
      client,
      new PutObjectCommand({ Bucket, Key: key, ...(headers ? { ContentType: headers.contentType, ContentDisposition: headers.contentDisposition } : {}) }),
      { expiresIn, ...(headers ? { signableHeaders: new Set(['content-type']) } : {}) },
    );
  return {
    presignPut: (key, expiresIn, contentType) => presignPut(key, expiresIn, contentType ? { contentType } : undefined),
    presignGet,
    async read(key, maxBytes) {
      if (local) {
        const response = await fetch(await presignGet(key, 60));
        if (response.status === 404) return null;
        if (!response.ok) throw new Error(`object read failed: ${response.status}`);
        return new Uint8Array(await response.arrayBuffer()).slice(0, maxBytes + 1);
      }
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${maxBytes}` }));
        return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
      } catch (err) {
        if ((err as Error)?.name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async write(key, body, headers) {
      if (local) {
        // The stand-in takes presigned requests only: the same signed PUT a browser would make.
        const response = await fetch(await presignPut(key, 60, headers), {
          method: 'PUT',
          body: new Uint8Array(body),
          headers: { 'content-type': headers.contentType, ...(headers.contentDisposition ? { 'content-disposition': headers.contentDisposition } : {}) },
        });
        if (!response.ok) throw new Error(`object write failed: ${response.status}`);
        return;
      }
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: headers.contentType, ContentDisposition: headers.contentDisposition }));
    },
    async remove(key) {
      if (local) {
        const root = env.LOCAL_S3_ROOT;
        if (!root) throw new Error('LOCAL_S3_ROOT is not set');
        const file = normalize(join(root, Bucket, ...key.split('/')));
        if (!file.startsWith(normalize(root) + sep)) throw new Error('bad key');
        await rm(file, { force: true });
        await rm(`${file}.meta.json`, { force: true });
        return;
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
