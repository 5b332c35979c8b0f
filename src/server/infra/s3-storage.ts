import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { checkKey, contentTypeOf, type Storage } from './storage.ts';

export interface S3Options {
  bucket: string;
  /** An S3-compatible server (MinIO, R2, Ceph…); AWS itself when absent. */
  endpoint?: string | undefined;
  region: string;
  /** Both or neither; without them the SDK's own chain (instance role, shared files) applies. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** Hand out presigned URLs (`url`); off when browsers cannot reach the endpoint. */
  presign: boolean;
}

/** S3's smallest multipart part (except the last): a stream is sent in parts of this size. */
export const PART_SIZE = 5 * 1024 * 1024;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Reads up to `size` bytes from an async iterator, keeping what is left over for the next call. */
function chunker(source: AsyncIterable<unknown>) {
  const it = source[Symbol.asyncIterator]();
  let rest = Buffer.alloc(0);
  let done = false;
  return async (size: number): Promise<Buffer> => {
    const parts = [rest];
    let have = rest.length;
    while (have < size && !done) {
      const next = await it.next();
      if (next.done) done = true;
      else {
        const b = Buffer.from(next.value as Uint8Array);
        parts.push(b);
        have += b.length;
      }
    }
    const all = Buffer.concat(parts);
    rest = all.subarray(size);
    return all.subarray(0, size);
  };
}

/**
 * Objects in an S3 bucket. Every request body is a Buffer of known length (streams go in
 * parts), so no request needs aws-chunked encoding. Checksums are sent only when an
 * operation requires them: the SDK's default CRC headers and trailers are refused or
 * misread by several S3-compatible servers (a stream body then gets its chunk framing
 * stored as the object's bytes).
 */
export function s3Storage(opts: S3Options): Storage & { client: S3Client } {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = opts.bucket;

  async function fetchObject(key: string): Promise<GetObjectCommandOutput | null> {
    checkKey(key);
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key }));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /**
   * A stream of unknown length: S3 wants each request's length up front, so it goes in
   * parts of PART_SIZE (at most one part in memory); a short stream is one plain PUT.
   */
  async function putStream(key: string, data: Readable, contentType: string) {
    const next = chunker(data);
    const first = await next(PART_SIZE);
    if (first.length < PART_SIZE) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: first, ContentType: contentType }),
      );
      return;
    }
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
    );
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    try {
      for (let part = first, n = 1; part.length > 0; part = await next(PART_SIZE), n++) {
        const out = await client.send(
          new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber: n, Body: part }),
        );
        parts.push({ ETag: out.ETag, PartNumber: n });
      }
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (err) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId }))
        .catch(() => undefined);
      throw err;
    }
  }

  return {
    client,
    async put(key, data, putOpts) {
      checkKey(key);
      const contentType = putOpts?.contentType ?? contentTypeOf(key);
      if (!Buffer.isBuffer(data)) return putStream(key, data, contentType);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }),
      );
    },
    async get(key) {
      const out = await fetchObject(key);
      if (!out?.Body) return null;
      return Buffer.from(await out.Body.transformToByteArray());
    },
    async stream(key) {
      const out = await fetchObject(key);
      if (!out?.Body) return null;
      return {
        // In Node the SDK's body is the HTTP response itself, a Readable.
        body: out.Body as Readable,
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? contentTypeOf(key),
        ...(out.ETag ? { etag: out.ETag } : {}),
      };
    },
    async delete(key) {
      checkKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async url(key, ttlSeconds, urlOpts) {
      checkKey(key);
      if (!opts.presign) return null;
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: urlOpts?.contentType,
        ResponseContentDisposition: urlOpts?.download
          ? `attachment; filename="${urlOpts.download.replace(/["\\\r\n]/g, '_')}"`
          : undefined,
      });
      return getSignedUrl(client, command, { expiresIn: ttlSeconds });
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) yield o.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    describe: () =>
      `S3 bucket ${Bucket} at ${opts.endpoint ?? `AWS ${opts.region}`}${opts.presign ? '' : ' (no presigned URLs)'}`,
  };
}
