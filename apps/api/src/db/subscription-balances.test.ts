import { describe, expect, it } from 'vitest';
import { insertStudent } from '../test/factories';
import { inParallelTransactions, registerLibrary, useTestApp } from '../test/helpers';

// Migration 0021's kept sums (issue 18): whatever writes the charges and the fees, each
// subscription's kept price and paid equal THE balance rule's sums (db/account.ts: every charge;
// every fee not voided, an adjustment with its sign), for every library, after any mix of writes.
const t = useTestApp();

async function newLibrary() {
  const { session } = await registerLibrary(t.app);
  return session.library.id as string;
}

/** `n` subscriptions of one new student, written straight to the database. */
async function plans(libraryId: string, n: number): Promise<Array<{ id: string; student_id: string }>> {
  const student = await insertStudent(t.pool, libraryId);
  const { rows } = await t.pool.query<{ id: string; student_id: string }>(
    `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
     select $1, $2, false, '06:00', '08:00', current_date - g, current_date + 30 - g, 1 from generate_series(1, $3) g
     returning id, student_id`,
    [libraryId, student.id, n],
  );
  return rows;
}

/** Kept and computed sums of every subscription of the library that has either, as text to compare exactly. */
async function compare(libraryId: string) {
  const { rows } = await t.pool.query<{ id: string; kept: string | null; rule: string }>(
    `select s.id,
            (select b.price || '/' || b.paid from subscription_balances b where b.subscription_id = s.id) as kept,
            (select coalesce(sum(c.price), 0)::numeric(14, 2) from subscription_charges c where c.library_id = s.library_id and c.subscription_id = s.id)
              || '/' ||
            (select coalesce(sum(f.amount), 0)::numeric(14, 2) from fees f where f.library_id = s.library_id and f.subscription_id = s.id and f.voided_at is null) as rule
       from subscriptions s where s.library_id = $1 order by s.id`,
    [libraryId],
  );
  return rows.map((row) => ({ id: row.id, kept: row.kept ?? '0.00/0.00', rule: row.rule }));
}

const expectKeptEqualsRule = async (libraryId: string) => {
  const rows = await compare(libraryId);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.map((row) => ({ id: row.id, sums: row.kept }))).toEqual(
    rows.map((row) => ({ id: row.id, sums: row.rule })),
  );
};

async function charge(libraryId: string, plan: { id: string; student_id: string }, price: number) {
  await t.pool.query(
    `insert into subscription_charges (library_id, subscription_id, student_id, kind, duration_months, price)
     values ($1, $2, $3, 'new', 1, $4)`,
    [libraryId, plan.id, plan.student_id, price],
  );
}

async function pay(libraryId: string, plan: { id: string; student_id: string }, amount: number) {
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved)
     values ($1, $2, $3, $4, 1, 'Cash', 'balance', false) returning id`,
    [libraryId, plan.id, plan.student_id, amount],
  );
  return rows[0]!.id;
}

describe('subscription_balances', () => {
  it('follows charges, payments, voids, edits and deletes, one by one and in bulk, for each library apart', async () => {
    const a = await newLibrary();
    const b = await newLibrary();
    const [p1, p2, p3] = await plans(a, 3);
    const [q1] = await plans(b, 1);
    await charge(a, p1!, 1200);
    await charge(a, p2!, 900.5);
    await charge(b, q1!, 700);
    const paid = await pay(a, p1!, 500);
    await pay(a, p2!, 900.5);
    await pay(b, q1!, 100);
    const owing = async (libraryId: string) =>
      (
        await t.pool.query<{ id: string }>(
          `select subscription_id as id from subscription_balances where library_id = $1 and price > paid order by 1`,
          [libraryId],
        )
      ).rows.map((row) => row.id);
    expect(await owing(a)).toEqual([p1!.id]);
    expect(await owing(b)).toEqual([q1!.id]);

    // A void counts for nothing; an edit of another column changes nothing; an adjustment counts with its sign.
    await t.pool.query(`update fees set voided_at = now(), void_reason = 'wrong student' where id = $1`, [paid]);
    await t.pool.query(`update fees set updated_at = now(), mode = 'UPI' where library_id = $1`, [a]);
    await t.pool.query(
      `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved, adjusts_id, reason)
       select library_id, subscription_id, student_id, -200.5, 1, 'Cash', 'adjustment', false, id, 'refund'
       from fees where library_id = $1 and subscription_id = $2 and voided_at is null`,
      [a, p2!.id],
    );
    expect(await owing(a)).toEqual([p1!.id, p2!.id].sort());
    await expectKeptEqualsRule(a);

    // Many rows in one statement: a charge for each plan, a payment of it, an amount edited, a fee deleted.
    await t.pool.query(
      `insert into subscription_charges (library_id, subscription_id, student_id, kind, duration_months, price)
       select library_id, id, student_id, 'renewal', 1, 450 from subscriptions where library_id = $1`,
      [a],
    );
    await t.pool.query(
      `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved)
       select library_id, id, student_id, 450, 1, 'UPI', 'renewal', false from subscriptions where library_id = $1`,
      [a],
    );
    await t.pool.query(`update subscription_charges set price = price + 10 where library_id = $1`, [a]);
    await t.pool.query(`update fees set amount = amount + 1 where library_id = $1 and kind = 'renewal'`, [a]);
    await t.pool.query(`delete from fees where library_id = $1 and subscription_id = $2 and kind = 'renewal'`, [
      a,
      p3!.id,
    ]);
    await t.pool.query(
      `delete from subscription_charges where library_id = $1 and subscription_id = $2 and kind = 'renewal'`,
      [a, p3!.id],
    );
    await expectKeptEqualsRule(a);
    await expectKeptEqualsRule(b);
  });

  it('stays equal to the rule under random writes in parallel transactions, some rolled back', async () => {
    const libraryId = await newLibrary();
    const all = await plans(libraryId, 6);
    await inParallelTransactions(t.pool, 60, async (client, i) => {
      const plan = all[i % all.length]!;
      const kind = i % 5;
      if (kind === 0) {
        await client.query(
          `insert into subscription_charges (library_id, subscription_id, student_id, kind, duration_months, price)
             values ($1, $2, $3, 'new', 1, $4)`,
          [libraryId, plan.id, plan.student_id, 100 + i],
        );
      } else if (kind === 1 || kind === 2) {
        await client.query(
          `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved)
             values ($1, $2, $3, $4, 1, 'Cash', 'balance', false)`,
          [libraryId, plan.id, plan.student_id, 10 + i],
        );
      } else if (kind === 3) {
        await client.query(
          `update fees set voided_at = now(), void_reason = 'test'
              where id = (select id from fees where library_id = $1 and voided_at is null order by random() limit 1)`,
          [libraryId],
        );
      } else {
        await client.query(
          `update fees set amount = amount + 7 where library_id = $1 and subscription_id = $2 and voided_at is null`,
          [libraryId, all[(i + 1) % all.length]!.id],
        );
        await client.query(
          `update subscription_charges set price = price + 3 where library_id = $1 and subscription_id = $2`,
          [libraryId, plan.id],
        );
      }
    });
    await expectKeptEqualsRule(libraryId);
  });

  it('goes with its library, whose fees and charges go with it', async () => {
    const libraryId = await newLibrary();
    const [plan] = await plans(libraryId, 1);
    await charge(libraryId, plan!, 800);
    await pay(libraryId, plan!, 300);
    await t.pool.query('delete from libraries where id = $1', [libraryId]);
    const left = await t.pool.query('select 1 from subscription_balances where library_id = $1', [libraryId]);
    expect(left.rowCount).toBe(0);
  });
});
