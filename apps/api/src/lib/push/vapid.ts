import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The server's VAPID key pair (RFC 8292): browsers subscribe with its public key as the
 * `applicationServerKey`, and each Web Push request is signed with its private key. A
 * subscription only ever works with the key it was made with, so the pair must outlive
 * restarts and be the same in every server process (as APP_SECRET is).
 */
export interface VapidKeyPair {
  /** Uncompressed P-256 point, 65 bytes, base64url. */
  publicKey: string;
  /** The private scalar, 32 bytes, base64url. */
  privateKey: string;
}

export interface VapidDetails extends VapidKeyPair {
  /** `mailto:` or `https:` contact for the push services (the JWT's `sub`). */
  subject: string;
}

/** The file the generated pair lives in, beside the generated app secret. */
export const VAPID_KEY_FILE = 'vapid-keys.json';

export interface VapidKeyProblem {
  key: 'publicKey' | 'privateKey';
  message: string;
}

/** What is wrong with a pair, or undefined when the public key is the private key's. */
export function vapidKeyPairProblem(pair: VapidKeyPair): VapidKeyProblem | undefined {
  const privateKey = Buffer.from(pair.privateKey, 'base64url');
  if (!/^[A-Za-z0-9_-]+=*$/.test(pair.privateKey) || privateKey.length !== 32) {
    return {
      key: 'privateKey',
      message: 'must be 32 bytes in base64url (as `npx web-push generate-vapid-keys` prints it)',
    };
  }
  const publicKey = Buffer.from(pair.publicKey, 'base64url');
  if (!/^[A-Za-z0-9_-]+=*$/.test(pair.publicKey) || publicKey.length !== 65 || publicKey[0] !== 4) {
    return { key: 'publicKey', message: 'must be an uncompressed P-256 public key (65 bytes) in base64url' };
  }
  let derived: Buffer;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateKey);
    derived = ecdh.getPublicKey();
  } catch {
    return { key: 'privateKey', message: 'is not a P-256 private key' };
  }
  if (!derived.equals(publicKey)) return { key: 'publicKey', message: 'is not the public key of the private key' };
  return undefined;
}

/** A new pair, as web-push's generateVAPIDKeys makes it. */
export function generateVapidKeyPair(): VapidKeyPair {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // A private scalar with leading zero bytes comes back shorter: pad it to 32.
  const privateKey = Buffer.alloc(32);
  const scalar = ecdh.getPrivateKey();
  scalar.copy(privateKey, 32 - scalar.length);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/**
 * The configured pair when given, otherwise the one generated into `DATA_DIR/vapid-keys.json`
 * on first start and reused after (mode 600). A damaged file stops the start rather than
 * silently replacing the key every subscription was made with.
 */
export function resolveVapidKeyPair(configured: VapidKeyPair | undefined, dataDir: string): VapidKeyPair {
  if (configured) return configured;
  const file = path.join(dataDir, VAPID_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, `${JSON.stringify(generateVapidKeyPair(), null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  let stored: Partial<VapidKeyPair>;
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeyPair>;
  } catch (error) {
    throw new Error(`${file} is not readable JSON (${(error as Error).message}); restore it from a backup`, {
      cause: error,
    });
  }
  const pair = { publicKey: String(stored.publicKey ?? ''), privateKey: String(stored.privateKey ?? '') };
  const problem = vapidKeyPairProblem(pair);
  if (problem) {
    throw new Error(
      `${file}: ${problem.key} ${problem.message}. Restore the file from a backup, or delete it to make a new pair (every phone must then turn notifications on again)`,
    );
  }
  return pair;
}
