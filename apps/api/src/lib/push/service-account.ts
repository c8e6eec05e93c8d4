import { createPrivateKey, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';

/** The parts of a Google service-account key that FCM HTTP v1 needs. */
export interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: KeyObject;
  privateKeyId?: string;
  /** Where the signed JWT is exchanged for an access token. */
  tokenUri: string;
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const keyFileSchema = z.object({
  type: z.literal('service_account', { error: 'type must be "service_account"' }),
  project_id: z.string().regex(/^[a-z][a-z0-9-]{4,61}[a-z0-9]$/, { error: 'project_id is missing or malformed' }),
  client_email: z.email({ error: 'client_email is missing or malformed' }),
  private_key: z.string().min(1, { error: 'private_key is missing' }),
  private_key_id: z.string().optional(),
  token_uri: httpUrl.default('https://oauth2.googleapis.com/token'),
});

/**
 * Reads a service-account key (the JSON Firebase's console downloads). Any problem is
 * thrown with `source` in the message, so a bad configuration stops the server at start.
 */
export function parseServiceAccount(text: string, source: string, tokenUriOverride?: string): ServiceAccount {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: not valid JSON`, { cause: error });
  }
  const parsed = keyFileSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`${source}: ${first ? `${first.path.join('.') || 'key'} ${first.message}` : 'invalid'}`);
  }
  const key = parsed.data;
  let privateKey: KeyObject;
  try {
    // Keys pasted into an environment variable often keep their newlines escaped.
    privateKey = createPrivateKey(key.private_key.replace(/\\n/g, '\n'));
  } catch (error) {
    throw new Error(`${source}: private_key is not a readable PEM private key`, { cause: error });
  }
  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error(`${source}: private_key must be an RSA key`);
  if (tokenUriOverride !== undefined && !httpUrl.safeParse(tokenUriOverride).success) {
    throw new Error('FCM_TOKEN_URI: must be an http(s) URL');
  }
  return {
    projectId: key.project_id,
    clientEmail: key.client_email,
    privateKey,
    privateKeyId: key.private_key_id,
    tokenUri: tokenUriOverride ?? key.token_uri,
  };
}

/** The service account named by the environment (inline JSON or a file), or undefined when push is off. */
export function loadServiceAccount(options: { json?: string; file?: string; tokenUri?: string }) {
  if (options.json && options.file) {
    throw new Error('Set only one of FCM_SERVICE_ACCOUNT_JSON and FCM_SERVICE_ACCOUNT_FILE');
  }
  if (options.json) return parseServiceAccount(options.json, 'FCM_SERVICE_ACCOUNT_JSON', options.tokenUri);
  if (options.file) {
    let text: string;
    try {
      text = fs.readFileSync(options.file, 'utf8');
    } catch (error) {
      throw new Error(
        `FCM_SERVICE_ACCOUNT_FILE: cannot read ${options.file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
        { cause: error },
      );
    }
    return parseServiceAccount(text, `FCM_SERVICE_ACCOUNT_FILE (${options.file})`, options.tokenUri);
  }
  return undefined;
}
