import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AreaListQuery, AreaStatus, AreaSortKey } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { areas, seats } from '../../db/schema';
import { refusedAs } from '../../lib/pg-errors';
import { seatAvailableSql } from '../../db/seat-state';
import { executePrepared } from '../../db/prepared';
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

/** The library's areas `alias` that the list's status filter and search keep. */
function listFilter(alias: string, libraryId: string, query: Pick<AreaListQuery, 'search' | 'status'>): SQL {
  const a = sql.raw(alias);
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return sql`${a}.library_id = ${libraryId}
    ${query.status ? sql`and ${a}.status = ${query.status}` : sql``}
    ${pattern ? sql`and (${a}.name ilike ${pattern} or ${a}.location ilike ${pattern})` : sql``}`;
}

/**
 * The areas `picked` chooses (a statement over `areas x` answering `x`'s rows in order), with
 * their seat counts: the seats that exist and those whose live state is `available`, worked out
 * for those areas' seats only (db/seat-state.ts). `extra` adds columns over the picked areas `p`.
 * Run as prepared statements (db/prepared.ts): planned once per connection, their work growing
 * with the seats counted whatever the plan (see seat-state.ts).
 */
function withSeatCounts(libraryId: string, picked: SQL, order: SQL, extra: SQL = sql``): SQL {
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
      select count(*)::int as seat_count, (count(*) filter (where ${seatAvailableSql(libraryId, 'p')}))::int as available_seats
      from seats s where s.library_id = ${libraryId} and s.area_id = p.id
    ) c
    order by ${order}`;
}

const areaColumns = sql`x.id, x.name, x.location, x.total_seats, x.status, x.created_at, x.updated_at`;

/**
 * One page of the library's areas and how many match in all (exact), in one statement: one pool
 * checkout and one snapshot. A page past the end has no row to carry the total: it is counted then.
 */
export async function listAreas(
  db: DbOrTx,
  libraryId: string,
  query: AreaListQuery,
): Promise<{ rows: AreaRow[]; total: number }> {
  const total = sql`(select count(*) from areas t where ${listFilter('t', libraryId, query)})::int`;
  const picked = sql`select ${areaColumns} from areas x where ${listFilter('x', libraryId, query)}
    order by ${orderOf('x', query)} limit ${query.limit} offset ${(query.page - 1) * query.limit}`;
  const found = await executePrepared<AreaRow & { total: number }>(
    db,
    withSeatCounts(libraryId, picked, orderOf('p', query), sql`, ${total} as total`),
  );
  if (found.length > 0) {
    return { rows: found.map(({ total: _total, ...row }) => row), total: Number(found[0]!.total) };
  }
  if (query.page === 1) return { rows: [], total: 0 };
  const [counted] = await executePrepared<{ total: number }>(db, sql`select ${total} as total`);
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
