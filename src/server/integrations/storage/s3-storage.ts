import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config';
import { PUBLIC_FILE_CACHE_SECONDS, type FileStorage } from './storage';

type S3Config = NonNullable<Config['s3']>;

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…) holding files under `prefix/`. */
export function createS3Storage(config: S3Config, prefix: string): FileStorage {
  // The SDK is loaded with the first upload or deletion: a fifth of a second less at every start.
  let sdk: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const connect = () =>
    (sdk ??= import('@aws-sdk/client-s3').then((loaded) => ({
      sdk: loaded,
      client: new loaded.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials:
          config.accessKeyId && config.secretAccessKey
            ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
            : undefined,
      }),
    })));
  const objectKey = (key: string) => `${prefix}/${key}`;
  const base = publicBase(config);
  return {
    kind: 's3',
    publicOrigin: new URL(base).origin,
    async put(key, data, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: data,
          ContentType: contentType,
          CacheControl: `public, max-age=${PUBLIC_FILE_CACHE_SECONDS}`,
          // Keys are random; refusing to overwrite guards against a collision ever replacing a file.
          IfNoneMatch: '*',
        }),
      );
    },
    async delete(key) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }),
      );
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(
          new sdk.GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }),
        );
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    publicUrl: (key) => `${base}/${objectKey(key)}`,
  };
}

/** The public address of the bucket's objects, without a trailing slash. */
function publicBase(config: S3Config): string {
  if (config.publicUrl) return config.publicUrl;
  if (config.endpoint) {
    const endpoint = new URL(config.endpoint);
    if (config.forcePathStyle) return `${endpoint.origin}/${config.bucket}`;
    return `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
  }
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
}
