import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;

/**
 * The database or a transaction opened on it: every repository function takes one, so
 * the same function runs alone or inside a caller's transaction (`db.transaction` on
 * either opens a transaction or a savepoint).
 */
export type DbOrTx = PgDatabase<NodePgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;

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
    // No JIT (issue 18): the app's statements are short, and at scale their cost estimates cross
    // jit_above_cost, so LLVM would spend hundreds of milliseconds compiling statements that run
    // in a few (bench/saas, docs/decisions.md "No JIT"). Behind PgBouncer, list `options` in its
    // ignore_startup_parameters and set jit = off on the server instead.
    options: '-c jit=off',
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  return { db: drizzle(pool, { schema }), pool };
}
