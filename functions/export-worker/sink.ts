/**
 * Where the export's zip goes, streamed (flat memory): in AWS an S3 multipart upload of 8 MB parts
 * into the media bucket (BUCKET); locally (S3_ENDPOINT set) the S3 stand-in's own file under
 * LOCAL_S3_ROOT with its metadata beside it, written as a stream — the stand-in takes presigned
 * PUTs only, of at most 10 MB, and a download is then the same presigned GET as in AWS.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';

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
