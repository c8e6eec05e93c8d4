import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { SeatState, SeatStatus } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { areas, seats } from '../../db/schema';
import { refusedAs } from '../../lib/pg-errors';
import { seatStateSql } from '../../db/seat-state';
import { isoUtc } from '../../db/sql-time';
import { executePrepared } from '../../db/prepared';
import { jsonArrayPieces } from '../../lib/json-answer';

export type SeatRow = {
  id: string;
  name: string;
  areaId: string;
  areaName: string;
  status: SeatStatus;
  capacity: number;
  state: SeatState;
  /** ISO instants, as the API answers them. */
  createdAt: string;
  updatedAt: string;
};

export interface SeatValues {
  name: string;
  areaId: string;
  status: SeatStatus;
  /** Undefined keeps the stored capacity (update only). */
  capacity?: number;
}

/** The order of an area's seats (`s`): the text before a seat's trailing number, then the number. */
const seatOrderInArea = sql`lower(regexp_replace(s.name, '[0-9]+$', '')),
  nullif(substring(s.name from '([0-9]+)$'), '')::numeric, lower(s.name), s.id`;

/** The seats' natural order (over the seat `s` and its area `a`). */
const naturalOrder = sql`lower(a.name), ${seatOrderInArea}`;

/**
 * The library's seats that `where` keeps (over the seat `s` and its area `a`), with their live
 * states (db/seat-state.ts), in natural order: by area, then the text before a seat's trailing
 * number, then the number, so A2 comes before A10. A prepared statement (db/prepared.ts): its
 * plan is safe at any library's size (see seat-state.ts), so it is planned once per connection.
 */
function selectSeats(db: DbOrTx, libraryId: string, where: SQL): Promise<SeatRow[]> {
  return executePrepared<SeatRow>(
    db,
    sql`
    select s.id, s.name, s.area_id as "areaId", a.name as "areaName", s.status, s.capacity,
      ${seatStateSql(libraryId)} as state, ${isoUtc(sql`s.created_at`)} as "createdAt", ${isoUtc(sql`s.updated_at`)} as "updatedAt"
    from seats s
    join areas a on a.id = s.area_id and a.library_id = s.library_id
    where s.library_id = ${libraryId} and ${where}
    order by ${naturalOrder}`,
  );
}

/**
 * The library's seats (or one area's) as the JSON text of the answer's array, written by
 * PostgreSQL, in pieces (one per area, at most 999 seats: `jsonArrayPieces`): the seats of
 * `selectSeats`, each an object of the API's seat fields (`seatSchema` in @app/shared, in its
 * order), in the same natural order (the areas' names are unique in any letter case, so area by
 * area in the order of their names, then each area's seats in their order, is that order). The
 * largest libraries have 16,000 seats and more: parsing that many rows, checking each against the
 * schema and writing them out again took Node about as long as PostgreSQL took to find them, and
 * held every seat in memory three times over (issue 18, docs/performance.md). Prepared
 * (db/prepared.ts), as `selectSeats`.
 */
export async function listSeatsJson(db: DbOrTx, libraryId: string, areaId?: string): Promise<string[]> {
  const where = areaId ? sql`s.area_id = ${areaId}` : sql`true`;
  // `seat` is the row of the lateral subquery: its columns, named as the API names them, are the
  // object's keys (row_to_json), and the order reads the seat and area beside it.
  const rows = await executePrepared<{ elements: string }>(
    db,
    sql`
    select string_agg(row_to_json(seat)::text, ',' order by ${seatOrderInArea}) as elements
    from seats s
    join areas a on a.id = s.area_id and a.library_id = s.library_id
    cross join lateral (
      select s.id, s.name, s.area_id, a.name as area_name, s.status, s.capacity, ${seatStateSql(libraryId)} as state,
        ${isoUtc(sql`s.created_at`)} as created_at, ${isoUtc(sql`s.updated_at`)} as updated_at
    ) seat
    where s.library_id = ${libraryId} and ${where}
    group by lower(a.name), a.id
    order by lower(a.name), a.id`,
  );
  return jsonArrayPieces(rows);
}

export async function findSeat(db: DbOrTx, libraryId: string, id: string): Promise<SeatRow | undefined> {
  const [row] = await findSeatsByIds(db, libraryId, [id]);
  return row;
}

export async function findSeatsByIds(db: DbOrTx, libraryId: string, ids: string[]): Promise<SeatRow[]> {
  if (ids.length === 0) return [];
  return selectSeats(db, libraryId, sql`s.id = any(${sql.param(ids)}::uuid[])`);
}

export async function areaExists(db: DbOrTx, libraryId: string, areaId: string): Promise<boolean> {
  const rows = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(eq(areas.libraryId, libraryId), eq(areas.id, areaId)));
  return rows.length > 0;
}

export interface LockedArea {
  id: string;
  name: string;
  totalSeats: number;
  seatCount: number;
}

/**
 * Locks the area row until the transaction ends and counts its seats. Every path that
 * adds seats to an area (create, move, generate) takes this lock first, so concurrent
 * requests queue up and the count they check is the count they write against.
 */
export async function lockArea(tx: DbOrTx, libraryId: string, areaId: string): Promise<LockedArea | undefined> {
  const [area] = await tx
    .select({ id: areas.id, name: areas.name, totalSeats: areas.totalSeats })
    .from(areas)
    .where(and(eq(areas.libraryId, libraryId), eq(areas.id, areaId)))
    .for('update');
  if (!area) return undefined;
  const [counted] = await tx
    .select({ seatCount: count() })
    .from(seats)
    .where(and(eq(seats.libraryId, libraryId), eq(seats.areaId, areaId)));
  return { ...area, seatCount: counted?.seatCount ?? 0 };
}

/** Locks a seat row and answers its area, status and capacity as they are now. */
export async function lockSeat(
  tx: DbOrTx,
  libraryId: string,
  id: string,
): Promise<{ areaId: string; status: SeatStatus; capacity: number } | undefined> {
  const [row] = await tx
    .select({ areaId: seats.areaId, status: sql<SeatStatus>`${seats.status}`, capacity: seats.capacity })
    .from(seats)
    .where(and(eq(seats.libraryId, libraryId), eq(seats.id, id)))
    .for('update');
  return row;
}

export async function seatNamesInArea(db: DbOrTx, libraryId: string, areaId: string): Promise<string[]> {
  const rows = await db
    .select({ name: seats.name })
    .from(seats)
    .where(and(eq(seats.libraryId, libraryId), eq(seats.areaId, areaId)));
  return rows.map((row) => row.name);
}

const NAME_UNIQUE = 'seats_area_name_unique';

/** Inserts a seat; `name-taken` when its area already has a seat of that name (any case). */
export async function insertSeat(db: DbOrTx, libraryId: string, values: SeatValues): Promise<string | 'name-taken'> {
  return refusedAs(
    async () => {
      const [row] = await db
        .insert(seats)
        .values({ libraryId, ...values })
        .returning({ id: seats.id });
      if (!row) throw new Error('seat insert returned nothing');
      return row.id;
    },
    NAME_UNIQUE,
    'name-taken',
  );
}

/** Inserts many seats of one area in a single statement; answers their ids. */
export async function insertSeats(db: DbOrTx, libraryId: string, areaId: string, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .insert(seats)
    .values(names.map((name) => ({ libraryId, areaId, name, status: 'active' as const })))
    .returning({ id: seats.id });
  return rows.map((row) => row.id);
}

/** Updates a seat; `name-taken` on a name clash in its area, undefined when it is not the library's. */
export async function updateSeat(
  db: DbOrTx,
  libraryId: string,
  id: string,
  values: SeatValues,
): Promise<string | 'name-taken' | undefined> {
  return refusedAs(
    async () => {
      const [row] = await db
        .update(seats)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(seats.libraryId, libraryId), eq(seats.id, id)))
        .returning({ id: seats.id });
      return row?.id;
    },
    NAME_UNIQUE,
    'name-taken',
  );
}

/** Deletes a seat; `has-history` when subscriptions still reference it (the foreign key refuses). */
export async function deleteSeat(db: DbOrTx, libraryId: string, id: string): Promise<boolean | 'has-history'> {
  return refusedAs(
    async () => {
      const deleted = await db
        .delete(seats)
        .where(and(eq(seats.libraryId, libraryId), eq(seats.id, id)))
        .returning({ id: seats.id });
      return deleted.length > 0;
    },
    'subscriptions_seat_id_seats_id_fk',
    'has-history',
  );
}

/** Reserved subscriptions at this seat that run today or later, in the library's time zone. */
export async function countCurrentOrFutureBookings(db: Pick<DbOrTx, 'execute'>, libraryId: string, seatId: string) {
  const result = await db.execute<{ total: number }>(sql`
    select count(*)::int as total from subscriptions sub
    join libraries l on l.id = sub.library_id
    where sub.library_id = ${libraryId} and sub.seat_id = ${seatId}
      and sub.plan_expires_at >= (now() at time zone l.time_zone)::date`);
  return result.rows[0]?.total ?? 0;
}
