import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
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

/** A missing object: S3's NoSuchKey, or a bare 404 (a HEAD-like answer without body). A missing bucket is not. */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
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
  const client = new S3Client({
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
  });
  const { bucket, prefix } = options;

  const objectKey = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return `${prefix}${key}`;
  };

  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: body, ContentType: contentType }),
      );
    },

    async get(key) {
      if (!isSafeStorageKey(key)) return undefined;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        const body = answer.Body as Readable | undefined;
        if (!body || answer.ContentLength === undefined) {
          body?.destroy();
          throw new Error(`S3 answered GetObject for ${key} without a body or a length`);
        }
        return { body, size: answer.ContentLength, contentType: answer.ContentType ?? contentTypeOfKey(key) };
      } catch (error) {
        if (isMissingObject(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      } catch (error) {
        // S3 itself answers 204 for a missing key; some compatible services answer 404.
        if (!isMissingObject(error)) throw error;
      }
    },

    async close() {
      client.destroy();
    },
  };
}
