import { and, count, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AreaListQuery, AreaStatus, AreaSortKey } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { areas, seats } from '../../db/schema';
import { refusedAs } from '../../lib/pg-errors';
import { seatAvailableSql } from '../../db/seat-state';
import { executePrepared, runStatement, statementsByShape } from '../../db/prepared';
import { isoUtc } from '../../db/sql-time';
import { containsPattern } from '../../lib/sql-like';

export type AreaRow = {
  id: string;
  name: string;
  location: string | null;
  totalSeats: number;
  status: AreaStatus;
  seatCount: number;
  availableSeats: number;
  /** ISO instants, as the API answers them. */
  createdAt: string;
  updatedAt: string;
};

export interface AreaValues {
  name: string;
  totalSeats: number;
  status: AreaStatus;
  /** Undefined keeps the stored location (update only). */
  location?: string | null;
}

const SORT_COLUMNS: Record<AreaSortKey, string> = {
  name: 'lower(x.name)',
  total_seats: 'x.total_seats',
  status: 'x.status',
  created_at: 'x.created_at',
};

/** The order of areas `x` (a whitelisted key and direction), then by name and id: pages never shuffle. */
function orderOf(alias: string, query?: Pick<AreaListQuery, 'sortBy' | 'sortOrder'>): SQL {
  const key = query ? `${SORT_COLUMNS[query.sortBy]} ${query.sortOrder === 'DESC' ? 'desc' : 'asc'}, ` : '';
  return sql.raw(`${key}lower(x.name), x.id`.replaceAll('x.', `${alias}.`));
}

/**
 * The library's areas `alias` that the list's status filter and search keep: `library`, `status`
 * and `pattern` are values (or placeholders, `listStatement`); no status or pattern, no filter.
 */
function listFilter(alias: string, library: unknown, status?: unknown, pattern?: unknown): SQL {
  const a = sql.raw(alias);
  return sql`${a}.library_id = ${library}
    ${status !== undefined ? sql`and ${a}.status = ${status}` : sql``}
    ${pattern !== undefined ? sql`and (${a}.name ilike ${pattern} or ${a}.location ilike ${pattern})` : sql``}`;
}

/**
 * The areas `picked` chooses (a statement over `areas x` answering `x`'s rows in order), with
 * their seat counts: the seats that exist and those whose live state is `available`, worked out
 * for those areas' seats only (db/seat-state.ts). `extra` adds columns over the picked areas `p`.
 * Run as prepared statements (db/prepared.ts): planned once per connection, their work growing
 * with the seats counted whatever the plan (see seat-state.ts).
 */
function withSeatCounts(libraryId: string | Placeholder, picked: SQL, order: SQL, extra: SQL = sql``): SQL {
  // seat-state.ts interpolates the library as a value, which a placeholder (listStatement) is too.
  const available = seatAvailableSql(libraryId as string, 'p');
  // Each area's seats counted on their own (one range of the seats' index an area): a join of
  // the areas with counts grouped over all their seats let a generic plan count them again for
  // every area (205 ms for a page of 25 areas at a library of 16,210 seats).
  return sql`
    with p as materialized (${picked})
    select p.id, p.name, p.location, p.total_seats as "totalSeats", p.status,
      c.seat_count as "seatCount", c.available_seats as "availableSeats",
      ${isoUtc(sql`p.created_at`)} as "createdAt", ${isoUtc(sql`p.updated_at`)} as "updatedAt" ${extra}
    from p
    cross join lateral (
      select count(*)::int as seat_count, (count(*) filter (where ${available}))::int as available_seats
      from seats s where s.library_id = ${libraryId} and s.area_id = p.id
    ) c
    order by ${order}`;
}

const areaColumns = sql`x.id, x.name, x.location, x.total_seats, x.status, x.created_at, x.updated_at`;

/** What decides the text of the list's statements (every value is a placeholder). */
type ListShape = Pick<AreaListQuery, 'sortBy' | 'sortOrder'> & { status: boolean; search: boolean; totalOnly: boolean };

/**
 * The page's statement (or, `totalOnly`, its total's) for one shape, with the placeholders
 * `library`, `status`, `pattern`, `limit` and `offset`: written once per shape (db/prepared.ts
 * `statementsByShape`; Drizzle took about 35 µs a request to write it out again).
 */
const listStatement = statementsByShape<ListShape>(
  (shape) => `${shape.sortBy} ${shape.sortOrder} ${shape.status} ${shape.search} ${shape.totalOnly}`,
  (shape) => {
    const library = sql.placeholder('library');
    const filter = (alias: string) =>
      listFilter(
        alias,
        library,
        shape.status ? sql.placeholder('status') : undefined,
        shape.search ? sql.placeholder('pattern') : undefined,
      );
    const total = sql`(select count(*) from areas t where ${filter('t')})::int`;
    if (shape.totalOnly) return sql`select ${total} as total`;
    const picked = sql`select ${areaColumns} from areas x where ${filter('x')}
      order by ${orderOf('x', shape)} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
    return withSeatCounts(library, picked, orderOf('p', shape), sql`, ${total} as total`);
  },
);

/**
 * One page of the library's areas and how many match in all (exact), in one statement: one pool
 * checkout and one snapshot. A page past the end has no row to carry the total: it is counted then.
 */
export async function listAreas(
  db: DbOrTx,
  libraryId: string,
  query: AreaListQuery,
): Promise<{ rows: AreaRow[]; total: number }> {
  const shape = {
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    status: Boolean(query.status),
    search: Boolean(query.search),
  };
  const values = {
    library: libraryId,
    status: query.status,
    pattern: query.search ? containsPattern(query.search) : undefined,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  };
  // The rows as read: the total they also carry is not presented (areas.service `presentArea`).
  const found = await runStatement<AreaRow & { total: number }>(
    db,
    listStatement({ ...shape, totalOnly: false }),
    values,
  );
  if (found.length > 0) return { rows: found, total: Number(found[0]!.total) };
  if (query.page === 1) return { rows: [], total: 0 };
  const [counted] = await runStatement<{ total: number }>(db, listStatement({ ...shape, totalOnly: true }), values);
  return { rows: [], total: Number(counted?.total ?? 0) };
}

/** Every area of the library by name (the dropdowns). */
export async function listAllAreas(db: DbOrTx, libraryId: string): Promise<AreaRow[]> {
  const picked = sql`select ${areaColumns} from areas x where x.library_id = ${libraryId}`;
  return executePrepared<AreaRow>(db, withSeatCounts(libraryId, picked, orderOf('p')));
}

export async function findArea(db: DbOrTx, libraryId: string, id: string): Promise<AreaRow | undefined> {
  const picked = sql`select ${areaColumns} from areas x where x.library_id = ${libraryId} and x.id = ${id}`;
  const [row] = await executePrepared<AreaRow>(db, withSeatCounts(libraryId, picked, orderOf('p')));
  return row;
}

/**
 * Locks the area row until the transaction ends and answers how many seats it holds.
 * Seat creation takes the same lock, so the count cannot change underneath the caller.
 */
export async function lockArea(
  tx: DbOrTx,
  libraryId: string,
  id: string,
): Promise<{ id: string; seatCount: number } | undefined> {
  const [locked] = await tx
    .select({ id: areas.id })
    .from(areas)
    .where(and(eq(areas.libraryId, libraryId), eq(areas.id, id)))
    .for('update');
  if (!locked) return undefined;
  const [counted] = await tx
    .select({ seatCount: count() })
    .from(seats)
    .where(and(eq(seats.libraryId, libraryId), eq(seats.areaId, id)));
  return { id: locked.id, seatCount: counted?.seatCount ?? 0 };
}

/** Inserts an area; `name-taken` when the library already has one of that name (any case). */
export async function insertArea(db: DbOrTx, libraryId: string, values: AreaValues): Promise<string | 'name-taken'> {
  return refusedAs(
    async () => {
      const [row] = await db
        .insert(areas)
        .values({ libraryId, ...values, location: values.location ?? null })
        .returning({ id: areas.id });
      if (!row) throw new Error('area insert returned nothing');
      return row.id;
    },
    'areas_library_name_unique',
    'name-taken',
  );
}

/** Updates an area; `name-taken` on a name clash, undefined when it is not the library's. */
export async function updateArea(
  db: DbOrTx,
  libraryId: string,
  id: string,
  values: AreaValues,
): Promise<string | 'name-taken' | undefined> {
  return refusedAs(
    async () => {
      const [row] = await db
        .update(areas)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(areas.libraryId, libraryId), eq(areas.id, id)))
        .returning({ id: areas.id });
      return row?.id;
    },
    'areas_library_name_unique',
    'name-taken',
  );
}

/** Deletes an area; `has-seats` when seats still reference it (the foreign key refuses). */
export async function deleteArea(db: DbOrTx, libraryId: string, id: string): Promise<boolean | 'has-seats'> {
  return refusedAs(
    async () => {
      const deleted = await db
        .delete(areas)
        .where(and(eq(areas.libraryId, libraryId), eq(areas.id, id)))
        .returning({ id: areas.id });
      return deleted.length > 0;
    },
    'seats_area_id_areas_id_fk',
    'has-seats',
  );
}
