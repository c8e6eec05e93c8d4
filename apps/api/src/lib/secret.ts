import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The key for signatures and encryption: APP_SECRET when set, otherwise one
 * generated into DATA_DIR on first run and reused after (losing it makes
 * encrypted data unreadable, so it lives beside the data it protects).
 */
export function resolveAppSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'app-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/**
 * Identifies a key without revealing it (domain-separated SHA-256): backups carry it,
 * and the database keeps it so a server started with another key is refused.
 */
export function secretFingerprint(secret: string): string {
  return createHash('sha256')
    .update('study-library-admin/backup-fingerprint/v1\0')
    .update(secret)
    .digest('hex')
    .slice(0, 32);
}
