import { describe, expect, it } from 'vitest';
import { insertArea, insertSeat } from '../test/factories';
import { inParallelTransactions, registerLibrary, useTestApp } from '../test/helpers';

// Migration 0028's counters (issue 18): whatever writes the seats, the stored counts equal a
// count of the rows, for every library, in the writing transaction and after it.
const t = useTestApp();

async function counted(libraryId: string) {
  const result = await t.pool.query<{ total: number; active: number }>(
    `select count(*)::int as total, count(*) filter (where status = 'active')::int as active
       from seats where library_id = $1`,
    [libraryId],
  );
  return result.rows[0]!;
}

async function stored(libraryId: string) {
  const result = await t.pool.query<{ total: number; active: number }>(
    `select total, active from library_seat_counts where library_id = $1`,
    [libraryId],
  );
  return result.rows[0] ?? { total: 0, active: 0 };
}

async function newLibrary() {
  const { session, auth } = await registerLibrary(t.app);
  return { libraryId: session.library.id, auth };
}

/** `n` seats in one statement (as a seed would), `inactive` of them switched off. */
async function insertMany(libraryId: string, areaId: string, n: number, inactive = 0) {
  await t.pool.query(
    `insert into seats (library_id, area_id, name, status)
     select $1, $2, 'B' || g, case when g <= $4 then 'inactive' else 'active' end from generate_series(1, $3::int) g`,
    [libraryId, areaId, n, inactive],
  );
}

describe('library_seat_counts', () => {
  it('is zero for a library that never had a seat', async () => {
    const { libraryId } = await newLibrary();
    expect(await stored(libraryId)).toEqual({ total: 0, active: 0 });
  });

  it('follows generated, added, switched, renamed and deleted seats, for each library apart, and the dashboard shows it', async () => {
    const a = await newLibrary();
    const b = await newLibrary();
    const areaA = await insertArea(t.pool, a.libraryId, { totalSeats: 12 });
    const areaB = await insertArea(t.pool, b.libraryId);
    const generated = await t.app.inject({
      method: 'POST',
      url: `/api/area/${areaA}/generate-seats`,
      headers: a.auth,
    });
    expect(generated.statusCode).toBe(201);
    await insertMany(b.libraryId, areaB, 7, 2);
    expect(await stored(a.libraryId)).toEqual({ total: 12, active: 12 });
    expect(await stored(b.libraryId)).toEqual({ total: 7, active: 5 });

    // Through the API: add one switched off (in an area with room), switch it on, delete it.
    const roomy = await insertArea(t.pool, a.libraryId, { totalSeats: 5 });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/seat',
      headers: a.auth,
      payload: { name: 'Window 1', area_id: roomy, status: 'inactive' },
    });
    expect(added.statusCode).toBe(201);
    const seatId = added.json().data.id as string;
    expect(await stored(a.libraryId)).toEqual({ total: 13, active: 12 });
    const switched = await t.app.inject({
      method: 'PUT',
      url: `/api/seat/${seatId}`,
      headers: a.auth,
      payload: { name: 'Window 1', area_id: roomy, status: 'active' },
    });
    expect(switched.statusCode).toBe(200);
    expect(await stored(a.libraryId)).toEqual({ total: 13, active: 13 });
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/7_days',
      headers: a.auth,
    });
    expect(dashboard.json().data.seat).toEqual({
      total: 13,
      active: 13,
      inactive: 0,
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/seat/${seatId}`,
      headers: a.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await stored(a.libraryId)).toEqual({ total: 12, active: 12 });

    // Many rows in one statement, both ways at once, and an edit that changes no status.
    await t.pool.query(
      `update seats set status = case when status = 'active' then 'inactive' else 'active' end where library_id = $1`,
      [b.libraryId],
    );
    await t.pool.query(`update seats set capacity = 2 where library_id = $1`, [b.libraryId]);
    expect(await stored(b.libraryId)).toEqual({ total: 7, active: 2 });
    await t.pool.query(`delete from seats where library_id = $1 and name in ('B1', 'B5')`, [b.libraryId]);
    expect(await stored(b.libraryId)).toEqual(await counted(b.libraryId));
    expect(await stored(a.libraryId)).toEqual({ total: 12, active: 12 });
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/7_days',
      headers: b.auth,
    });
    const { total, active } = await counted(b.libraryId);
    expect(other.json().data.seat).toEqual({
      total,
      active,
      inactive: total - active,
    });
  });

  it('stays exact under random writes in parallel transactions, some rolled back', async () => {
    const { libraryId } = await newLibrary();
    const areaId = await insertArea(t.pool, libraryId);
    await insertMany(libraryId, areaId, 30, 5);
    await inParallelTransactions(
      t.pool,
      40,
      async (client, i) => {
        if (i % 3 === 0) {
          await client.query(`insert into seats (library_id, area_id, name, status) values ($1, $2, $3, $4)`, [
            libraryId,
            areaId,
            `P${i}`,
            i % 2 ? 'active' : 'inactive',
          ]);
        } else if (i % 3 === 1) {
          await client.query(
            `update seats set status = case when status = 'active' then 'inactive' else 'active' end
              where id = (select id from seats where library_id = $1 order by random() limit 1)`,
            [libraryId],
          );
        } else {
          await client.query(
            `delete from seats where id = (select id from seats where library_id = $1 order by random() limit 1)`,
            [libraryId],
          );
        }
      },
      { errorsExpected: true },
    );
    expect(await stored(libraryId)).toEqual(await counted(libraryId));
  });

  it('is seen by the writing transaction itself, and an edit that changes no status does not wait for it', async () => {
    const { libraryId } = await newLibrary();
    const areaId = await insertArea(t.pool, libraryId);
    const first = await insertSeat(t.pool, libraryId, areaId, { name: 'One' });
    const second = await insertSeat(t.pool, libraryId, areaId, { name: 'Two' });
    const writer = await t.pool.connect();
    const other = await t.pool.connect();
    try {
      await writer.query('begin');
      await writer.query(`update seats set status = 'inactive' where id = $1`, [first]);
      const inside = await writer.query(`select total, active from library_seat_counts where library_id = $1`, [
        libraryId,
      ]);
      expect(inside.rows[0]).toEqual({ total: 2, active: 1 });
      // The writer holds the counter row; renaming another seat must not queue behind it.
      await other.query('begin');
      await other.query(`set local lock_timeout = '2s'`);
      await other.query(`update seats set name = 'Quiet' where id = $1`, [second]);
      await other.query('commit');
      await writer.query('rollback');
    } finally {
      writer.release();
      other.release();
    }
    expect(await stored(libraryId)).toEqual({ total: 2, active: 2 });
  });

  it('goes with its library', async () => {
    const { libraryId } = await newLibrary();
    const areaId = await insertArea(t.pool, libraryId);
    await insertMany(libraryId, areaId, 5);
    await t.pool.query('delete from libraries where id = $1', [libraryId]);
    const rows = await t.pool.query('select 1 from library_seat_counts where library_id = $1', [libraryId]);
    expect(rows.rowCount).toBe(0);
  });
});
