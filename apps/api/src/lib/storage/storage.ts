import type { Readable } from 'node:stream';

/** A stored file, ready to stream to a client. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Where uploaded files live, addressed by key (`<libraryId>/students/<studentId>/<kind>-<random>.webp`).
 * The local-disk backend keeps them under `DATA_DIR/uploads`; the S3-compatible one
 * (`s3.ts`) implements the same three calls with PutObject (ContentType set),
 * GetObject (Body stream, ContentLength, ContentType) and DeleteObject, the key
 * (after an optional prefix) used as the object key, so several API processes can
 * share one bucket (docs/decisions.md, Students and Object storage).
 */
export interface Storage {
  /** Stores `body` under `key`, replacing nothing: keys are never reused. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file under `key`, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes the file under `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Lets go of connections, when the backend holds any (the app calls it on close). */
  close?(): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/**
 * Whether a key is safe to use as a path: plain segments of letters, digits, dot,
 * dash and underscore, none starting with a dot (so no `..`), no leading slash.
 */
export function isSafeStorageKey(key: string): boolean {
  return key.length > 0 && key.length <= 300 && KEY_PATTERN.test(key);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The content type of a stored file, from the extension its key was given when stored. */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
