import type { Config } from '../config.ts';
import { localStorage, type Storage } from './storage.ts';

/**
 * The files store the configuration asks for: an S3 bucket when S3_BUCKET is set, else the
 * local folder. The bucket is checked once here, so a wrong name, endpoint or key stops
 * the start with a readable reason instead of failing the first upload.
 */
export async function createStorage(config: Config): Promise<Storage> {
  if (!config.S3_BUCKET) return localStorage(config.filesDir);
  // The AWS SDK (~35 MB of RSS at start) is loaded only when a bucket is configured.
  const [{ HeadBucketCommand }, { s3Storage }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('./s3-storage.ts'),
  ]);
  const storage = s3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
    presign: config.S3_PRESIGNED_URLS,
  });
  try {
    await storage.client.send(new HeadBucketCommand({ Bucket: config.S3_BUCKET }));
  } catch (err) {
    storage.client.destroy();
    const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    const why = e.$metadata?.httpStatusCode
      ? `${e.$metadata.httpStatusCode} ${e.name ?? ''}`.trim()
      : (e.message ?? String(err));
    throw new Error(`S3 storage: cannot use ${storage.describe()}: ${why}`, { cause: err });
  }
  return storage;
}
