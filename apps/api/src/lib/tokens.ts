import { hash, randomBytes } from 'node:crypto';

/** A new opaque session token: 256 random bits, URL-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a token: its SHA-256, so a leaked table grants nothing. Every
 * signed-in request hashes its token: one call of the one-shot `crypto.hash`, no Hash object
 * made, updated and collected (issue 18, bench/lists.ts).
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
