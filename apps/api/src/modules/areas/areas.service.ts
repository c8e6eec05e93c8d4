import { messages, paginate, type Area, type AreaBody, type AreaListQuery, type AreaPage } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import type { Actor, ServiceContext } from '../../lib/service-context';
import { conflict, notFound } from '../../errors';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import { editKeepingBookedPlaces } from '../../lib/booking/capacity';
import * as repository from './areas.repository';

export type AreasContext = ServiceContext;

const m = messages.areas;

/** An area as the API answers it. */
export function presentArea(row: repository.AreaRow): Area {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    total_seats: row.totalSeats,
    status: row.status,
    seatCount: row.seatCount,
    availableSeats: row.availableSeats,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function toValues(body: AreaBody): repository.AreaValues {
  return {
    name: body.area_name,
    totalSeats: body.total_seats,
    status: body.status,
    ...(body.location === undefined ? {} : { location: body.location }),
  };
}

async function answerArea(db: DbOrTx, libraryId: string, id: string): Promise<Area> {
  const row = await repository.findArea(db, libraryId, id);
  if (!row) throw notFound(m.notFound);
  return presentArea(row);
}

export async function listAreas(context: AreasContext, actor: Actor, query: AreaListQuery): Promise<AreaPage> {
  const { db } = context;
  const { libraryId } = actor;
  const { rows, total } = await repository.listAreas(db, libraryId, query);
  return { areas: rows.map(presentArea), pagination: paginate(query.page, query.limit, total) };
}

export async function listAllAreas(context: AreasContext, actor: Actor): Promise<Area[]> {
  const { db } = context;
  const { libraryId } = actor;
  return (await repository.listAllAreas(db, libraryId)).map(presentArea);
}

export function getArea(context: AreasContext, actor: Actor, id: string): Promise<Area> {
  const { db } = context;
  const { libraryId } = actor;
  return answerArea(db, libraryId, id);
}

export async function createArea(context: AreasContext, actor: Actor, body: AreaBody): Promise<Area> {
  const { db } = context;
  const { libraryId } = actor;
  const id = await repository.insertArea(db, libraryId, toValues(body));
  if (id === 'name-taken') throw conflict(m.nameTaken, 'area_name');
  return answerArea(db, libraryId, id);
}

/**
 * Saves an area. Total Seats may not drop below the seats the area holds: the area
 * row stays locked from the count to the write, so a seat added meanwhile waits.
 * Putting it under maintenance or setting it inactive takes its seats out of use,
 * refused (409) when current or future subscriptions would be left without a place;
 * the check runs under the library's booking lock, so no booking slips in meanwhile.
 */
export async function updateArea(context: AreasContext, actor: Actor, id: string, body: AreaBody): Promise<Area> {
  const { db } = context;
  const { libraryId } = actor;
  await editKeepingBookedPlaces(
    db,
    libraryId,
    async (tx) => {
      const locked = await repository.lockArea(tx, libraryId, id);
      if (!locked) throw notFound(m.notFound);
      if (body.total_seats < locked.seatCount) throw conflict(m.shrinkBelowSeats(locked.seatCount), 'total_seats');
      const saved = await repository.updateArea(tx, libraryId, id, toValues(body));
      if (saved === 'name-taken') throw conflict(m.nameTaken, 'area_name');
      if (!saved) throw notFound(m.notFound);
    },
    // Only the status takes places away: Total Seats caps how many seats exist, not their places.
    () => 'status',
  );
  return answerArea(db, libraryId, id);
}

/** Deletes an empty area (audited); one that still has seats is refused, so no seat loses its area. */
export async function deleteArea(context: AreasContext, actor: Actor, id: string): Promise<void> {
  const { db } = context;
  const { libraryId } = actor;
  await db.transaction(async (tx) => {
    const locked = await repository.lockArea(tx, libraryId, id);
    if (!locked) throw notFound(m.notFound);
    if (locked.seatCount > 0) throw conflict(m.hasSeats(locked.seatCount));
    const deleted = await repository.deleteArea(tx, libraryId, id);
    if (deleted === 'has-seats') throw conflict(m.hasSeats(1));
    if (!deleted) throw notFound(m.notFound);
  });
  await writeAudit(db, actor, { action: AUDIT_ACTIONS.areaDeleted, entityType: 'area', entityId: id });
}
