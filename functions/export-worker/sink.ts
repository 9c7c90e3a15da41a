/**
 * Where the export's zip goes, streamed (flat memory): in AWS an S3 multipart upload of 8 MB parts
 * into the media bucket (BUCKET); locally (S3_ENDPOINT set) the S3 stand-in's own file under
 * LOCAL_S3_ROOT with its metadata beside it, written as a stream — the stand-in takes presigned
 * PUTs only, of at most 10 MB, and a download is then the same presigned GET as in AWS.
 *
 * The pieces of an export between invocations (pieceStore): `exports/<practice>/<id>/piece-<n>`,
 * one object each (S3 PutObject, a file locally), written again whole when a unit is retried;
 * removed once the zip is written (the exports/ lifecycle rule takes any a failed export leaves).
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';

export interface Sink {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<number>;
  abort(): Promise<void>;
}

const PART = 8 * 1024 * 1024;
const ZIP = { contentType: 'application/zip' };

function s3Sink(bucket: string, key: string, disposition: string): Sink {
  const client = new S3Client({});
  let uploadId: string | undefined;
  const parts: { ETag: string; PartNumber: number }[] = [];
  let buffer: Uint8Array[] = [];
  let buffered = 0;
  let total = 0;
  const flush = async () => {
    uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: ZIP.contentType, ContentDisposition: disposition }))).UploadId;
    const body = Buffer.concat(buffer);
    buffer = [];
    buffered = 0;
    const PartNumber = parts.length + 1;
    const out = await client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: body }));
    parts.push({ ETag: out.ETag!, PartNumber });
  };
  return {
    async write(chunk) {
      buffer.push(chunk);
      buffered += chunk.length;
      total += chunk.length;
      if (buffered >= PART) await flush();
    },
    async close() {
      if (buffered > 0 || parts.length === 0) await flush();
      await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      return total;
    },
    async abort() {
      if (uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    },
  };
}

function localSink(root: string, bucket: string, key: string, disposition: string): Sink {
  const file = normalize(join(root, bucket, ...key.split('/')));
  if (!file.startsWith(normalize(root) + sep)) throw new Error('bad key');
  let stream: WriteStream | undefined;
  let total = 0;
  const open = async () => {
    await mkdir(dirname(file), { recursive: true });
    return createWriteStream(file);
  };
  return {
    async write(chunk) {
      stream ??= await open();
      total += chunk.length;
      if (!stream.write(chunk)) await new Promise<void>((r) => stream!.once('drain', () => r()));
    },
    async close() {
      stream ??= await open();
      await new Promise<void>((r, j) => stream!.end((err?: Error | null) => (err ? j(err) : r())));
      await writeFile(`${file}.meta.json`, JSON.stringify({ contentType: ZIP.contentType, contentDisposition: disposition }));
      return total;
    },
    async abort() {
      stream?.destroy();
      await rm(file, { force: true });
    },
  };
}

export function objectSink(key: string, disposition: string, env: NodeJS.ProcessEnv = process.env): Sink {
  const bucket = env.BUCKET;
  if (!bucket) throw new Error('BUCKET is not set');
  if (env.S3_ENDPOINT) {
    if (!env.LOCAL_S3_ROOT) throw new Error('LOCAL_S3_ROOT is not set');
    return localSink(env.LOCAL_S3_ROOT, bucket, key, disposition);
  }
  return s3Sink(bucket, key, disposition);
}

export interface PieceStore {
  put(seq: number, bytes: Uint8Array): Promise<void>;
  get(seq: number): Promise<Uint8Array>;
  /** Removes pieces 0 … count-1. */
  removeAll(count: number): Promise<void>;
}

export const pieceKey = (zipKey: string, seq: number) => `${zipKey.replace(/\.zip$/, '')}/piece-${String(seq).padStart(6, '0')}`;

export function pieceStore(zipKey: string, env: NodeJS.ProcessEnv = process.env): PieceStore {
  const bucket = env.BUCKET;
  if (!bucket) throw new Error('BUCKET is not set');
  if (env.S3_ENDPOINT) {
    const root = env.LOCAL_S3_ROOT;
    if (!root) throw new Error('LOCAL_S3_ROOT is not set');
    const fileOf = (seq: number) => {
      const file = normalize(join(root, bucket, ...pieceKey(zipKey, seq).split('/')));
      if (!file.startsWith(normalize(root) + sep)) throw new Error('bad key');
      return file;
    };
    return {
      async put(seq, bytes) {
        const file = fileOf(seq);
        await mkdir(dirname(file), { recursive: true });
        // Whole or not at all, as a PutObject: written aside, then renamed into place.
        await writeFile(`${file}.part`, bytes);
        await rename(`${file}.part`, file);
      },
      async get(seq) {
        return new Uint8Array(await readFile(fileOf(seq)));
      },
      async removeAll(count) {
        for (let seq = 0; seq < count; seq++) await rm(fileOf(seq), { force: true });
        await rm(dirname(fileOf(0)), { recursive: true, force: true });
      },
    };
  }
  const client = new S3Client({});
  return {
    async put(seq, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: pieceKey(zipKey, seq), Body: bytes, ContentType: 'application/octet-stream' }));
    },
    async get(seq) {
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: pieceKey(zipKey, seq) }));
      return out.Body ? out.Body.transformToByteArray() : new Uint8Array();
    },
    async removeAll(count) {
      for (let from = 0; from < count; from += 1000) {
        const keys = Array.from({ length: Math.min(1000, count - from) }, (_, i) => ({ Key: pieceKey(zipKey, from + i) }));
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
      }
    },
  };
}
