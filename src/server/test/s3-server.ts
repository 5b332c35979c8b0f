import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { s3Storage } from '../infra/s3-storage.ts';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** A storage on this server's bucket, configured the way runtime.ts would from S3_* variables. */
  storage(opts?: { presign?: boolean }): ReturnType<typeof s3Storage>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver: the S3 REST protocol over a temporary folder) on
 * 127.0.0.1 and a free port, with one empty bucket. It refuses unknown key ids but does not
 * verify V4 signatures themselves (those come from the AWS SDK's own signer).
 */
export async function startLocalS3(bucket = 'sefer-test'): Promise<LocalS3> {
  const dir = mkdtempSync(join(tmpdir(), 'sefer-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storage: (opts = {}) =>
      s3Storage({
        bucket,
        endpoint,
        region: 'us-east-1',
        // s3rver's fixed credentials.
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        presign: opts.presign ?? true,
      }),
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
