import { passwordResetMessages } from '@app/shared';
import type { Config } from '../config';
import { connectDatabase } from '../db/client';
import { createResetLink, findResettableAdmin } from '../modules/auth/password-reset.service';
import { OpsError } from './pg-tools';
import { openDatabaseTarget } from './target';

/** Where the printed link points: PUBLIC_URL, else this server's own address. */
export function operatorOrigin(config: Config): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `${config.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/**
 * `npm run reset-password -- <email>` (issue 16): a one-time reset link for an active account,
 * for when the server sends no email. Valid 30 minutes, single use, like an emailed one (which
 * it ends); the server may be running.
 */
export async function printResetLink(options: { config: Config; email: string; log: (line: string) => void }) {
  const { config, log } = options;
  const email = options.email.trim().toLowerCase();
  const target = await openDatabaseTarget(config, { exclusive: false, log: () => undefined });
  const database = connectDatabase(target.connectionString, 1);
  try {
    const admin = await findResettableAdmin(database.db, email);
    if (!admin) throw new OpsError(passwordResetMessages.cliNoAccount);
    const link = await createResetLink(database.db, admin, operatorOrigin(config), Date.now());
    log(passwordResetMessages.cliLink(admin.email));
    log(link);
    return link;
  } finally {
    await database.pool.end();
    await target.release();
  }
}
