import type { Readable } from 'node:stream';
import type * as S3SdkModule from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { contentTypeOfKey, isSafeStorageKey, type Storage } from './storage';

/** Where and how to reach an S3-compatible bucket (config.ts builds it from the S3_* variables). */
export interface S3StorageOptions {
  bucket: string;
  /** A non-AWS service (MinIO, Ceph, R2, Spaces...); AWS S3 itself when unset. */
  endpoint?: string;
  region: string;
  /** Both keys, or none for the SDK's own chain (AWS_* variables, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Put before every key (`tenants/` → `tenants/<libraryId>/students/...`); '' for none. */
  prefix: string;
}

/** Connecting may take 5 s and an answer 30 s before a call fails (the SDK tries three times). */
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

type S3Sdk = typeof S3SdkModule;

/** A missing object: S3's NoSuchKey, or a bare 404 (a HEAD-like answer without body). A missing bucket is not. */
function isMissingObject(sdk: S3Sdk, error: unknown): boolean {
  if (!(error instanceof sdk.S3ServiceException)) return false;
  if (error.name === 'NoSuchKey') return true;
  return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}

/**
 * Uploads in an S3-compatible bucket, so several API processes share them
 * (docs/decisions.md, Object storage). The storage key (checked like the local
 * disk's) becomes the object key after the prefix. Checksums beyond SigV4's payload
 * hash are sent only where an operation requires them: several S3-compatible services
 * refuse the newer checksum headers the SDK would otherwise add.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  // The SDK (about 4 MB of resident memory) and its client are loaded by the first call, not at
  // start: a server storing uploads on its disk never loads them (docs/performance.md, "Memory and start").
  let connecting: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials: options.credentials,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: {
          connectionTimeout: CONNECTION_TIMEOUT_MS,
          requestTimeout: REQUEST_TIMEOUT_MS,
          throwOnRequestTimeout: true,
        },
      }),
    })));
  const { bucket, prefix } = options;

  const objectKey = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return `${prefix}${key}`;
  };

  return {
    async put(key, body, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: body, ContentType: contentType }),
      );
    },

    async get(key) {
      if (!isSafeStorageKey(key)) return undefined;
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        const body = answer.Body as Readable | undefined;
        if (!body || answer.ContentLength === undefined) {
          body?.destroy();
          throw new Error(`S3 answered GetObject for ${key} without a body or a length`);
        }
        return { body, size: answer.ContentLength, contentType: answer.ContentType ?? contentTypeOfKey(key) };
      } catch (error) {
        if (isMissingObject(sdk, error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      } catch (error) {
        // S3 itself answers 204 for a missing key; some compatible services answer 404.
        if (!isMissingObject(sdk, error)) throw error;
      }
    },

    async close() {
      // Never connected: nothing to close (and nothing is loaded to close it).
      (await connecting)?.client.destroy();
    },
  };
}
