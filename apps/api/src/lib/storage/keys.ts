import { randomBytes } from 'node:crypto';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY = new RegExp(`^(${UUID})/([a-z]+)/(${UUID})/([a-z-]+)-[A-Za-z0-9_-]{16,64}\\.(webp|jpg|png)$`);

/** What a storage key says about its file: whose it is and what it shows. */
export interface StorageKeyParts {
  libraryId: string;
  entityType: string;
  entityId: string;
  kind: string;
}

/**
 * A fresh key `<libraryId>/<entityType>/<entityId>/<kind>-<random>.<ext>`: the library
 * first (a whole library's files share a prefix, for export or deletion), random so a
 * replaced file never shares a cached URL with its successor.
 */
export function newStorageKey(parts: StorageKeyParts, extension: 'webp' | 'jpg' | 'png'): string {
  const random = randomBytes(12).toString('base64url');
  return `${parts.libraryId}/${parts.entityType}/${parts.entityId}/${parts.kind}-${random}.${extension}`;
}

/** The parts of a key built by `newStorageKey`, or undefined for anything else. */
export function parseStorageKey(key: string): StorageKeyParts | undefined {
  const match = KEY.exec(key);
  if (!match) return undefined;
  const [, libraryId, entityType, entityId, kind] = match as unknown as [string, string, string, string, string];
  return { libraryId, entityType, entityId, kind };
}
