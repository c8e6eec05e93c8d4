import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AreaListQuery, AreaStatus, AreaSortKey } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { areas, seats } from '../../db/schema';
import { refusedAs } from '../../lib/pg-errors';
import { seatStateSql } from '../../db/seat-state';
import { containsPattern } from '../../lib/sql-like';

export interface AreaRow {
  id: string;
  name: string;
  location: string | null;
  totalSeats: number;
  status: AreaStatus;
  seatCount: number;
  availableSeats: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface AreaValues {
  name: string;
  totalSeats: number;
  status: AreaStatus;
  /** Undefined keeps the stored location (update only). */
  location?: string | null;
}

/** Per area of the library: seats that exist, and seats whose live state is `available`. */
function seatStats(db: DbOrTx, libraryId: string) {
  return db
    .select({
      areaId: seats.areaId,
      seatCount: sql<number>`count(*)::int`.as('seat_count'),
      availableSeats: sql<number>`(count(*) filter (where ${seatStateSql()} = 'available'))::int`.as('available_seats'),
    })
    .from(seats)
    .innerJoin(areas, eq(areas.id, seats.areaId))
    .where(eq(seats.libraryId, libraryId))
    .groupBy(seats.areaId)
    .as('seat_stats');
}

/** Areas with their seat counts (and `extra` columns); the caller adds the filter, order and paging. */
function selectAreas<Extra extends Record<string, SQL>>(db: DbOrTx, libraryId: string, extra?: Extra) {
  const stats = seatStats(db, libraryId);
  return db
    .select({
      ...(extra as Extra),
      id: areas.id,
      name: areas.name,
      location: areas.location,
      totalSeats: areas.totalSeats,
      status: sql<AreaStatus>`${areas.status}`,
      seatCount: sql<number>`coalesce(${stats.seatCount}, 0)`,
      availableSeats: sql<number>`coalesce(${stats.availableSeats}, 0)`,
      createdAt: areas.createdAt,
      updatedAt: areas.updatedAt,
    })
    .from(areas)
    .leftJoin(stats, eq(stats.areaId, areas.id));
}

const SORT_COLUMNS: Record<AreaSortKey, SQL | AnyPgColumn> = {
  name: sql`lower(${areas.name})`,
  total_seats: areas.totalSeats,
  status: areas.status,
  created_at: areas.createdAt,
};

function listFilter(libraryId: string, query: Pick<AreaListQuery, 'search' | 'status'>): SQL | undefined {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return and(
    eq(areas.libraryId, libraryId),
    query.status ? eq(areas.status, query.status) : undefined,
    pattern ? or(ilike(areas.name, pattern), ilike(areas.location, pattern)) : undefined,
  );
}

/**
 * One page of the library's areas and how many match in all (exact), in one statement: one pool
 * checkout and one snapshot. A page past the end has no
 * row to carry the total: it is counted then.
 */
export async function listAreas(
  db: DbOrTx,
  libraryId: string,
  query: AreaListQuery,
): Promise<{ rows: AreaRow[]; total: number }> {
  const where = listFilter(libraryId, query);
  const direction = query.sortOrder === 'DESC' ? desc : asc;
  const total = db.select({ total: count() }).from(areas).where(where);
  const page = selectAreas(db, libraryId, { total: sql<number>`(${total})::int` })
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sortBy]), asc(sql`lower(${areas.name})`), asc(areas.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  // Not a prepared statement: after five runs PostgreSQL would switch to a generic plan, sized for
  // an average library, which works out the seat states 6 times slower at a library of thousands of
  // seats (bench/saas: 50-67 ms with a plan for the library, 318-372 ms generic). Planned each time.
  const found = await page;
  if (found.length > 0) {
    return { rows: found.map(({ total: _total, ...row }) => row), total: Number(found[0]!.total) };
  }
  if (query.page === 1) return { rows: [], total: 0 };
  const [counted] = await total;
  return { rows: [], total: counted?.total ?? 0 };
}

/** Every area of the library by name (the dropdowns). */
export function listAllAreas(db: DbOrTx, libraryId: string): Promise<AreaRow[]> {
  return selectAreas(db, libraryId)
    .where(eq(areas.libraryId, libraryId))
    .orderBy(asc(sql`lower(${areas.name})`), asc(areas.id));
}

export async function findArea(db: DbOrTx, libraryId: string, id: string): Promise<AreaRow | undefined> {
  const [row] = await selectAreas(db, libraryId).where(and(eq(areas.libraryId, libraryId), eq(areas.id, id)));
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
