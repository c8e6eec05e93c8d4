import { describe, expect, it } from 'vitest';
import { DASHBOARD_PERIODS } from '@app/shared';
import { insertStudent } from '../../test/factories';
import { registerLibrary, useTestApp } from '../../test/helpers';
import { dashboardFigures } from './dashboard.repository';
import { referenceFigures } from './dashboard.reference';
import { bucketOf } from './dashboard.service';

/**
 * Issue 18: the dashboard's fast path (migration 0019's fee totals and plan changes, migration
 * 0017's student counter) against a straightforward recomputation over the same rows
 * (dashboard.reference.ts: every fee and plan read), on random libraries written the ways the
 * app writes them: bulk and single inserts, voids, refunds, edits of a fee's mode, amount and
 * date, students leaving and returning, plans starting, ending, extended and deleted, a rolled
 * back transaction, and a change of the library's time zone. Fees are put on the periods'
 * first instants and a millisecond either side, on the library's midnights, and near now.
 */
const t = useTestApp();

/** A small seeded generator (mulberry32), so a failure names the seed that shows it. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const some = <T>(items: readonly T[], share: number): T[] => items.filter(() => next() < share);
  return { next, int, pick, some };
}

type Random = ReturnType<typeof generator>;

const MODES = ['Cash', 'UPI', 'Card', 'Bank Transfer', 'Cheque'] as const;
const DURATIONS = [1, 3, 6, 12] as const;

async function figuresBothWays(libraryId: string) {
  const db = t.app.db;
  return db.transaction(
    async (tx) => {
      const answers = [];
      for (const period of DASHBOARD_PERIODS) {
        const bucket = bucketOf(period);
        answers.push({
          period,
          fast: await dashboardFigures(tx, libraryId, period, bucket),
          firstDayFromFees: await dashboardFigures(tx, libraryId, period, bucket, { firstDayFromFees: true }),
          reference: await referenceFigures(tx, libraryId, period, bucket),
        });
      }
      return answers;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function expectSameFigures(libraryId: string, label: string) {
  for (const answer of await figuresBothWays(libraryId)) {
    expect(answer.fast, `${label}, ${answer.period}`).toEqual(answer.reference);
    expect(answer.firstDayFromFees, `${label}, ${answer.period}, first day from fees`).toEqual(answer.reference);
  }
  // As the app runs it: on the pool, a prepared statement outside any transaction (its own
  // snapshot and now(), so not the rolling 24 hours, whose edge moves between the two calls).
  for (const period of DASHBOARD_PERIODS.filter((name) => name !== '24_hour')) {
    const bucket = bucketOf(period);
    const fast = await dashboardFigures(t.app.db, libraryId, period, bucket);
    expect(fast, `${label}, ${period}, prepared`).toEqual(await referenceFigures(t.app.db, libraryId, period, bucket));
  }
}

/** The totals table is exactly the counted fees grouped by local day and month, none empty. */
async function expectTotalsMatchFees(libraryId: string, label: string) {
  const result = await t.pool.query<{ differences: number }>(
    `with recomputed as (
       select u.unit, case u.unit when 'day' then f.day else date_trunc('month', f.day)::date end as day,
              f.mode, f.duration, f.is_reserved, sum(f.amount) as amount,
              count(*) filter (where f.kind <> 'adjustment')::int as transactions,
              count(*) filter (where f.kind in ('new', 'renewal'))::int as sales, count(*)::int as fees
       from (select (fee.created_at at time zone l.time_zone)::date as day, fee.*
               from fees fee join libraries l on l.id = fee.library_id
              where fee.library_id = $1 and fee.voided_at is null) f
       cross join (values ('day'), ('month')) u(unit)
       group by 1, 2, 3, 4, 5),
     kept as (
       -- A group's figures are the sum of its writers' slots (migration 0026); a group summing to nothing is none.
       select unit, day, mode, duration, is_reserved, sum(amount) as amount, sum(transactions)::int as transactions,
              sum(sales)::int as sales, sum(fees)::int as fees
       from dashboard_fee_totals where library_id = $1
       group by 1, 2, 3, 4, 5
       having sum(amount) <> 0 or sum(transactions) <> 0 or sum(sales) <> 0 or sum(fees) <> 0)
     select count(*)::int as differences from ((select * from recomputed except select * from kept)
                                              union all (select * from kept except select * from recomputed)) d`,
    [libraryId],
  );
  expect(result.rows[0]!.differences, label).toBe(0);
}

/** Students on a plan of each length, and members on any plan, on days around today, both ways. */
async function expectPlanCountsMatch(libraryId: string, label: string) {
  const result = await t.pool.query<{ day: string; members: boolean; duration: number; kept: number; counted: number }>(
    `with days as (
       select (now() at time zone l.time_zone)::date + offset_days as day
       from libraries l, generate_series(-40, 400, 7) offset_days where l.id = $1
       union select (now() at time zone l.time_zone)::date + o from libraries l, generate_series(-2, 2) o where l.id = $1),
     keys as (select distinct members, duration from
              (select false as members, duration_months as duration from subscriptions where library_id = $1
               union select true, 0) k)
     select d.day::text, k.members, k.duration,
            coalesce((select -sum(delta) from dashboard_plan_changes c
                       where c.library_id = $1 and c.members = k.members and c.duration = k.duration and c.day > d.day), 0)::int as kept,
            (select count(distinct s.student_id) from subscriptions s join students st on st.id = s.student_id
              where s.library_id = $1 and s.joining_date <= d.day and s.plan_expires_at >= d.day
                and (case when k.members then st.status = 'active' else s.duration_months = k.duration end))::int as counted
     from days d cross join keys k`,
    [libraryId],
  );
  const wrong = result.rows.filter((row) => row.kept !== row.counted);
  expect(wrong, label).toEqual([]);
}

/** Rows the dashboard's tables hold for a library that hold nothing are deleted: none with 0. */
async function expectNoEmptyRows(libraryId: string) {
  const result = await t.pool.query<{ empty: number }>(
    `select (select count(*) from dashboard_fee_totals
              where library_id = $1 and fees = 0 and amount = 0 and transactions = 0 and sales = 0)
          + (select count(*) from dashboard_plan_changes where library_id = $1 and delta = 0) as empty`,
    [libraryId],
  );
  expect(Number(result.rows[0]!.empty)).toBe(0);
}

async function libraryToday(libraryId: string): Promise<string> {
  const result = await t.pool.query<{ today: string }>(
    `select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as today from libraries where id = $1`,
    [libraryId],
  );
  return result.rows[0]!.today;
}

/** An instant near one of the dashboard's boundaries, or anywhere in the last 14 months. */
function feeInstant(random: Random): string {
  const nudge = random.pick(['0', '-1 millisecond', '1 millisecond', '-1 second', '1 second', '-30 minutes']);
  const midnight = (days: string) =>
    `((date_trunc('day', now() at time zone l.time_zone) - ${days}) at time zone l.time_zone) + interval '${nudge}'`;
  switch (random.int(0, 5)) {
    case 0:
      // The first instant of a period (or a day inside one), a millisecond or a second either side.
      return midnight(
        `interval '${random.pick(['1 month', '3 months', '6 months', '9 months', '1 year', '7 days'])}' + interval '1 day'`,
      );
    case 1:
      return midnight(`interval '${random.int(-1, 40)} days'`);
    case 2:
      return `now() - interval '24 hours' + interval '${random.pick(['-3 minutes', '3 minutes', '-2 hours', '2 hours'])}'`;
    case 3:
      return `now() - interval '${random.int(1, 1_400)} minutes'`;
    default:
      return `now() - interval '${random.int(0, 420 * 24 * 60)} minutes'`;
  }
}

async function insertFees(
  libraryId: string,
  random: Random,
  plans: { id: string; studentId: string; duration: number }[],
  count: number,
) {
  const rows = Array.from({ length: count }, () => {
    const plan = random.pick(plans);
    return {
      plan,
      at: feeInstant(random),
      amount: (random.int(0, 600_000) / 100).toFixed(2),
      mode: random.pick(MODES),
      kind: random.pick(['new', 'renewal', 'balance'] as const),
      reserved: random.next() < 0.3,
    };
  });
  // Half in one statement (a bulk insert), half one at a time.
  const half = Math.floor(rows.length / 2);
  const values = (row: (typeof rows)[number], index: number) =>
    `($1, '${row.plan.id}', '${row.plan.studentId}', ${row.amount}, ${row.plan.duration}, '${row.mode}', '${row.kind}', ${row.reserved},
      (select ${row.at} from libraries l where l.id = $1), now() + interval '${index} microseconds')`;
  const columns = `(library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved, created_at, updated_at)`;
  if (half > 0) {
    await t.pool.query(`insert into fees ${columns} values ${rows.slice(0, half).map(values).join(', ')}`, [libraryId]);
  }
  for (const [index, row] of rows.slice(half).entries()) {
    await t.pool.query(`insert into fees ${columns} values ${values(row, index)}`, [libraryId]);
  }
}

async function insertPlans(libraryId: string, random: Random, students: string[], count: number) {
  const today = await libraryToday(libraryId);
  const plans: { id: string; studentId: string; duration: number }[] = [];
  for (let index = 0; index < count; index += 1) {
    const studentId = random.pick(students);
    const duration = random.pick(DURATIONS);
    // Starting or ending today, yesterday or tomorrow, or anywhere in the last year and the next.
    const [joining, length] = random.pick([
      [0, random.int(0, 90)],
      [-random.int(1, 60), random.int(0, 60)],
      [1, random.int(0, 30)],
      [-random.int(0, 40), 0],
      [-30, 30],
      [-31, 30],
      [-random.int(0, 400), random.int(0, 400)],
    ] as const);
    const result = await t.pool.query<{ id: string }>(
      `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
       values ($1, $2, false, '06:00', '14:00', $3::date + $4::int, $3::date + $4::int + $5::int, $6) returning id`,
      [libraryId, studentId, today, joining, length, duration],
    );
    plans.push({ id: result.rows[0]!.id, studentId, duration });
  }
  return plans;
}

async function scenario(seed: number, zone: string, nextZone: string) {
  const random = generator(seed);
  const label = `seed ${seed}, ${zone}`;
  const library = await registerLibrary(t.app);
  const libraryId = library.session.library.id;
  await t.pool.query(`update libraries set time_zone = $2 where id = $1`, [libraryId, zone]);
  const students: string[] = [];
  for (let index = 0; index < 24; index += 1) students.push((await insertStudent(t.pool, libraryId)).id);

  const plans = await insertPlans(libraryId, random, students, 40);
  // Several plans at once, one per student, overlapping the ones above (a bulk insert).
  await t.pool.query(
    `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
     select $1, s.id, false, '06:00', '14:00', (now() at time zone l.time_zone)::date - (n % 50)::int, (now() at time zone l.time_zone)::date + (n % 37)::int, 1 + (n % 2)::int * 2
     from unnest($2::uuid[]) with ordinality s(id, n) join libraries l on l.id = $1`,
    [libraryId, random.some(students, 0.5)],
  );
  await insertFees(libraryId, random, plans, 120);
  await expectSameFigures(libraryId, `${label}, after the inserts`);
  await expectTotalsMatchFees(libraryId, label);
  await expectPlanCountsMatch(libraryId, label);

  // Voids (one statement), refunds of counted payments, and edits of a fee's mode, amount and date.
  const counted = (
    await t.pool.query<{ id: string; created_at: Date; amount: string; student_id: string; subscription_id: string }>(
      `select id, created_at, amount, student_id, subscription_id from fees
        where library_id = $1 and voided_at is null and kind <> 'adjustment' order by created_at, id`,
      [libraryId],
    )
  ).rows;
  const voided = random.some(counted, 0.1);
  await t.pool.query(`update fees set voided_at = now(), void_reason = 'Recorded twice' where id = any($1::uuid[])`, [
    voided.map((fee) => fee.id),
  ]);
  const kept = counted.filter((fee) => !voided.includes(fee));
  for (const fee of random.some(kept, 0.1)) {
    await t.pool.query(
      `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved, adjusts_id, reason, created_at, updated_at)
       select library_id, subscription_id, student_id, -least(amount, $2::numeric), duration, mode, 'adjustment', is_reserved, id, 'Refund',
              created_at + make_interval(hours => $3), now()
       from fees where id = $1`,
      [fee.id, (random.int(1, 50_000) / 100).toFixed(2), random.int(0, 40)],
    );
  }
  await t.pool.query(`update fees set mode = $2 where id = any($1::uuid[])`, [
    random.some(kept, 0.1).map((fee) => fee.id),
    random.pick(MODES),
  ]);
  for (const fee of random.some(kept, 0.05)) {
    await t.pool.query(
      `update fees set amount = amount + 1.5, created_at = created_at - make_interval(hours => $2), updated_at = now() where id = $1`,
      [fee.id, random.int(1, 30)],
    );
  }
  // An edit that changes no figure (the totals are left alone), and a void undone.
  await t.pool.query(`update fees set updated_at = now() where library_id = $1`, [libraryId]);
  if (voided[0]) {
    await t.pool.query(`update fees set voided_at = null, void_reason = null where id = $1`, [voided[0].id]);
  }

  // Students leave (in one statement) and some come back; plans extended, shortened and deleted.
  const leaving = random.some(students, 0.3);
  await t.pool.query(`update students set status = 'left', left_at = now() where id = any($1::uuid[])`, [leaving]);
  await t.pool.query(`update students set status = 'active', left_at = null where id = any($1::uuid[])`, [
    random.some(leaving, 0.4),
  ]);
  await t.pool.query(
    `update subscriptions set plan_expires_at = plan_expires_at + $2::int where id = any($1::uuid[])`,
    [random.some(plans, 0.2).map((plan) => plan.id), random.int(1, 40)],
  );
  await t.pool.query(
    `update subscriptions set plan_expires_at = greatest(joining_date, plan_expires_at - 20), duration_months = 3
      where id = any($1::uuid[])`,
    [random.some(plans, 0.1).map((plan) => plan.id)],
  );
  await t.pool.query(
    `delete from subscriptions s where s.library_id = $1 and not exists (select 1 from fees f where f.subscription_id = s.id)
        and s.id = any($2::uuid[])`,
    [libraryId, random.some(plans, 0.5).map((plan) => plan.id)],
  );

  // A transaction rolled back leaves nothing behind.
  const client = await t.pool.connect();
  try {
    await client.query('begin');
    await client.query(`update fees set voided_at = now(), void_reason = 'x' where library_id = $1`, [libraryId]);
    await client.query(`update students set status = 'left', left_at = now() where library_id = $1`, [libraryId]);
    await client.query('rollback');
  } finally {
    client.release();
  }

  await expectSameFigures(libraryId, `${label}, after voids, refunds, edits and leavers`);
  await expectTotalsMatchFees(libraryId, `${label}, after voids, refunds, edits and leavers`);
  await expectPlanCountsMatch(libraryId, `${label}, after voids, refunds, edits and leavers`);
  await expectNoEmptyRows(libraryId);

  // The library moves to another time zone (Settings): its totals are rebuilt with its new days.
  await t.pool.query(`update libraries set time_zone = $2 where id = $1`, [libraryId, nextZone]);
  const remaining = (
    await t.pool.query<{ id: string; student_id: string; duration: number }>(
      `select id, student_id, duration_months as duration from subscriptions where library_id = $1`,
      [libraryId],
    )
  ).rows.map((row) => ({ id: row.id, studentId: row.student_id, duration: row.duration }));
  await insertFees(libraryId, random, remaining, 20);
  await expectSameFigures(libraryId, `seed ${seed}, moved to ${nextZone}`);
  await expectTotalsMatchFees(libraryId, `seed ${seed}, moved to ${nextZone}`);
  await expectNoEmptyRows(libraryId);
}

describe('dashboard figures from the kept totals (issue 18)', () => {
  // East and west of UTC, half- and quarter-hour offsets, and zones with clock changes.
  it.each([
    [1801, 'Asia/Kolkata', 'America/Los_Angeles'],
    [1802, 'America/Los_Angeles', 'Pacific/Auckland'],
    [1803, 'Pacific/Auckland', 'Asia/Kathmandu'],
    [1804, 'Asia/Kathmandu', 'America/Havana'],
    [1805, 'America/Havana', 'UTC'],
    [1806, 'Pacific/Kiritimati', 'Pacific/Pago_Pago'],
  ])('gives the same figures as a recomputation (seed %i, %s, then %s)', async (seed, zone, nextZone) => {
    await scenario(seed, zone, nextZone);
  });

  it('stays exact under concurrent payments, voids, rollbacks and a time-zone change', async () => {
    const random = generator(1807);
    const library = await registerLibrary(t.app);
    const libraryId = library.session.library.id;
    const students: string[] = [];
    for (let index = 0; index < 6; index += 1) students.push((await insertStudent(t.pool, libraryId)).id);
    const plans = await insertPlans(libraryId, random, students, 8);
    // Eight connections at once, each a few transactions: payments (some rolled back), voids
    // of its own payments, and, on one of them, the library's move to another time zone.
    const worker = async (index: number) => {
      const client = await t.pool.connect();
      try {
        for (let round = 0; round < 4; round += 1) {
          await client.query('begin');
          const plan = plans[(index + round) % plans.length]!;
          const inserted = await client.query<{ id: string }>(
            `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved, created_at, updated_at)
             select $1, $2, $3, 100 + g, $4, (array['Cash', 'UPI'])[1 + g % 2], 'renewal', false,
                    now() - make_interval(hours => g * 7), now()
             from generate_series(1, 5) g returning id`,
            [libraryId, plan.id, plan.studentId, plan.duration],
          );
          await client.query(`update fees set voided_at = now(), void_reason = 'x' where id = $1`, [
            inserted.rows[0]!.id,
          ]);
          if (index === 3 && round === 1) {
            await client.query(`update libraries set time_zone = 'America/New_York' where id = $1`, [libraryId]);
          }
          await client.query(round === 2 ? 'rollback' : 'commit');
        }
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, index) => worker(index)));
    await expectTotalsMatchFees(libraryId, 'after concurrent writers');
    await expectSameFigures(libraryId, 'after concurrent writers');
    await expectNoEmptyRows(libraryId);
  });

  it("lets two transactions write one library's fees and two students' plans without waiting, and one student's in turn", async () => {
    const library = await registerLibrary(t.app);
    const libraryId = library.session.library.id;
    const students: string[] = [];
    for (let index = 0; index < 3; index += 1) students.push((await insertStudent(t.pool, libraryId)).id);
    // Two students whose plan writes take different locks (migration 0026: 1,024 keys by library and student).
    const keys = await t.pool.query<{ id: string; key: number }>(
      `select s as id, hashtext($1::text || s::text) & 1023 as key from unnest($2::uuid[]) s`,
      [libraryId, students],
    );
    const first = keys.rows[0]!;
    const second = keys.rows.find((row) => row.key !== first.key)!;
    // A plan each: payments of one plan take turns on its balance (migration 0021), as they should.
    const [firstPlan] = await insertPlans(libraryId, generator(11), [first.id], 1);
    const [secondPlan] = await insertPlans(libraryId, generator(12), [second.id], 1);
    // Two connections whose backends write to different slots (process ids apart modulo 64).
    const clients = [await t.pool.connect()];
    const spare = [];
    const slotOf = async (client: (typeof clients)[number]) =>
      (await client.query<{ slot: number }>('select dashboard_slot() as slot')).rows[0]!.slot;
    const firstSlot = await slotOf(clients[0]!);
    while (clients.length < 2) {
      const client = await t.pool.connect();
      if ((await slotOf(client)) === firstSlot) spare.push(client);
      else clients.push(client);
    }
    for (const client of spare) client.release();
    const [a, b] = clients as [(typeof clients)[number], (typeof clients)[number]];
    const fee = `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved)
                 values ($1, $2, $3, 800, 1, 'Cash', 'new', false)`;
    const newPlan = `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
                     select $1, $2, false, '10:00', '13:00', (now() at time zone l.time_zone)::date,
                            (now() at time zone l.time_zone)::date + 29, 1 from libraries l where l.id = $1`;
    try {
      await a.query('begin');
      await a.query(fee, [libraryId, firstPlan!.id, first.id]);
      await a.query(newPlan, [libraryId, first.id]);
      // While the first transaction is open: the same day, mode and plan's fee, and another student's plan.
      await b.query(`set lock_timeout = '5s'`);
      await b.query('begin');
      await b.query(fee, [libraryId, secondPlan!.id, second.id]);
      await b.query(newPlan, [libraryId, second.id]);
      await b.query('commit');
      // The same student's plan waits for the first transaction (the lock gives up here instead).
      await b.query('begin');
      const refused = await b.query(newPlan, [libraryId, first.id]).then(
        () => undefined,
        (error: { code?: string }) => error.code,
      );
      expect(refused).toBe('55P03');
      await b.query('rollback');
      await a.query('commit');
    } finally {
      for (const client of [a, b]) await client.query('rollback').catch(() => undefined);
      await b.query('reset lock_timeout');
      a.release();
      b.release();
    }
    await expectTotalsMatchFees(libraryId, 'after two writers at once');
    await expectPlanCountsMatch(libraryId, 'after two writers at once');
    await expectSameFigures(libraryId, 'after two writers at once');
    await expectNoEmptyRows(libraryId);
  });

  it('keeps no totals for a library that is deleted', async () => {
    const library = await registerLibrary(t.app);
    const libraryId = library.session.library.id;
    const student = await insertStudent(t.pool, libraryId);
    const [plan] = await insertPlans(libraryId, generator(7), [student.id], 1);
    await insertFees(libraryId, generator(7), [plan!], 4);
    const before = await t.pool.query<{ rows: number }>(
      `select (select count(*) from dashboard_fee_totals where library_id = $1)
            + (select count(*) from dashboard_plan_changes where library_id = $1) as rows`,
      [libraryId],
    );
    expect(Number(before.rows[0]!.rows)).toBeGreaterThan(0);
    await t.pool.query(`delete from libraries where id = $1`, [libraryId]);
    const after = await t.pool.query<{ rows: number }>(
      `select (select count(*) from dashboard_fee_totals where library_id = $1)
            + (select count(*) from dashboard_plan_changes where library_id = $1) as rows`,
      [libraryId],
    );
    expect(Number(after.rows[0]!.rows)).toBe(0);
  });
});
