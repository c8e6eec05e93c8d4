import pg from 'pg';
import { secretFingerprint } from '../lib/secret';

export class AppSecretMismatchError extends Error {}

/**
 * Makes sure the server runs with the key the database was written with: the first
 * start records the key's fingerprint; a later start with another key is refused
 * (its Aadhaar numbers would be unreadable, duplicates would go unnoticed and image
 * links would break — and with several instances, one would write what the others
 * cannot read). Runs after the migrations.
 */
export async function checkAppSecret(connectionString: string, secret: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const fingerprint = secretFingerprint(secret);
    await client.query(
      `insert into app_secret_fingerprint (id, fingerprint) values ('app-secret', $1) on conflict (id) do nothing`,
      [fingerprint],
    );
    const stored = await client.query<{ fingerprint: string }>(
      `select fingerprint from app_secret_fingerprint where id = 'app-secret'`,
    );
    if (stored.rows[0]?.fingerprint !== fingerprint) {
      throw new AppSecretMismatchError(
        'This database was written with another APP_SECRET than the one this server has ' +
          '(the APP_SECRET variable, or DATA_DIR/app-secret when it is unset). Start it with that same key: ' +
          'every instance must share it, and a restored database needs the key its backup carried.',
      );
    }
  } finally {
    await client.end();
  }
}
