import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';

// Any 64-bit constant: serialises migrations when several processes start together.
const MIGRATION_LOCK_ID = 7_310_451_001;

/** Applies the committed SQL migrations, one process at a time. */
export async function runMigrations(connectionString: string, migrationsFolder = MIGRATIONS_DIR) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
