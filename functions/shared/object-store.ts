/**
 * The media bucket, as the Lambdas need it: presigned PUT and GET for the browser, and reading or
 * deleting an object the API must check. In AWS: S3 (BUCKET). Locally: the runtime's S3 stand-in
 * (S3_ENDPOINT, presigned URLs only), so reads go through a presigned GET and deletes remove the
 * stand-in's file under LOCAL_S3_ROOT. Chosen by the environment; no business code asks where it runs.
 */
import { rm } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

export interface ObjectStore {
  presignPut(key: string, expiresIn: number): Promise<string>;
  presignGet(key: string, expiresIn: number): Promise<string>;
  /** The object's first `maxBytes` + 1 bytes at most (enough to tell "too large"), or null when missing. */
  read(key: string, maxBytes: number): Promise<Uint8Array | null>;
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
  const presignGet = (key: string, expiresIn: number) => getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn });
  return {
    presignPut: (key, expiresIn) => getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key }), { expiresIn }),
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
