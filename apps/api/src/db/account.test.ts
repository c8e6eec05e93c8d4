import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertPlan } from '../modules/dues/dues.fixtures';
import { libraryWithArea } from '../test/bookings';
import { insertStudent } from '../test/factories';
import { useTestApp } from '../test/helpers';
import { accountSql, balanceSql, type AccountOwner } from './account';

// The one balance rule (agreed prices minus payments) that subscriptions, the ledger, the dues
// and the student detail all read.
const t = useTestApp();

async function accountOf(owner: AccountOwner) {
  const result = await t.app.db.execute<{ price: string; paid: string; balance: string }>(
    sql`select a.price::text as price, a.paid::text as paid, a.balance::text as balance from ${accountSql(owner)} a`,
  );
  return result.rows[0];
}

/** A student with two plans (₹3,000 + ₹500 agreed, ₹1,000 paid; ₹2,000 agreed and paid) and another student. */
async function setup() {
  const { libraryId } = await libraryWithArea(t);
  const student = await insertStudent(t.pool, libraryId);
  const owing = await insertPlan(t.pool, libraryId, student.id, {
    expiresIn: 10,
    prices: ['3000.00', '500.50'],
    payments: ['999.99', '0.01'],
  });
  const paid = await insertPlan(t.pool, libraryId, student.id, { expiresIn: 20, prices: [2000] });
  const other = await insertStudent(t.pool, libraryId);
  const otherPlan = await insertPlan(t.pool, libraryId, other.id, { expiresIn: 5, prices: [700], payments: [] });
  return { libraryId, studentId: student.id, owing, paid, otherId: other.id, otherPlan };
}

describe('the account of a subscription or a student', () => {
  it("sums a subscription's agreed prices and payments exactly, and answers their difference", async () => {
    const { libraryId, owing, paid, otherPlan } = await setup();
    const library = sql`${libraryId}`;
    expect(await accountOf({ libraryId: library, subscriptionId: sql`${owing}` })).toEqual({
      price: '3500.50',
      paid: '1000.00',
      balance: '2500.50',
    });
    expect(await accountOf({ libraryId: library, subscriptionId: sql`${paid}` })).toEqual({
      price: '2000.00',
      paid: '2000.00',
      balance: '0.00',
    });
    expect(await accountOf({ libraryId: library, subscriptionId: sql`${otherPlan}` })).toEqual({
      price: '700.00',
      paid: '0',
      balance: '700.00',
    });
  });

  it("sums every subscription of a student, and nothing of another student's", async () => {
    const { libraryId, studentId, otherId } = await setup();
    expect(await accountOf({ libraryId: sql`${libraryId}`, studentId: sql`${studentId}` })).toMatchObject({
      balance: '2500.50',
    });
    expect(await accountOf({ libraryId: sql`${libraryId}`, studentId: sql`${otherId}` })).toMatchObject({
      balance: '700.00',
    });
  });

  it("counts only the given library's rows", async () => {
    const { owing, studentId } = await setup();
    const { libraryId: elsewhere } = await libraryWithArea(t);
    expect(await accountOf({ libraryId: sql`${elsewhere}`, subscriptionId: sql`${owing}` })).toEqual({
      price: '0',
      paid: '0',
      balance: '0',
    });
    expect(await accountOf({ libraryId: sql`${elsewhere}`, studentId: sql`${studentId}` })).toMatchObject({
      balance: '0',
    });
  });

  it('reads the outer row given by its alias, even an alias the rule could have used inside (c, f)', async () => {
    const { libraryId, owing, paid } = await setup();
    // One row per charge: each names its subscription as `c.*`, which must stay the outer charge.
    const result = await t.app.db.execute<{ subscription_id: string; balance: string }>(sql`
      select c.subscription_id, ${balanceSql({ libraryId: sql`c.library_id`, subscriptionId: sql`c.subscription_id` })}::text as balance
      from subscription_charges c where c.library_id = ${libraryId} and c.subscription_id in (${owing}, ${paid})
      order by c.subscription_id, c.created_at`);
    const expected = { [owing]: '2500.50', [paid]: '0.00' };
    expect(result.rows).toHaveLength(3);
    for (const row of result.rows) expect(row.balance).toBe(expected[row.subscription_id]);
    const fees = await t.app.db.execute<{ balance: string }>(sql`
      select distinct ${balanceSql({ libraryId: sql`f.library_id`, studentId: sql`f.student_id` })}::text as balance
      from fees f where f.library_id = ${libraryId} and f.subscription_id = ${owing}`);
    expect(fees.rows).toEqual([{ balance: '2500.50' }]);
  });
});
