import { describe, expect, it } from 'vitest';
import { insertStudent } from '../test/factories';
import { inParallelTransactions, registerLibrary, useTestApp } from '../test/helpers';

// Migration 0027's kept fee counts (issue 18): whatever writes the fees, in any transactions side
// by side (each adds to its own backend's slot), the sum of a library's rows equals a count of its
// fees, and the report's unfiltered total is that number.
const t = useTestApp();

async function newLibrary() {
  const { session, auth } = await registerLibrary(t.app);
  const libraryId = session.library.id as string;
  const student = await insertStudent(t.pool, libraryId);
  const plan = await t.pool.query<{ id: string }>(
    `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
     values ($1, $2, false, '06:00', '14:00', current_date, current_date + 29, 1) returning id`,
    [libraryId, student.id],
  );
  return { libraryId, auth, studentId: student.id, planId: plan.rows[0]!.id };
}

type Library = Awaited<ReturnType<typeof newLibrary>>;

/** `n` fees of the library's one plan in one statement, on `db` (the pool or a transaction's client). */
async function insertFees(db: { query: typeof t.pool.query }, library: Library, n: number) {
  await db.query(
    `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved)
     select $1, $2, $3, 100 + g, 1, 'Cash', 'balance', false from generate_series(1, $4::int) g`,
    [library.libraryId, library.planId, library.studentId, n],
  );
}

async function kept(libraryId: string): Promise<number> {
  const { rows } = await t.pool.query<{ total: string }>(
    `select coalesce(sum(total), 0)::text as total from library_fee_counts where library_id = $1`,
    [libraryId],
  );
  return Number(rows[0]!.total);
}

async function counted(libraryId: string): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(`select count(*)::int as n from fees where library_id = $1`, [
    libraryId,
  ]);
  return rows[0]!.n;
}

async function reportTotal(library: Library): Promise<number> {
  const response = await t.app.inject({ url: '/api/fee', headers: library.auth });
  expect(response.statusCode).toBe(200);
  return response.json().data.pagination.totalItems as number;
}

describe('library_fee_counts', () => {
  it('follows inserts, voids and deletes of each library apart, and is what the report counts', async () => {
    const a = await newLibrary();
    const b = await newLibrary();
    expect(await reportTotal(a)).toBe(0);
    await insertFees(t.pool, a, 120);
    await insertFees(t.pool, b, 7);
    await insertFees(t.pool, a, 1);
    expect(await kept(a.libraryId)).toBe(121);
    expect(await kept(b.libraryId)).toBe(7);
    expect(await reportTotal(a)).toBe(121);

    // A void keeps its row, and the report lists it: the number does not change.
    await t.pool.query(
      `update fees set voided_at = now(), void_reason = 'entered twice'
        where library_id = $1 and amount < 150`,
      [a.libraryId],
    );
    expect(await kept(a.libraryId)).toBe(121);

    await t.pool.query(`delete from fees where library_id = $1 and amount > 200`, [a.libraryId]);
    expect(await kept(a.libraryId)).toBe(await counted(a.libraryId));
    expect(await kept(a.libraryId)).toBe(101);
    expect(await reportTotal(a)).toBe(101);
    // A filter is counted, not read from the kept number.
    const filtered = await t.app.inject({ url: '/api/fee?status=void', headers: a.auth });
    expect(filtered.json().data.pagination.totalItems).toBe(50);
    expect(await kept(b.libraryId)).toBe(7);
  });

  it('stays exact under writes in parallel transactions, some rolled back', async () => {
    const libraries = [await newLibrary(), await newLibrary()];
    await inParallelTransactions(t.pool, 40, async (client, i) => {
      const library = libraries[i % 2]!;
      await insertFees(client, library, 1 + (i % 5));
      if (i % 3 === 0)
        await client.query(`delete from fees where id = (select min(id::text)::uuid from fees where library_id = $1)`, [
          library.libraryId,
        ]);
    });
    for (const library of libraries) {
      expect(await kept(library.libraryId)).toBe(await counted(library.libraryId));
      expect(await counted(library.libraryId)).toBeGreaterThan(0);
    }
    // More than one writer's slot was used: the sum is over several rows.
    const { rows } = await t.pool.query<{ slots: number }>(
      `select count(*)::int as slots from library_fee_counts where library_id = $1`,
      [libraries[0]!.libraryId],
    );
    expect(rows[0]!.slots).toBeGreaterThan(1);
  });

  it('leaves nothing behind when a library is deleted with its fees', async () => {
    const library = await newLibrary();
    await insertFees(t.pool, library, 3);
    await t.pool.query(`delete from libraries where id = $1`, [library.libraryId]);
    const { rows } = await t.pool.query(`select 1 from library_fee_counts where library_id = $1`, [library.libraryId]);
    expect(rows).toHaveLength(0);
  });
});
