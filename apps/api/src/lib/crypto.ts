import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

// Fixed salt: the keys must be the same on every start and every API process, and
// distinct purposes get distinct keys through HKDF's `info`.
const HKDF_SALT = 'study-library-admin/v1';

/** A 256-bit key for one purpose, derived from the app secret with HKDF-SHA-256. */
export function deriveKey(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, HKDF_SALT, purpose, 32));
}

const FORMAT = 'v1';
const IV_BYTES = 12;

/**
 * AES-256-GCM for a sensitive column: the stored text is `v1.iv.tag.ciphertext` in
 * base64url. `aad` (e.g. the row id) binds a value to its row, so a ciphertext
 * copied into another row fails to decrypt.
 */
export interface FieldCipher {
  encrypt(plain: string, aad?: string): string;
  decrypt(stored: string, aad?: string): string;
}

/** A field cipher whose key is derived for `purpose`. */
export function createFieldCipher(appSecret: string, purpose: string): FieldCipher {
  const key = deriveKey(appSecret, purpose);
  return {
    encrypt(plain, aad) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      if (aad) cipher.setAAD(Buffer.from(aad, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'));
      return [FORMAT, ...parts].join('.');
    },
    decrypt(stored, aad) {
      const [format, iv, tag, data] = stored.split('.');
      if (format !== FORMAT || !iv || !tag || data === undefined) throw new Error('Unrecognised ciphertext format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      if (aad) decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** HMAC-SHA-256 with a key derived for `purpose`, hex: equal inputs give equal hashes, nothing else can be learnt. */
export function createKeyedHash(appSecret: string, purpose: string): (value: string) => string {
  const key = deriveKey(appSecret, purpose);
  return (value) => createHmac('sha256', key).update(value, 'utf8').digest('hex');
}

/** Compares two strings in constant time (signatures, tokens). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
