import { createHash } from 'node:crypto';
import { Column, fillPlaceholders, is, sql, SQL, Subquery } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from './client';

/*
 * Statements PostgreSQL parses and plans once per connection (named prepared statements)
 * instead of on every request (issue 18, bench/lists.ts): planning the session lookup took
 * 0.7-1 ms a request, executing it 0.1-0.2 ms. A statement is named after its text, so every
 * shape of a query (its sort, its filters) is its own statement and values are always
 * parameters; the names are few (one per shape), and pg keeps them per connection.
 * Nothing is cached but the plans: every execution reads the data afresh.
 */

const dialect = new PgDialect();

/** The statement's name: a digest of its text (63 bytes at most, PostgreSQL's limit). */
function digestName(text: string): string {
  return `p_${createHash('sha256').update(text).digest('base64url').slice(0, 40)}`;
}

// The names already worked out, by text: a statement's text is one of a few shapes (the
// values are parameters), so the digest is taken once per shape, not once per request. Only
// names are kept, never data; a full map is emptied (a runaway of shapes cannot grow it).
const NAMES_KEPT = 500;
const names = new Map<string, string>();

/** The statement's name for `text` (see `digestName`). */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= NAMES_KEPT) names.clear();
    name = digestName(text);
    names.set(text, name);
  }
  return name;
}

/** Runs `query` (raw SQL) as a named prepared statement and answers its rows as PostgreSQL sent them. */
export async function executePrepared<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  // A transaction (no pool of its own) runs it the ordinary way.
  if (!(client instanceof pg.Pool)) return (await db.execute<T>(query)).rows as T[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query<T>({ name: statementName(text), text, values: params });
  return result.rows;
}

/**
 * Runs `text` (with `$1`... for `values`) as a named prepared statement, on the pool or on the
 * transaction's connection; the rows as node-postgres parses them (a timestamptz is a Date).
 */
export async function queryPrepared<T extends Record<string, unknown>>(
  db: DbOrTx,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const result = await clientOf(db).query<T>({ name: statementName(text), text, values });
  return result.rows;
}

/** The pool, or the transaction's connection, `db` runs on. */
function clientOf(db: DbOrTx): pg.Pool | pg.Client {
  const client =
    (db as { $client?: unknown }).$client ?? (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!(client instanceof pg.Pool) && !(client instanceof pg.Client)) throw new Error('No PostgreSQL client to run on');
  return client;
}

/** A statement's text and its parameters, values or `sql.placeholder`s to fill (`runStatement`). */
export interface StatementText {
  text: string;
  params: unknown[];
}

/**
 * The statements of a query written with Drizzle's `sql` in a few shapes (a list's sort and
 * filters), each turned into text once: `build` writes the shape's statement with every value a
 * `sql.placeholder(name)`, and `runStatement` fills the request's values in. Drizzle took 30 to
 * 70 µs a request to write a list's statement out again (its SQL objects walked and joined:
 * issue 18, bench/lists.ts), for a text that depends on the shape alone. Only texts are kept,
 * one per shape (a full map is emptied), never values or rows.
 */
export function statementsByShape<Shape>(
  keyOf: (shape: Shape) => string,
  build: (shape: Shape) => SQL,
): (shape: Shape) => StatementText {
  const built = new Map<string, StatementText>();
  return (shape) => {
    const key = keyOf(shape);
    let statement = built.get(key);
    if (statement === undefined) {
      const { sql: text, params } = dialect.sqlToQuery(build(shape));
      statement = { text, params };
      if (built.size >= NAMES_KEPT) built.clear();
      built.set(key, statement);
    }
    return statement;
  };
}

/**
 * Runs a statement of `statementsByShape` with `values` for its placeholders: as a named
 * prepared statement, or (`prepared: false`) planned for these values, as a search whose pattern
 * decides the plan is. The rows as node-postgres parses them.
 */
export async function runStatement<T extends Record<string, unknown>>(
  db: DbOrTx,
  statement: StatementText,
  values: Record<string, unknown>,
  options: { prepared: boolean } = { prepared: true },
): Promise<T[]> {
  const params = fillPlaceholders(statement.params, values);
  if (options.prepared) return queryPrepared<T>(db, statement.text, params);
  const result = await clientOf(db).query<T>({ text: statement.text, values: params });
  return result.rows;
}

/**
 * A page's `limit` (one of the few page sizes) written into the text, and the first page's
 * `offset 0`; a later page's offset is the placeholder `offset`. With both bounds parameters a
 * prepared statement's generic plan assumes a tenth of the library's rows are wanted, and at the
 * subscriptions list of a library of 100,000 plans that plan read every plan of every library and
 * sorted them (55 ms, against 0.8 ms with the bounds known), so PostgreSQL planned the page afresh
 * on every request (about 1 ms). With the first page's bounds known, its generic plan is the
 * custom one at any size; later pages stay as they were.
 */
export function pageBounds(shape: { limit: number; firstPage: boolean }): SQL {
  if (!Number.isInteger(shape.limit) || shape.limit < 1) throw new Error(`not a page size: ${shape.limit}`);
  return sql
    .raw(`limit ${shape.limit} offset `)
    .append(shape.firstPage ? sql.raw('0') : sql`${sql.placeholder('offset')}`);
}

/** A selected field as drizzle-orm lists it: where its value goes, and the column or SQL it comes from. */
interface SelectedField {
  path: string[];
  field: unknown;
}

/**
 * What `prepare(name)` answers in drizzle-orm's node-postgres driver: the statement text it
 * built, the two query configs it hands to pg (rows as objects, or as arrays it maps), its
 * parameters, client and logger, and the selected fields it maps each row with.
 */
interface DrizzleNodePgPrepared<T> {
  execute(): Promise<T>;
  queryString?: unknown;
  queryConfig?: { name?: string; text?: string; rowMode?: string };
  rawQueryConfig?: { name?: string };
  params?: unknown[];
  client?: unknown;
  logger?: { logQuery(query: string, params: unknown[]): void };
  fields?: SelectedField[];
  customResultMapper?: unknown;
}

/** Whether `prepared` has the fields `runPrepared` names in place (db/prepared.test.ts checks it still does). */
export function canNameInPlace<T>(prepared: DrizzleNodePgPrepared<T>): boolean {
  return (
    typeof prepared.queryString === 'string' &&
    typeof prepared.queryConfig === 'object' &&
    typeof prepared.rawQueryConfig === 'object'
  );
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** A selected field's decoder, found as drizzle-orm's `mapResultRow` finds it. */
function decoderOf(field: unknown): Decoder {
  // An SQL's decoder is not in drizzle-orm's types, though its mapResultRow reads it so.
  const decoderOfSql = (query: unknown) => (query as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * The pg client a prepared query runs on, when its selection is flat (each field a key of the
 * row) and `runPrepared` maps its rows itself; undefined when Drizzle's `execute` runs it.
 */
export function flatSelection<T>(prepared: DrizzleNodePgPrepared<T>): pg.Pool | pg.Client | undefined {
  const { fields, client, queryConfig, params } = prepared;
  if (!fields || prepared.customResultMapper || !Array.isArray(params) || queryConfig?.rowMode !== 'array') return;
  if (!fields.every((selected) => selected.path.length === 1)) return;
  return client instanceof pg.Pool || client instanceof pg.Client ? client : undefined;
}

/**
 * Runs a prepared query whose selection is flat and maps its rows as drizzle-orm's
 * `mapResultRow` does (null stays null, every other value through its field's decoder), with
 * each field's decoder found once a query instead of once a value: Drizzle's mapping asked
 * which kind of field each value came from, for every value, and that was most of its cost
 * (the seats list maps 9 fields of every seat: issue 18, docs/performance.md). A nested
 * selection (a joined table's columns under its name, with Drizzle's nulling of a missing
 * join) keeps Drizzle's own `execute`.
 */
async function executeFlat<T>(prepared: DrizzleNodePgPrepared<T>, client: pg.Pool | pg.Client): Promise<T> {
  const fields = prepared.fields!;
  const keys = fields.map((selected) => selected.path[0]!);
  const decoders = fields.map((selected) => decoderOf(selected.field));
  const params = fillPlaceholders(prepared.params!, {});
  prepared.logger?.logQuery(prepared.queryString as string, params);
  const result = await client.query<unknown[]>(prepared.queryConfig as pg.QueryArrayConfig, params);
  return result.rows.map((row) => {
    const mapped: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const raw = row[i];
      mapped[keys[i]!] = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
    }
    return mapped;
  }) as T;
}

/**
 * A Drizzle query, built (`select(...)...`), run as a named prepared statement: its rows mapped
 * as Drizzle maps them. The statement is built once: `prepare` builds its text, which then
 * names it (asking `toSQL()` for the name first built every query twice, the larger part of
 * the areas list's time in Node: issue 18, docs/performance.md).
 */
export function runPrepared<T>(builder: {
  toSQL(): { sql: string };
  prepare(name: string): DrizzleNodePgPrepared<T>;
}): Promise<T> {
  const prepared = builder.prepare('');
  if (!canNameInPlace(prepared)) return builder.prepare(statementName(builder.toSQL().sql)).execute();
  const name = statementName(prepared.queryString as string);
  prepared.queryConfig!.name = name;
  prepared.rawQueryConfig!.name = name;
  const client = flatSelection(prepared);
  return client ? executeFlat(prepared, client) : prepared.execute();
}
