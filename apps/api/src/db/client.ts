import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
}

/** Opens a connection pool; the caller ends it on shutdown. */
export function connectDatabase(connectionString: string, max: number): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    application_name: 'study-library-admin',
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  return { db: drizzle(pool, { schema }), pool };
}
