import { messages, nextSeatNames, SEAT_LIMITS, type GeneratedSeats, type Seat, type SeatBody } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import type { Actor, ServiceContext } from '../../lib/service-context';
import { AppError, conflict, notFound } from '../../errors';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import { editKeepingBookedPlaces } from '../../lib/booking/capacity';
import * as repository from './seats.repository';

export type SeatsContext = ServiceContext;

const m = messages.seats;

/** A seat as the API answers it. */
export function presentSeat(row: repository.SeatRow): Seat {
  return {
    id: row.id,
    name: row.name,
    area_id: row.areaId,
    area_name: row.areaName,
    status: row.status,
    capacity: row.capacity,
    state: row.state,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

// The area is named in the body, so the 404 points at that field.
const areaNotFound = () => new AppError(404, m.areaNotFound, [{ field: 'area_id', message: m.areaNotFound }]);

async function answerSeat(db: DbOrTx, libraryId: string, id: string): Promise<Seat> {
  const row = await repository.findSeat(db, libraryId, id);
  if (!row) throw notFound(m.notFound);
  return presentSeat(row);
}

/** Locks the area a seat is joining and refuses when it already holds Total Seats seats. */
async function lockAreaWithRoom(tx: DbOrTx, libraryId: string, areaId: string) {
  const area = await repository.lockArea(tx, libraryId, areaId);
  if (!area) throw areaNotFound();
  if (area.seatCount >= area.totalSeats) throw conflict(m.areaFull(area.totalSeats), 'area_id');
  return area;
}

/**
 * The library's seats, or one area's (404 when the area is not the library's), as the JSON text
 * of the answer's array (`Seat[]`) in pieces, written by PostgreSQL (repository.listSeatsJson).
 */
export async function listSeatsJson(context: SeatsContext, actor: Actor, areaId?: string): Promise<string[]> {
  const { db } = context;
  const { libraryId } = actor;
  if (areaId && !(await repository.areaExists(db, libraryId, areaId))) throw notFound(messages.areas.notFound);
  return repository.listSeatsJson(db, libraryId, areaId);
}

/**
 * Adds a seat, never past its area's Total Seats, even when requests race (the area row is
 * locked). Every seat write takes the library's booking lock first, so the locks are always
 * taken in the same order (library, seat, area) and edits queue behind bookings.
 */
export async function createSeat(context: SeatsContext, actor: Actor, body: SeatBody): Promise<Seat> {
  const { db } = context;
  const { libraryId } = actor;
  const id = await editKeepingBookedPlaces(db, libraryId, async (tx) => {
    await lockAreaWithRoom(tx, libraryId, body.area_id);
    const inserted = await repository.insertSeat(tx, libraryId, {
      name: body.name,
      areaId: body.area_id,
      status: body.status,
      capacity: body.capacity ?? SEAT_LIMITS.defaultCapacity,
    });
    if (inserted === 'name-taken') throw conflict(m.nameTaken, 'name');
    return inserted;
  });
  return answerSeat(db, libraryId, id);
}

/** The field a refused edit points at: the change that took the places away. */
function placesTakenBy(current: { status: string; capacity: number }, body: SeatBody): string {
  if (body.capacity !== undefined && body.capacity < current.capacity) return 'capacity';
  if (body.status === 'inactive' && current.status !== 'inactive') return 'status';
  return 'area_id';
}

/**
 * Saves a seat; moving it to another area needs room there, checked under that area's lock.
 * Lowering its capacity, setting it inactive or moving it into an area not in use is refused
 * (409) when current or future subscriptions would be left without a place.
 */
export async function updateSeat(context: SeatsContext, actor: Actor, id: string, body: SeatBody): Promise<Seat> {
  const { db } = context;
  const { libraryId } = actor;
  await editKeepingBookedPlaces(
    db,
    libraryId,
    async (tx) => {
      const current = await repository.lockSeat(tx, libraryId, id);
      if (!current) throw notFound(m.notFound);
      if (current.areaId !== body.area_id) await lockAreaWithRoom(tx, libraryId, body.area_id);
      const saved = await repository.updateSeat(tx, libraryId, id, {
        name: body.name,
        areaId: body.area_id,
        status: body.status,
        ...(body.capacity === undefined ? {} : { capacity: body.capacity }),
      });
      if (saved === 'name-taken') throw conflict(m.nameTaken, 'name');
      if (!saved) throw notFound(m.notFound);
      return current;
    },
    (current) => placesTakenBy(current, body),
  );
  return answerSeat(db, libraryId, id);
}

/**
 * Deletes a seat, unless a subscription holds it now or later (409 saying how many),
 * or held it before: deleting never loses history (DESIGN.md §3), so such a seat is
 * set inactive instead. An unreserved seat the pool still needs is refused too. Audited.
 */
export async function deleteSeat(context: SeatsContext, actor: Actor, id: string): Promise<void> {
  const { db } = context;
  const { libraryId } = actor;
  await editKeepingBookedPlaces(db, libraryId, async (tx) => {
    const bookings = await repository.countCurrentOrFutureBookings(tx, libraryId, id);
    if (bookings > 0) throw conflict(m.hasBookings(bookings));
    const deleted = await repository.deleteSeat(tx, libraryId, id);
    if (deleted === 'has-history') throw conflict(m.hasHistory);
    if (!deleted) throw notFound(m.notFound);
  });
  await writeAudit(db, actor, { action: AUDIT_ACTIONS.seatDeleted, entityType: 'seat', entityId: id });
}

/**
 * Fills an area up to its Total Seats with numbered seats that continue its existing
 * names (A1..A10 → A11..A40), in one transaction and one insert, under the area's lock.
 */
export async function generateSeats(context: SeatsContext, actor: Actor, areaId: string): Promise<GeneratedSeats> {
  const { db } = context;
  const { libraryId } = actor;
  const ids = await editKeepingBookedPlaces(db, libraryId, async (tx) => {
    const area = await repository.lockArea(tx, libraryId, areaId);
    if (!area) throw notFound(messages.areas.notFound);
    const room = area.totalSeats - area.seatCount;
    if (room <= 0) throw conflict(m.areaFull(area.totalSeats));
    const existing = await repository.seatNamesInArea(tx, libraryId, areaId);
    return repository.insertSeats(tx, libraryId, areaId, nextSeatNames(area.name, existing, room));
  });
  const seats = (await repository.findSeatsByIds(db, libraryId, ids)).map(presentSeat);
  return { created: seats.length, seats };
}
