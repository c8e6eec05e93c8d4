import { describe, expect, it } from 'vitest';
import { insertStudent } from '../test/factories';
import { inParallelTransactions, registerLibrary, useTestApp } from '../test/helpers';
import { readStudentCounts } from './student-counts.repository';

// Migration 0017's counters (issue 18): whatever writes the students, the stored counts equal a
// count of the rows, for every library, in the writing transaction and after it.
const t = useTestApp();

async function counted(libraryId: string) {
  const result = await t.pool.query<{ active: number; left: number }>(
    `select count(*) filter (where status = 'active')::int as active, count(*) filter (where status = 'left')::int as left
       from students where library_id = $1`,
    [libraryId],
  );
  return result.rows[0]!;
}

async function newLibrary() {
  const { session, auth } = await registerLibrary(t.app);
  return { libraryId: session.library.id, auth };
}

/** Inserts `n` students in one statement (as an import or a seed would), `left` of them as leavers. */
async function insertMany(libraryId: string, n: number, left = 0) {
  await t.pool.query(
    `insert into students (library_id, first_name, last_name, mobile, email, dob, aadhaar_encrypted, aadhaar_hash,
                           aadhaar_last4, status, left_at)
     select $1, 'Bulk', 'Row ' || g, lpad((6000000000 + (random() * 999999999)::bigint)::text, 10, '0'),
            md5(random()::text) || '@example.com', '2000-01-01', 'x', md5(random()::text) || md5(random()::text), '1234',
            case when g <= $3 then 'left' else 'active' end, case when g <= $3 then now() end
       from generate_series(1, $2) g`,
    [libraryId, n, left],
  );
}

describe('library_student_counts', () => {
  it('is zero for a library that never had a student', async () => {
    const { libraryId } = await newLibrary();
    expect(await readStudentCounts(t.app.db, libraryId)).toEqual({ active: 0, left: 0 });
  });

  it('follows single and bulk inserts, leaving, returning, edits and deletes, for each library apart', async () => {
    const a = await newLibrary();
    const b = await newLibrary();
    await insertMany(a.libraryId, 250, 40);
    await insertMany(b.libraryId, 7);
    const one = await insertStudent(t.pool, a.libraryId);
    expect(await readStudentCounts(t.app.db, a.libraryId)).toEqual({ active: 211, left: 40 });
    expect(await readStudentCounts(t.app.db, b.libraryId)).toEqual({ active: 7, left: 0 });

    // Through the API: leave and return.
    const leave = await t.app.inject({ method: 'POST', url: `/api/user/${one.id}/leave`, headers: a.auth });
    expect(leave.statusCode).toBe(200);
    expect(await readStudentCounts(t.app.db, a.libraryId)).toEqual({ active: 210, left: 41 });
    const rejoin = await t.app.inject({ method: 'POST', url: `/api/user/${one.id}/rejoin`, headers: a.auth });
    expect(rejoin.statusCode).toBe(200);
    expect(await readStudentCounts(t.app.db, a.libraryId)).toEqual({ active: 211, left: 40 });

    // Many rows in one statement, in both directions at once, and an edit that changes no status.
    await t.pool.query(
      `update students set status = case when status = 'active' then 'left' else 'active' end,
              left_at = case when status = 'active' then now() end
        where library_id = $1 and first_name = 'Bulk' and (last_name like 'Row 1%' or last_name like 'Row 2%')`,
      [a.libraryId],
    );
    await t.pool.query(`update students set first_name = 'Renamed' where library_id = $1 and last_name like 'Row 3%'`, [
      a.libraryId,
    ]);
    expect(await readStudentCounts(t.app.db, a.libraryId)).toEqual(await counted(a.libraryId));

    await t.pool.query(
      `delete from students where library_id = $1 and (last_name like 'Row 5%' or last_name = 'Row 17')`,
      [a.libraryId],
    );
    expect(await readStudentCounts(t.app.db, a.libraryId)).toEqual(await counted(a.libraryId));
    expect(await readStudentCounts(t.app.db, b.libraryId)).toEqual({ active: 7, left: 0 });
  });

  it('stays exact under random writes in parallel transactions, some rolled back', async () => {
    const { libraryId } = await newLibrary();
    await insertMany(libraryId, 60, 10);
    await inParallelTransactions(
      t.pool,
      40,
      async (client, i) => {
        if (i % 3 === 0) {
          await client.query(
            `insert into students (library_id, first_name, last_name, mobile, email, dob, aadhaar_encrypted, aadhaar_hash, aadhaar_last4)
             values ($1, 'Par', $2, '9' || lpad(($3)::text, 9, '0'), $2 || '@example.com', '2000-01-01', 'x', md5($2), '1234')`,
            [libraryId, `par-${i}-${Math.random()}`, i],
          );
        } else if (i % 3 === 1) {
          await client.query(
            `update students set status = case when status = 'active' then 'left' else 'active' end
              where id = (select id from students where library_id = $1 order by random() limit 1)`,
            [libraryId],
          );
        } else {
          await client.query(
            `delete from students where id = (select id from students where library_id = $1 order by random() limit 1)`,
            [libraryId],
          );
        }
      },
      { errorsExpected: true },
    );
    expect(await readStudentCounts(t.app.db, libraryId)).toEqual(await counted(libraryId));
  });

  it('is seen by the writing transaction itself, and an edit that changes no status does not wait for it', async () => {
    const { libraryId } = await newLibrary();
    await insertMany(libraryId, 3);
    const writer = await t.pool.connect();
    const other = await t.pool.connect();
    try {
      await writer.query('begin');
      await writer.query(
        `update students set status = 'left', left_at = now() where library_id = $1 and last_name = 'Row 1'`,
        [libraryId],
      );
      const inside = await writer.query(`select active, "left" from library_student_counts where library_id = $1`, [
        libraryId,
      ]);
      expect(inside.rows[0]).toEqual({ active: 2, left: 1 });
      // The writer holds the counter row; renaming another student must not queue behind it.
      await other.query('begin');
      await other.query(`set local lock_timeout = '2s'`);
      await other.query(`update students set first_name = 'Quiet' where library_id = $1 and last_name = 'Row 2'`, [
        libraryId,
      ]);
      await other.query('commit');
      await writer.query('rollback');
    } finally {
      writer.release();
      other.release();
    }
    expect(await readStudentCounts(t.app.db, libraryId)).toEqual({ active: 3, left: 0 });
  });

  it('goes with its library', async () => {
    const { libraryId } = await newLibrary();
    await insertMany(libraryId, 5);
    await t.pool.query('delete from libraries where id = $1', [libraryId]);
    const rows = await t.pool.query('select 1 from library_student_counts where library_id = $1', [libraryId]);
    expect(rows.rowCount).toBe(0);
  });
});
