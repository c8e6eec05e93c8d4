import type { Role } from '@app/shared';
import type { DbOrTx } from '../db/client';

/**
 * The first argument of every service call: what the module's rules run on. Every module
 * gets the database (or a transaction a route opened, e.g. for an Idempotency-Key); a
 * module adds the tools its rules need (storage, ciphers, push).
 */
export interface ServiceContext {
  db: DbOrTx;
}

/**
 * The second argument of every service call made for a signed-in admin: who acts. Services
 * scope every read and write to `libraryId`, write the audit log with `adminId` and `ip`, and
 * make image links for the session (`sessionId` and `passwordStamp`, lib/storage/signed-urls).
 */
export interface Actor {
  libraryId: string;
  adminId: string;
  sessionId: string;
  /** Changes whenever the account's password does. */
  passwordStamp: string;
  /** The address the request came from, for the audit log. */
  ip: string;
  /** Issue 16: what the person may do, for the rules that depend on it (the desk's discount limit). */
  role: Role;
}
